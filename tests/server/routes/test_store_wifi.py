"""`/api/laptop/wifi`: the store's Wi-Fi is set and read from the laptop only; the store's
screen shows it as a QR code while players join, and no phone's view carries it."""

from __future__ import annotations

import base64
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from fastapi.testclient import TestClient

from server.core.settings import Settings
from tests.server.routes.test_screen import screen, token_of
from tests.server.support.builders import bearer
from tests.server.support.databases import SQLITE_ONLY

PASSWORD = "s3cret;pass"


def night_in_lobby(client: TestClient) -> tuple[dict[str, Any], str]:
    """A night open for joining with one player; its host view and that player's token."""
    night = client.post("/api/events", json={"set": "CMR"}).json()
    joined = client.post(f"/api/events/{night['event_id']}/players", json={"name": "Ann"})
    host = client.get(f"/api/events/{night['event_id']}/host",
                      headers=bearer(night["host_token"])).json()
    return {**night, **host}, str(joined.json()["player_token"])


def test_the_laptop_sets_the_wifi_and_the_tv_shows_it_as_a_qr_code_while_players_join(
    client: TestClient,
) -> None:
    night, player = night_in_lobby(client)
    token = token_of(night["screen_url"])
    assert screen(client, token).json()["join"]["wifi"] is None
    saved = client.put("/api/laptop/wifi", json={"name": "Games Store", "password": PASSWORD})
    assert saved.json() == {"name": "Games Store", "password": PASSWORD}
    assert client.get("/api/laptop/wifi").json() == saved.json()
    wifi = screen(client, token).json()["join"]["wifi"]
    assert wifi["name"] == "Games Store" and wifi["qr"].startswith("data:image/svg+xml;base64,")
    assert PASSWORD not in str(screen(client, token).text), "in the code only, not as text"
    assert base64.b64decode(wifi["qr"].split(",", 1)[1]).startswith(b"<svg")
    for seen in (client.get(f"/api/events/{night['event_id']}"),
                 client.get(f"/api/events/{night['event_id']}/me", headers=bearer(player)),
                 client.get(f"/api/events/{night['event_id']}/host",
                            headers=bearer(night["host_token"]))):
        assert seen.status_code == 200
        assert PASSWORD not in seen.text and "Games Store" not in seen.text
    assert client.delete("/api/laptop/wifi").json() == {"name": None, "password": None}
    assert screen(client, token).json()["join"]["wifi"] is None


def test_a_wifi_no_network_can_have_is_refused_and_the_saved_one_is_kept(
    client: TestClient,
) -> None:
    client.put("/api/laptop/wifi", json={"name": "Store", "password": "password1"})
    for body in ({"name": "", "password": "password1"}, {"name": "Store", "password": "short"}):
        refused = client.put("/api/laptop/wifi", json=body, headers={"Accept-Language": "ru"})
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "bad_wifi"
    assert client.get("/api/laptop/wifi").json() == {"name": "Store", "password": "password1"}


@SQLITE_ONLY
def test_a_phone_on_the_wifi_can_neither_read_nor_change_it(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    with app_client(make_settings(rate_limit_exempt="127.0.0.1")) as phone:
        for method, body in (("GET", None), ("PUT", {"name": "Evil", "password": "password1"}),
                             ("DELETE", None)):
            reply = phone.request(method, "/api/laptop/wifi", json=body)
            assert reply.status_code == 403 and reply.json()["error"]["code"] == "laptop_only"
