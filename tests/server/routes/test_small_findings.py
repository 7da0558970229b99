"""The review's small findings: a private data directory, the bench's echo socket off
unless asked for, a null byte in a static path, and clients that hang up mid-answer."""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from server.app import create_app
from server.core.settings import Settings
from tests.server.support.builders import join, new_pod

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_data_directory_and_database_are_private(
    make_settings: Callable[..., Settings], tmp_path: Path
) -> None:
    data = tmp_path / "night"
    data.mkdir(mode=0o755)
    os.chmod(data, 0o755)
    settings = make_settings(db_url=None, data_dir=data)
    with TestClient(create_app(settings)) as http:
        assert http.get("/healthz").status_code == 200
        new_pod(http, seats=2)
    assert mode(data) == 0o700
    for name in ("prismatic.db", "prismatic.db-wal", "prismatic.db-shm"):
        if (data / name).exists():
            assert mode(data / name) == 0o600, name


def test_an_existing_database_is_made_private_too(
    make_settings: Callable[..., Settings], tmp_path: Path
) -> None:
    data = tmp_path / "night"
    settings = make_settings(db_url=None, data_dir=data)
    with TestClient(create_app(settings)):
        pass
    os.chmod(data / "prismatic.db", 0o644)
    with TestClient(create_app(settings)):
        pass
    assert mode(data / "prismatic.db") == 0o600


def test_the_echo_socket_is_off_unless_the_bench_asks(
    make_settings: Callable[..., Settings],
) -> None:
    with TestClient(create_app(make_settings())) as http, \
            pytest.raises(WebSocketDisconnect), http.websocket_connect("/ws/echo") as ws:
        ws.send_text("hello")
        ws.receive_text()
    with TestClient(create_app(make_settings(bench_echo=True))) as http, \
            http.websocket_connect("/ws/echo") as ws:
        ws.send_text("hello")
        assert ws.receive_text() == "hello"


def test_a_null_byte_in_a_static_path_is_not_found(client: TestClient,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    for path in ("/static/x%00", "/static/js/%00api.js", "/static/%00"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.json()["error"]["code"] == "not_found"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def hung_up_send(after: set[str]) -> Callable[[dict[str, Any]], Any]:
    """An ASGI `send` whose client is gone once a message of a type in `after` is sent."""

    async def send(message: dict[str, Any]) -> None:
        if message["type"] in after:
            raise ConnectionResetError("the phone went away")

    return send


def test_a_client_that_hangs_up_mid_answer_leaves_no_traceback(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    pod = new_pod(client, seats=2)
    seat = join(client, pod, "Ann")
    app = client.app
    http_scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                  "method": "GET", "scheme": "http", "path": f"/api/pods/{pod.pod_id}",
                  "raw_path": f"/api/pods/{pod.pod_id}".encode(), "query_string": b"",
                  "root_path": "", "headers": [(b"host", b"testserver")],
                  "client": ("192.168.1.9", 5000), "server": ("testserver", 80)}

    async def receive_http() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    def ws_scope(path: str, query: str) -> dict[str, Any]:
        return {**http_scope, "type": "websocket", "path": path, "raw_path": path.encode(),
                "query_string": query.encode(), "subprotocols": []}

    async def receive_ws() -> dict[str, Any]:
        receive_ws.calls += 1  # type: ignore[attr-defined]
        if receive_ws.calls == 1:  # type: ignore[attr-defined]
            return {"type": "websocket.connect"}
        return {"type": "websocket.disconnect", "code": 1006}

    async def scenario() -> None:
        for after in ({"http.response.start"}, {"http.response.body"}):
            await app(http_scope, receive_http, hung_up_send(after))
        for path, query in ((f"/ws/pods/{pod.pod_id}", f"token={seat.token}"),
                            ("/ws/pods/nope", "token=x"),
                            (f"/ws/pods/{pod.pod_id}", "token=wrong")):
            for after in ({"websocket.accept"}, {"websocket.send", "websocket.close"}):
                receive_ws.calls = 0  # type: ignore[attr-defined]
                await app(ws_scope(path, query), receive_ws, hung_up_send(after))

    caplog.set_level(logging.INFO)
    assert client.portal is not None
    client.portal.call(scenario)
    loud = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert loud == [], [r.getMessage() for r in loud]
    assert client.get("/healthz").status_code == 200
