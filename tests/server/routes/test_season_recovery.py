"""Getting back into a season's host page: the recovery code opens it on any device (its
guesses rate-limited like a join code's), and the laptop itself lists every season and
opens its host page without a key."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

from fastapi.testclient import TestClient

from server.core.settings import Settings
from tests.server.routes.test_seasons_api import imported, season_file
from tests.server.support.builders import bearer
from tests.server.support.databases import SQLITE_ONLY

Opener = Callable[[Settings], AbstractContextManager[TestClient]]


def test_the_code_opens_the_host_page_on_another_device(wifi_client: TestClient) -> None:
    season = wifi_client.post("/api/seasons", json={"name": "League"}).json()
    code = season["recovery_code"]
    assert season["recovery_url"].endswith(
        f"/seasons/{season['season_id']}/host#recovery_code={code}")
    assert season["recovery_qr"].startswith("data:image/svg+xml;base64,")
    typed = code.lower().replace("-", " ")
    reply = wifi_client.post(f"/api/seasons/{season['season_id']}/recover", json={"code": typed})
    assert reply.status_code == 200, reply.text
    assert reply.json() == {"season_id": season["season_id"], "host_token": season["host_token"]}
    host = wifi_client.get(f"/api/seasons/{season['season_id']}/host",
                           headers=bearer(reply.json()["host_token"]))
    assert host.json()["name"] == "League"


def test_a_wrong_code_or_another_seasons_code_is_refused(wifi_client: TestClient) -> None:
    season = wifi_client.post("/api/seasons", json={"name": "League"}).json()
    other = wifi_client.post("/api/seasons", json={"name": "Other"}).json()
    url = f"/api/seasons/{season['season_id']}/recover"
    for code in (other["recovery_code"], "not a code", season["host_token"]):
        reply = wifi_client.post(url, json={"code": code})
        assert (reply.status_code, reply.json()["error"]["code"]) == (403, "bad_recovery_code")
    assert wifi_client.post(url, json={"code": "x" * 65}).status_code == 422
    unknown = wifi_client.post("/api/seasons/nope/recover",
                               json={"code": season["recovery_code"]})
    assert (unknown.status_code, unknown.json()["error"]["code"]) == (404, "unknown_season")
    listed = wifi_client.get("/api/laptop/seasons")  # the list is the laptop's alone
    assert (listed.status_code, listed.json()["error"]["code"]) == (403, "laptop_only")


@SQLITE_ONLY
def test_guesses_cost_joins_and_run_out(make_settings: Callable[..., Settings],
                                        app_client: Opener) -> None:
    settings = make_settings(rate_limit_exempt="127.0.0.1", rate_join_burst=3,
                             rate_join_per_minute=0.01)
    with app_client(settings) as phone:
        season = phone.post("/api/seasons", json={"name": "League"}).json()
        url = f"/api/seasons/{season['season_id']}/recover"
        codes = [phone.post(url, json={"code": f"0000-0000-0000-0000-000{n}"}).status_code
                 for n in range(3)]
        assert codes == [403, 403, 403]
        late = phone.post(url, json={"code": season["recovery_code"]})
        assert (late.status_code, late.json()["error"]["code"]) == (429, "rate_limited")


def test_an_imported_season_has_a_recovery_code_of_its_own(client: TestClient) -> None:
    season = imported(client, season_file())
    reply = client.post(f"/api/seasons/{season['season_id']}/recover",
                        json={"code": season["recovery_code"]})
    assert reply.json()["host_token"] == season["host_token"]


def test_the_laptop_lists_every_season_and_opens_its_host_page_without_a_key(
        client: TestClient) -> None:
    first = client.post("/api/seasons", json={"name": "Winter"}).json()
    second = imported(client, season_file())
    listed = client.get("/api/laptop/seasons").json()
    assert {(s["season_id"], s["name"], s["host_path"]) for s in listed} == {
        (first["season_id"], "Winter", f"/seasons/{first['season_id']}/host"),
        (second["season_id"], "Spring", f"/seasons/{second['season_id']}/host")}
    assert first["host_token"] not in str(listed)
    assert client.get(f"/api/seasons/{second['season_id']}/host").json()["name"] == "Spring"
    night = client.post("/api/events", json={"set": "CMR", "season_id": first["season_id"]})
    assert night.status_code == 201, night.text
