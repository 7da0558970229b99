"""A finished pod's part of its season's statistics is stored once computed, so a server
that starts again sums stored parts instead of replaying every draft, and answers the same
figures (SQLite and PostgreSQL). A part stored in another format is computed again."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from bench.season_stats import store_season
from server.core.settings import Settings
from server.db.tables import SeasonStatPodRow
from server.runtime import Runtime
from server.services.season_stats import nights, stored

PAGES = ("cards?format=json", "cards?format=csv", "commanders?format=json")


def runtime(client: TestClient) -> Runtime:
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    return rt


def replayed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The pods whose drafts are replayed from here on."""
    pods: list[str] = []
    draft = nights._pod_draft

    def counted(rt: Runtime, session: Any, row: Any) -> Any:
        pods.append(row.id)
        return draft(rt, session, row)

    monkeypatch.setattr(nights, "_pod_draft", counted)
    return pods


def stored_formats(client: TestClient) -> dict[str, int]:
    with runtime(client).session() as session:
        rows = session.exec(sa.select(SeasonStatPodRow.pod_id,  # type: ignore[call-overload]
                                      SeasonStatPodRow.format)).all()
    return {pod: format for pod, format in rows}


def read_all(client: TestClient, season_id: str) -> dict[str, bytes]:
    replies = {page: client.get(f"/api/seasons/{season_id}/{page}") for page in PAGES}
    assert all(reply.status_code == 200 for reply in replies.values())
    return {page: reply.content for page, reply in replies.items()}


def test_a_restart_sums_the_stored_parts_and_answers_the_same_figures(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        with runtime(client).session() as session:
            season_id = store_season(session, 1, 16, seed=5, season_id="parts")
        before = read_all(client, season_id)
        assert stored_formats(client) == {"partse0p0": stored.FORMAT,
                                          "partse0p1": stored.FORMAT}
    pods = replayed(monkeypatch)
    with app_client(settings) as client:
        client.portal.call(runtime(client).season_warming.settle)  # type: ignore[union-attr]
        assert read_all(client, season_id) == before
    assert pods == []  # no draft replayed: the parts were stored


def test_a_part_stored_in_another_format_is_computed_again_and_rewritten(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        with runtime(client).session() as session:
            season_id = store_season(session, 1, 16, seed=6, season_id="older")
        before = read_all(client, season_id)
        with runtime(client).session() as session:
            session.execute(sa.update(SeasonStatPodRow)
                            .where(SeasonStatPodRow.pod_id == "oldere0p1")  # type: ignore[arg-type]
                            .values(format=stored.FORMAT - 1, body="not this format"))
            session.commit()
    pods = replayed(monkeypatch)
    with app_client(settings) as client:
        client.portal.call(runtime(client).season_warming.settle)  # type: ignore[union-attr]
        assert read_all(client, season_id) == before
        assert stored_formats(client) == {"oldere0p0": stored.FORMAT,
                                          "oldere0p1": stored.FORMAT}
    assert pods == ["oldere0p1"]
