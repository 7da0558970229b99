"""A warm standings read is sent as ready bytes: encoded (gzip, brotli) once per season
version, tagged once, and answered 304 when the phone has that version already; twenty
readers at once share the version's query instead of one each (issue #42: a phone's view
waited behind twenty readers' compression and queries)."""

from __future__ import annotations

import asyncio
import gzip
from collections.abc import Callable
from typing import Any

import brotli
import pytest
from fastapi.testclient import TestClient

from server.db import Session, season_repo
from server.runtime import Runtime
from server.services import season_reads
from server.views.season import standings_json
from tests.server.services.test_season_names import new_season, stored_night
from tests.server.support.builders import bearer
from tests.server.support.databases import SQLITE_ONLY


def _season_with_standings(client: TestClient) -> tuple[dict[str, Any], str]:
    season = new_season(client)
    # Enough players for a reply over the compression threshold (1 KiB).
    stored_night(client, season["season_id"],
                 *[([f"Player {i:02d}a", f"Player {i:02d}b"], f"Player {i:02d}a")
                   for i in range(20)])
    return season, f"/api/seasons/{season['season_id']}/standings"


def _count_compressions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []

    def counted(name: str, real: Callable[..., bytes]) -> Callable[..., bytes]:
        def compress(*args: Any, **kwargs: Any) -> bytes:
            calls.append(name)
            return real(*args, **kwargs)
        return compress

    monkeypatch.setattr(gzip, "compress", counted("gzip", gzip.compress))
    monkeypatch.setattr(brotli, "compress", counted("br", brotli.compress))
    return calls


@pytest.mark.parametrize("coding", ["gzip", "br"])
def test_a_warm_read_is_sent_encoded_without_encoding_it_again(
        client: TestClient, monkeypatch: pytest.MonkeyPatch, coding: str) -> None:
    _, url = _season_with_standings(client)
    headers = {"Accept-Encoding": coding}
    first = client.get(url, headers=headers)
    assert first.status_code == 200 and first.headers["content-encoding"] == coding
    calls = _count_compressions(monkeypatch)
    again = [client.get(url, headers=headers) for _ in range(3)]
    assert calls == []
    for reply in again:
        assert reply.headers["content-encoding"] == coding
        assert "accept-encoding" in reply.headers["vary"].lower()
        assert reply.json() == first.json()
        assert reply.headers["etag"] == first.headers["etag"]


def test_a_client_that_accepts_no_coding_gets_the_plain_json(client: TestClient) -> None:
    _, url = _season_with_standings(client)
    encoded = client.get(url, headers={"Accept-Encoding": "gzip"})
    plain = client.get(url, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.json() == encoded.json()
    assert plain.headers["etag"] == encoded.headers["etag"]


def test_a_phone_with_this_version_gets_304_and_a_new_version_is_sent(
        client: TestClient) -> None:
    season, url = _season_with_standings(client)
    first = client.get(url)
    tag = first.headers["etag"]
    same = client.get(url, headers={"If-None-Match": tag})
    assert same.status_code == 304 and same.content == b""
    assert same.headers["etag"] == tag
    renamed = client.post(f"/api/seasons/{season['season_id']}/players/rename",
                          headers=bearer(season["host_token"]),
                          json={"name": "Player 00a", "to": "Zed"})
    assert renamed.status_code == 200, renamed.text
    changed = client.get(url, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["etag"] != tag
    assert "Zed" in {line["name"] for line in changed.json()["standings"]}


def test_the_csv_is_tagged_apart_from_the_json(client: TestClient) -> None:
    _, url = _season_with_standings(client)
    as_json = client.get(url)
    as_csv = client.get(url, params={"format": "csv"})
    assert as_csv.headers["content-type"].startswith("text/csv")
    assert "attachment" in as_csv.headers["content-disposition"]
    assert as_csv.headers["etag"] != as_json.headers["etag"]
    assert client.get(url, params={"format": "csv"},
                      headers={"If-None-Match": as_json.headers["etag"]}).status_code == 200


@SQLITE_ONLY
def test_twenty_readers_at_once_share_the_versions_query(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    season, url = _season_with_standings(client)
    assert client.get(url).status_code == 200  # cached
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    queries = _count_version_queries(monkeypatch)

    async def twenty() -> list[season_reads.StandingsReply | None]:
        return list(await asyncio.gather(*(season_reads.standings_reply(
            rt, season["season_id"], "json", standings_json) for _ in range(20))))

    replies = client.portal.call(twenty)  # type: ignore[union-attr]
    assert len(queries) <= 2
    assert all(reply is replies[0] is not None for reply in replies)


def _count_version_queries(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    queries: list[str] = []
    version = season_repo.season_version

    def counted(session: Session, season_id: str) -> tuple[int, ...] | None:
        queries.append(season_id)
        return version(session, season_id)

    monkeypatch.setattr(season_repo, "season_version", counted)
    return queries


@SQLITE_ONLY
def test_a_reader_of_a_version_known_since_the_last_commit_asks_the_database_nothing(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    season, url = _season_with_standings(client)
    first = client.get(url)
    assert first.status_code == 200  # cached, and its version known
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    queries = _count_version_queries(monkeypatch)

    async def twenty() -> list[season_reads.StandingsReply | None]:
        return list(await asyncio.gather(*(season_reads.standings_reply(
            rt, season["season_id"], "json", standings_json) for _ in range(20))))

    replies = client.portal.call(twenty)  # type: ignore[union-attr]
    assert queries == []
    assert all(reply is replies[0] is not None for reply in replies)
    assert client.get(url, headers={"If-None-Match": first.headers["etag"]}).status_code == 304
    assert queries == []


@SQLITE_ONLY
def test_any_commit_makes_the_next_reader_ask_and_see_it(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    season, url = _season_with_standings(client)
    before = client.get(url)
    assert before.status_code == 200
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    queries = _count_version_queries(monkeypatch)
    with rt.session() as session:  # not through the writer: any commit counts
        season_repo.bump_version(session, season["season_id"])
        session.commit()
    assert client.get(url).status_code == 200
    assert queries[:1] == [season["season_id"]]  # then the book's own, at the new version
    renamed = client.post(f"/api/seasons/{season['season_id']}/players/rename",
                          headers=bearer(season["host_token"]),
                          json={"name": "Player 00a", "to": "Zed"})
    assert renamed.status_code == 200, renamed.text
    after = client.get(url, headers={"If-None-Match": before.headers["etag"]})
    assert after.status_code == 200
    assert "Zed" in [line["name"] for line in after.json()["standings"]]


@SQLITE_ONLY
def test_among_several_processes_every_reader_asks_the_database(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    season, url = _season_with_standings(client)
    assert client.get(url).status_code == 200
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    monkeypatch.setattr(rt.mode, "sole_writer", False)  # another process may have written
    queries = _count_version_queries(monkeypatch)
    assert client.get(url).status_code == 200
    assert client.get(url).status_code == 200
    assert queries == [season["season_id"]] * 2
