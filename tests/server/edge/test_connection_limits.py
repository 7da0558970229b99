"""Connections cannot pile up: half-sent and idle sockets time out, a body sent a byte at a
time is cut off, a client holds a bounded number of connections, a header cannot grow
without bound (in many reads or in one), and `serve` raises its soft open-file limit.
Against the real `prismatic serve` on 127.0.0.1, bounded in count and time.
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

ON_SQLITE = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
"""For the tests that start a server of their own settings (`live_server`)."""

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


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for the tests that only open their own sockets to it: a 1 s body timeout
    (so a test of it takes a second, not ten) and the bench's echo socket."""
    folder = tmp_path_factory.mktemp("limits")
    server = LiveServer(f"sqlite:///{folder / 'test.db'}", folder / "data",
                        env={"PRISMATIC_BODY_TIMEOUT_SECONDS": "1", "PRISMATIC_BENCH_ECHO": "1"})
    server.start()
    yield server
    server.stop()


@pytest.fixture
def sockets() -> Iterator[ExitStack]:
    with ExitStack() as stack:
        yield stack


def still_serving(server: LiveServer) -> bool:
    """A fresh client still gets an answer: the held connections did not take the server
    (a stalled server would leave this request to time out). How fast it answers is a
    figure for bench/, not an assertion: on a busy machine a second is not a stall."""
    return httpx.get(f"{server.base_url}/healthz", timeout=10).status_code == 200


@ON_SQLITE
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


def trickle_until_closed(sock: socket.socket, every: float,
                         limit: float) -> tuple[bytes, float]:
    """Send one byte every `every` s until the server closes the connection (or `limit` s
    pass); returns what it answered and the seconds it took."""
    start, answer = time.monotonic(), b""
    while time.monotonic() - start < limit:
        try:
            sock.sendall(b" ")
        except (BrokenPipeError, ConnectionResetError):
            break
        sock.settimeout(every)
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            continue
        except ConnectionResetError:
            break
        if not chunk:
            break
        answer += chunk
    return answer, time.monotonic() - start


def test_a_body_sent_a_byte_at_a_time_is_cut_off_at_the_body_timeout(
    quick_server: LiveServer, sockets: ExitStack
) -> None:
    server = quick_server
    sock = sockets.enter_context(connect(server))
    sock.sendall(b"POST /api/pods HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                 b"Content-Type: application/json\r\nContent-Length: 60000\r\n\r\n{")
    answer, seconds = trickle_until_closed(sock, every=0.2, limit=8)
    assert seconds < 5, f"still open after {seconds:.1f} s of a byte every 0.2 s"
    assert answer.startswith(b"HTTP/1.1 408"), answer[:80]
    assert still_serving(server)


def test_a_socket_outlives_the_body_timeout(
    quick_server: LiveServer, sockets: ExitStack
) -> None:
    """The body deadline is for a request's body: an upgraded WebSocket has none to wait for."""
    server = quick_server
    sock = sockets.enter_context(connect(server))
    sock.sendall(b"GET /ws/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                 b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 b"Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1\r\n\r\n")
    sock.settimeout(5)
    assert sock.recv(4096).startswith(b"HTTP/1.1 101"), "the echo socket opens"
    assert not closed_by_server(sock, within=2.5), "open past twice the body timeout"


def test_a_socket_never_negotiates_permessage_deflate(
    quick_server: LiveServer, sockets: ExitStack
) -> None:
    """Frames go uncompressed even when the phone offers deflate: on a cheap phone the CPU
    of inflating every update costs more than its bytes (issue #46)."""
    sock = sockets.enter_context(connect(quick_server))
    sock.sendall(b"GET /ws/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                 b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 b"Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1\r\n"
                 b"Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n")
    sock.settimeout(5)
    head = sock.recv(4096).split(b"\r\n\r\n", 1)[0].lower()
    assert head.startswith(b"http/1.1 101"), head[:80]
    assert b"sec-websocket-extensions" not in head, head


@ON_SQLITE
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
    quick_server: LiveServer, sockets: ExitStack
) -> None:
    server = quick_server
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


def test_a_head_past_the_cap_is_refused_when_it_arrives_in_one_read(
    quick_server: LiveServer, sockets: ExitStack
) -> None:
    server = quick_server
    sock = sockets.enter_context(connect(server))
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: "
                 + b"a" * 40 * 1024 + b"\r\n\r\n")
    sock.settimeout(3)
    answer = b""
    with suppress(TimeoutError, ConnectionResetError):
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 431"), answer[:80]
    assert closed_by_server(sock, within=3)
    assert still_serving(server)


@ON_SQLITE
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
