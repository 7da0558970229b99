"""Who may do what: every host action refuses seat tokens, other pods' tokens and no token;
every seat action refuses the host token and other pods' seats; refusals change nothing;
tokens are compared in constant time.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from server.core import security
from tests.server.support.builders import PodHandle, SeatHandle, bearer, join, new_pod, start

SQLITE = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
SERVER = Path(__file__).resolve().parents[3] / "server"


def two_pods(client: TestClient) -> tuple[PodHandle, SeatHandle, PodHandle, SeatHandle]:
    pod, other = new_pod(client, seats=2), new_pod(client, seats=2)
    ann, zed = join(client, pod, "Ann"), join(client, other, "Zed")
    start(client, pod)
    start(client, other)
    return pod, ann, other, zed


def host_actions(pod: PodHandle, player_id: str) -> list[tuple[str, str, dict[str, object]]]:
    return [("POST", "/start", {}), ("POST", "/pause", {}), ("POST", "/resume", {}),
            ("POST", "/end", {}), ("POST", f"/players/{player_id}/bot", {"bot": True}),
            ("DELETE", f"/players/{player_id}", {}), ("GET", "/host", {}),
            ("GET", "/export.zip", {}), ("POST", "/tables", {})]


SEAT_ACTIONS = [("GET", "/me", {}), ("POST", "/picks", {"pick": 1, "cards": [0, 1]}),
                ("PUT", "/deck", {"main": []}), ("GET", "/export", {})]


def call(client: TestClient, method: str, url: str, body: dict[str, object],
         token: str | None) -> tuple[int, str]:
    headers = bearer(token) if token else {}
    response = client.request(method, url, headers=headers,
                              json=body if method != "GET" else None)
    return response.status_code, response.json()["error"]["code"]


@SQLITE
def test_host_actions_refuse_every_token_but_the_host_of_that_pod(client: TestClient) -> None:
    pod, ann, other, zed = two_pods(client)
    before = client.get(pod.url("/host"), headers=pod.host).json()
    for method, suffix, body in host_actions(pod, ann.player_id):
        url = pod.url(suffix)
        assert call(client, method, url, body, None) == (401, "no_token")
        assert call(client, method, url, body, ann.token) == (403, "wrong_role")
        assert call(client, method, url, body, other.host_token) == (401, "bad_token")
        assert call(client, method, url, body, zed.token) == (401, "bad_token")
        assert call(client, method, url, body, "x" * 43) == (401, "bad_token")
    after = client.get(pod.url("/host"), headers=pod.host).json()
    assert after == before


@SQLITE
def test_seat_actions_refuse_the_host_and_other_pods_seats(client: TestClient) -> None:
    pod, _ann, other, zed = two_pods(client)
    for method, suffix, body in SEAT_ACTIONS:
        url = pod.url(suffix)
        assert call(client, method, url, body, None) == (401, "no_token")
        assert call(client, method, url, body, pod.host_token) == (403, "wrong_role")
        assert call(client, method, url, body, zed.token) == (401, "bad_token")
        assert call(client, method, url, body, other.host_token) == (401, "bad_token")


@SQLITE
def test_a_seat_token_of_one_pod_cannot_open_another_pods_socket(client: TestClient) -> None:
    pod, _ann, _other, zed = two_pods(client)
    with pytest.raises(WebSocketDisconnect) as closed, \
            client.websocket_connect(f"/ws/pods/{pod.pod_id}?token={zed.token}") as ws:
        ws.receive_json()
    assert closed.value.code == 4401


def test_tokens_are_compared_in_constant_time() -> None:
    """Every comparison of a token or its hash in Python goes through `token_matches`;
    the one exception is a database lookup by digest (marked, and explained where it is)."""
    assert "hmac.compare_digest" in inspect.getsource(security.token_matches)
    plain = re.compile(r"(token|_hash)\w*\s*[!=]=\s*\w|[!=]=\s*[\w.]*(token|_hash)\b")
    offenders = [f"{path.name}:{n}" for path in SERVER.rglob("*.py")
                 for n, line in enumerate(path.read_text().splitlines(), 1)
                 if plain.search(line) and "is None" not in line and "is not None" not in line
                 and "# a digest lookup" not in line]
    assert offenders == []
    lookups = [path.name for path in SERVER.rglob("*.py") if "# a digest lookup" in
               path.read_text()]
    assert lookups == ["event_repo.py"]
