"""DNS rebinding: only the server's own names may reach it, and sockets only from its pages.

A page the host opens on the laptop can point a name it controls at 127.0.0.1; the
browser then sends that name as `Host`, so checking `Host` against the server's names
(loopback, its LAN addresses, `PRISMATIC_PUBLIC_URL`, `allowed_hosts`) stops it. A
WebSocket handshake is not bound by the same-origin policy: its `Origin` is checked too.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from starlette.responses import PlainTextResponse
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from server.app import create_app
from server.core.settings import Settings
from server.edge import lan
from server.edge.hosts import REMEMBERED_NAMES, HostGuard, RefusalLog
from tests.server.support.builders import join, new_pod

EVIL = "rebind.attacker.example"


def test_a_foreign_host_name_is_refused_and_creates_nothing(client: TestClient) -> None:
    response = client.post("/api/pods", json={"seats": 2},
                           headers={"Host": EVIL, "Origin": f"http://{EVIL}"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_host"
    assert client.get("/api/pods").json()["pods"] == []
    for path in ("/", "/healthz", "/api/pods", "/static/js/api.js"):
        assert client.get(path, headers={"Host": f"{EVIL}:8000"}).status_code == 400, path


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.1:8000", "localhost:8000", "[::1]:8000",
                                  "prismatic.test", "LOCALHOST"])
def test_the_servers_own_names_are_served(client: TestClient, host: str) -> None:
    assert client.get("/healthz", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_lan_addresses_and_configured_names_are_served(
    make_settings: Callable[..., Settings], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lan, "interface_addresses", lambda: ["127.0.0.1", "192.168.1.20"])
    settings = make_settings(allowed_hosts="draft.local, Shop-Laptop")
    with TestClient(create_app(settings)) as http:
        for host in ("192.168.1.20:8000", "draft.local", "shop-laptop:8000"):
            assert http.get("/healthz", headers={"Host": host}).status_code == 200, host
        assert http.get("/healthz", headers={"Host": "192.168.1.21"}).status_code == 400


def test_a_post_from_another_origin_is_refused(client: TestClient) -> None:
    response = client.post("/api/pods", json={"seats": 2},
                           headers={"Origin": "http://127.0.0.1:9999"})
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "bad_origin"
    same = client.post("/api/pods", json={"seats": 2}, headers={"Origin": "http://testserver"})
    assert same.status_code == 201


def test_a_socket_from_another_origin_is_refused(client: TestClient) -> None:
    pod = new_pod(client, seats=2)
    seat = join(client, pod, "Ann")
    url = f"/ws/pods/{pod.pod_id}?token={seat.token}"
    for origin in (f"http://{EVIL}", "http://localhost:9999", "null"):
        with pytest.raises(WebSocketDisconnect) as refused, \
                client.websocket_connect(url, headers={"Origin": origin}):
            pass
        assert refused.value.code == 1008, origin
    with client.websocket_connect(url, headers={"Origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "snapshot"
    with pytest.raises(WebSocketDisconnect), \
            client.websocket_connect(url, headers={"Host": EVIL}):
        pass


def test_the_refusal_speaks_the_readers_language(client: TestClient) -> None:
    response = client.get("/healthz", headers={"Host": EVIL, "Accept-Language": "ru"})
    assert response.json()["error"] == {"code": "bad_host",
                                         "message": "Этот сервер не отвечает на такое имя."}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def guarded(clock: Clock) -> TestClient:
    async def ok(scope: Scope, receive: Receive, send: Send) -> None:
        await PlainTextResponse("ok")(scope, receive, send)

    return TestClient(HostGuard(ok, Settings(allowed_hosts="testserver"), RefusalLog(clock)))


def refusal_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "server.edge.hosts"]


def test_a_refused_host_is_logged_once_a_minute_with_the_setting_to_add(
    caplog: pytest.LogCaptureFixture
) -> None:
    clock = Clock()
    http = guarded(clock)
    caplog.set_level(logging.WARNING, logger="server.edge.hosts")
    for _ in range(3):
        assert http.get("/", headers={"Host": "shop-laptop.local:8000"}).status_code == 400
    assert refusal_lines(caplog) == [
        "Refused Host 'shop-laptop.local' from testclient: not a name of this server. If "
        "phones reach the laptop by that name, add it to PRISMATIC_ALLOWED_HOSTS "
        "(comma-separated) and restart."]
    assert http.get("/", headers={"Host": "10.0.0.9"}).status_code == 400
    assert len(refusal_lines(caplog)) == 2  # another name has its own minute
    clock.now += 59
    http.get("/", headers={"Host": "shop-laptop.local:8000"})
    assert len(refusal_lines(caplog)) == 2
    clock.now += 2
    http.get("/", headers={"Host": "shop-laptop.local:8000"})
    assert len(refusal_lines(caplog)) == 3


def test_a_refused_origin_is_logged_once_a_minute(caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    http = guarded(clock)
    caplog.set_level(logging.WARNING, logger="server.edge.hosts")
    for _ in range(2):
        response = http.post("/", headers={"Origin": "http://elsewhere.example"})
        assert response.status_code == 403
    (line,) = refusal_lines(caplog)
    assert "Refused Origin 'http://elsewhere.example'" in line and "PRISMATIC_PUBLIC_URL" in line


def test_random_names_cannot_grow_the_refusal_log(caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    http = guarded(clock)
    caplog.set_level(logging.WARNING, logger="server.edge.hosts")
    for i in range(REMEMBERED_NAMES + 20):
        http.get("/", headers={"Host": f"n{i}.example"})
    assert len(refusal_lines(caplog)) == REMEMBERED_NAMES
    clock.now += 61  # a minute on, the old names are forgotten and new ones logged again
    http.get("/", headers={"Host": "late.example"})
    assert refusal_lines(caplog)[-1].startswith("Refused Host 'late.example'")
