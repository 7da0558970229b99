"""Connections cannot pile up: half-sent and idle sockets time out, a client holds a bounded
number of connections, a header cannot grow without bound, and `serve` raises its soft
open-file limit. Against the real `prismatic serve` on 127.0.0.1, bounded in count and time.
"""

from __future__ import annotations

import resource
import socket
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, suppress
from pathlib import Path

import httpx
import pytest

from tests.server.support.live import LiveServer

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)

HALF_SENT = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


def connect(server: LiveServer) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    return sock


def closed_by_server(sock: socket.socket, within: float) -> bool:
    """True when the server ends the connection (after any last answer) within `within` s."""
    sock.settimeout(within)
    try:
        while sock.recv(65536):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True
    return True


@pytest.fixture
def sockets() -> Iterator[ExitStack]:
    with ExitStack() as stack:
        yield stack


def still_serving(server: LiveServer) -> bool:
    """A fresh client still gets an answer: the held connections did not take the server
    (a stalled server would leave this request to time out). How fast it answers is a
    figure for bench/, not an assertion: on a busy machine a second is not a stall."""
    return httpx.get(f"{server.base_url}/healthz", timeout=10).status_code == 200


def test_half_sent_and_idle_connections_are_closed(
    live_server: Callable[..., LiveServer], sockets: ExitStack
) -> None:
    server = live_server(PRISMATIC_HEADER_TIMEOUT_SECONDS="1")
    half = [sockets.enter_context(connect(server)) for _ in range(20)]
    idle = [sockets.enter_context(connect(server)) for _ in range(10)]
    for sock in half:
        sock.sendall(HALF_SENT)
    time.sleep(1.5)
    assert all(closed_by_server(sock, within=3) for sock in half + idle)
    assert still_serving(server)


def test_a_client_holds_a_bounded_number_of_connections(
    live_server: Callable[..., LiveServer], sockets: ExitStack
) -> None:
    server = live_server(PRISMATIC_MAX_CONNECTIONS_PER_CLIENT="8",
                         PRISMATIC_RATE_LIMIT_EXEMPT="")
    held = [sockets.enter_context(connect(server)) for _ in range(8)]
    for sock in held:
        sock.sendall(HALF_SENT)
    extra = sockets.enter_context(connect(server))
    assert closed_by_server(extra, within=3), "the ninth connection is turned away"
    for sock in held[:4]:
        sock.close()
    time.sleep(0.3)
    assert still_serving(server), "room again once some are closed"


def test_a_header_cannot_grow_without_bound(
    live_server: Callable[..., LiveServer], sockets: ExitStack
) -> None:
    server = live_server()
    sock = sockets.enter_context(connect(server))
    sock.sendall(HALF_SENT)
    answer = b""
    try:
        for _ in range(64):  # at most 4 MiB, 64 KiB at a time
            sock.sendall(b"a" * 65536)
    except (BrokenPipeError, ConnectionResetError):
        pass
    sock.settimeout(3)
    with suppress(TimeoutError, ConnectionResetError):
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 431"), answer[:80]
    assert still_serving(server)


def test_serve_raises_its_soft_open_file_limit(
    live_server: Callable[..., LiveServer],
) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard <= 256:
        pytest.skip(f"the hard limit here is {hard}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))  # the child inherits it
    try:
        server = live_server()
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert server.process is not None
    limits = Path(f"/proc/{server.process.pid}/limits").read_text()
    line = next(row for row in limits.splitlines() if row.startswith("Max open files"))
    assert int(line.split()[3]) > 256, line
