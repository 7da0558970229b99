"""A night's lobby has the pod's defences (issue #42, item 6): before the pods are formed
its host removes a player, locks the night (409 to every new phone) and may ask for a join
code; all stored, so a restart keeps them."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from fastapi.testclient import TestClient

from server.core.settings import Settings
from tests.server.services.test_events import form, open_night
from tests.server.support.builders import bearer
from tests.server.support.databases import SQLITE_ONLY
from tests.server.support.peers import strict_peers  # noqa: F401 (the `strict` fixture)


def _lobby(client: Any, night: dict[str, Any], **body: Any) -> Any:
    return client.post(f"/api/events/{night['event_id']}/lobby",
                       headers=bearer(night["host_token"]), json=body)


def _join(client: Any, night: dict[str, Any], name: str, code: str | None = None) -> Any:
    body = {"name": name} if code is None else {"name": name, "code": code}
    return client.post(f"/api/events/{night['event_id']}/players", json=body)


def test_a_stranger_cannot_fill_a_locked_night_and_a_removed_one_is_out(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        night, tokens = open_night(client, 2)
        stranger = _join(client, night, "Fake 1").json()
        host = bearer(night["host_token"])
        removed = client.delete(f"/api/events/{night['event_id']}/players/"
                                f"{stranger['player_id']}", headers=host)
        assert removed.status_code == 200, removed.text
        assert [p["name"] for p in removed.json()["players"]] == ["Player 1", "Player 2"]
        me = client.get(f"/api/events/{night['event_id']}/me",
                        headers=bearer(stranger["player_token"]))
        assert me.status_code == 401, "a removed player's token is no one's"
        locked = _lobby(client, night, locked=True)
        assert locked.status_code == 200 and locked.json()["lobby"]["locked"] is True
        refused = _join(client, night, "Fake 2")
        assert (refused.status_code, refused.json()["error"]["code"]) == (409, "night_locked")
        assert client.get(f"/api/events/{night['event_id']}").json()["locked"] is True
    with app_client(settings) as client:  # the lock survives a restart
        again = _join(client, night, "Fake 3")
        assert (again.status_code, again.json()["error"]["code"]) == (409, "night_locked")
        assert _lobby(client, night, locked=False).status_code == 200
        assert _join(client, night, "Real phone").status_code == 201
        assert form(client, night).status_code == 200
        late = client.delete(f"/api/events/{night['event_id']}/players/x",
                             headers=bearer(night["host_token"]))
        assert late.status_code == 409
        assert _lobby(client, night, locked=True).status_code == 409
        assert client.get(f"/api/events/{night['event_id']}/me",
                          headers=bearer(tokens["Player 1"])).json()["pod_id"]


def test_a_night_asks_every_phone_for_the_join_code_its_host_shows(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        night, _tokens = open_night(client, 1)
        code = _lobby(client, night, join_code=True).json()["lobby"]["join_code"]
        assert code.isdigit() and len(code) == 4
        public = client.get(f"/api/events/{night['event_id']}").json()
        assert public["code_required"] is True and code not in str(public)
        wrong = "0000" if code != "0000" else "1111"
        for typed in (None, wrong, ""):
            refused = _join(client, night, "Ann", typed)
            assert (refused.status_code, refused.json()["error"]["code"]) == (
                403, "bad_join_code"), typed
        assert _join(client, night, "Ann", code).status_code == 201
    with app_client(settings) as client:  # the code survives a restart
        host = client.get(f"/api/events/{night['event_id']}/host",
                          headers=bearer(night["host_token"])).json()
        assert host["lobby"] == {"locked": False, "join_code": code}
        assert _join(client, night, "Bob").status_code == 403
        assert _lobby(client, night, join_code=False).json()["lobby"]["join_code"] is None
        assert _join(client, night, "Bob").status_code == 201


@SQLITE_ONLY
def test_only_the_nights_host_guards_its_lobby(client: TestClient) -> None:
    night, tokens = open_night(client, 1)
    player = bearer(tokens["Player 1"])
    url = f"/api/events/{night['event_id']}"
    assert client.post(f"{url}/lobby", headers=player, json={"locked": True}).status_code == 403
    assert client.post(f"{url}/lobby", headers=bearer("nope"),
                       json={"locked": True}).status_code == 401
    me = client.get(f"{url}/me", headers=player).json()
    assert client.delete(f"{url}/players/{me['player_id']}", headers=player).status_code == 403
    unknown = client.delete(f"{url}/players/nobody", headers=bearer(night["host_token"]))
    assert (unknown.status_code, unknown.json()["error"]["code"]) == (404, "unknown_player")


@SQLITE_ONLY
def test_a_wrong_night_code_costs_a_join_like_the_pods(strict: Any) -> None:
    laptop = strict("127.0.0.1", rate_limit_exempt="127.0.0.1")
    night = laptop.post("/api/events", json={"set": "CMR"}).json()
    code = _lobby(laptop, night, join_code=True).json()["lobby"]["join_code"]
    guesses = [g for g in (f"{n:04d}" for n in range(7)) if g != code][:6]
    guesser = strict("192.168.1.66")
    codes = [_join(guesser, night, "G", guess).status_code for guess in guesses]
    assert codes[:4] == [403] * 4 and codes[4:] == [429, 429]
