"""A phone that connects and never reads cannot grow the server's memory, and when it
finally reads it catches up with the current view.

Over a real loopback socket the kernel buffers up to 4 MiB before the server's send blocks,
more than a whole draft sends to one phone; so the drop-the-queue-and-resync path itself is
proven in-process below, with a socket whose send never returns.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from websockets.sync.client import ClientConnection, connect

from server.core.settings import Settings
from server.realtime.hub import Hub
from server.realtime.live import LivePlayer, LivePod, PodSetup
from server.routes.sockets.phone import Connection
from server.runtime import Runtime
from tests.server.support.builders import bearer, join, me, new_pod, start
from tests.server.support.chaos import draft_to_the_end
from tests.server.support.figures import report
from tests.server.support.live import LiveServer
from tests.server.support.socket_views import SocketViews

RSS_GROWTH_LIMIT_MB = 40


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def sleepy_socket(url: str, port: int) -> ClientConnection:
    """A WebSocket whose client side stops reading: a 4 KiB receive buffer and a one-frame
    queue, so the server's sends back up as they would to a phone asleep in a pocket."""
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect(("127.0.0.1", port))
    return connect(url, sock=raw, max_queue=1)


def drain(ws: ClientConnection) -> list[dict[str, Any]]:
    messages = []
    while True:
        try:
            messages.append(json.loads(ws.recv(timeout=1.5)))
        except TimeoutError:
            return messages


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_phone_that_never_reads_gets_a_current_snapshot_later(
    live_server: Callable[..., LiveServer], request: pytest.FixtureRequest
) -> None:
    with contextlib.ExitStack() as stack:
        _run_with_sleepy_sockets(live_server, request, stack)


def _run_with_sleepy_sockets(live_server: Callable[..., LiveServer],
                             request: pytest.FixtureRequest, stack: contextlib.ExitStack) -> None:
    server = live_server(PRISMATIC_HUB_QUEUE_SIZE="8")
    assert server.process is not None
    with server.client() as client:
        pod = new_pod(client, seats=8, seed=9)
        seats = [join(client, pod, name) for name in ("Ann", "Bob", "Cid", "Zed")]
        start(client, pod)
        zed = seats[3]
        assert client.post(pod.url(f"/players/{zed.player_id}/bot"), headers=pod.host,
                           json={"bot": True}).status_code == 200
    sleepy_host = stack.enter_context(
        sleepy_socket(server.ws_url(pod.pod_id, pod.host_token), server.port))
    sleepy_seat = stack.enter_context(
        sleepy_socket(server.ws_url(pod.pod_id, zed.token), server.port))
    before = rss_mb(server.process.pid)
    peak = [before]
    done = threading.Event()

    def sample() -> None:
        assert server.process is not None
        while not done.is_set():
            peak[0] = max(peak[0], rss_mb(server.process.pid))
            time.sleep(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    draft_to_the_end(server.base_url, seats[:3])
    time.sleep(0.5)
    done.set()
    sampler.join(5)

    with server.client() as client:
        host_now = client.get(pod.url("/host"), headers=pod.host).json()
        zed_now = me(client, zed)
        assert client.get(pod.url("/me"), headers=bearer(seats[0].token)).status_code == 200
    host_messages, seat_messages = drain(sleepy_host), drain(sleepy_seat)

    growth = peak[0] - before
    report(request, "server_rss_mb_before", round(before, 1))
    report(request, "server_rss_mb_growth_during_draft", round(growth, 1))
    report(request, "sleepy_host_messages_after_waking", len(host_messages))
    report(request, "sleepy_seat_messages_after_waking", len(seat_messages))
    assert growth < RSS_GROWTH_LIMIT_MB
    for messages, now in ((host_messages, host_now), (seat_messages, zed_now)):
        assert messages[0]["type"] == "snapshot"
        assert messages[-1]["view"]["version"] == now["version"]
        assert messages[-1]["view"]["phase"] == "building"
        assert len(messages) < 100  # coalesced: never one message per change
    views = SocketViews()
    assert len([views.take(m) for m in seat_messages][-1]["pool"]) == 60


class StuckSocket:
    """A WebSocket whose sends block until `wake` is set (a phone asleep in a pocket)."""

    def __init__(self) -> None:
        self.wake = asyncio.Event()
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        await self.wake.wait()
        self.sent.append(json.loads(text))

    async def receive(self) -> dict[str, Any]:
        await asyncio.Event().wait()  # the phone never says anything
        return {"type": "websocket.disconnect"}

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass


def test_a_stuck_socket_holds_a_bounded_queue_then_gets_one_current_snapshot() -> None:
    async def scenario() -> None:
        settings = Settings(public_url="http://prismatic.test", hub_queue_size=8)
        # An engine no one writes to: the runtime counts its commits (server/db/commits.py).
        rt = Runtime(settings=settings, engine=sa.create_engine("sqlite://"),
                     base_url="http://prismatic.test",
                     hub=Hub(settings.hub_queue_size))
        pod = LivePod(PodSetup(id="p", set_code="CMR", seats=8, seed=1, timer_seconds=None,
                               bots_allowed=True, host_hash="h"))
        ann = LivePlayer(id="ann", name="Ann", join_index=0, token_hash="t")
        pod.night.players.append(ann)
        stuck = StuckSocket()
        connection = Connection(rt, stuck, pod, ann)  # type: ignore[arg-type]
        task = asyncio.create_task(connection.run())
        await asyncio.sleep(0.01)  # the first snapshot is stuck in send_text
        for _ in range(10_000):
            rt.hub.publish(pod.channel, pod.bump())
        (subscription,) = rt.hub._channels[pod.channel]
        assert subscription.qsize() <= 8  # bounded, whatever the backlog
        assert subscription.overflows > 0
        stuck.wake.set()
        for _ in range(100):
            await asyncio.sleep(0.01)
            if stuck.sent and stuck.sent[-1]["version"] == pod.connections.version:
                break
        current = pod.connections.version
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        assert [m["type"] for m in stuck.sent] == ["snapshot", "snapshot"]
        assert stuck.sent[-1]["view"]["version"] == current
        rt.hub.publish(pod.channel, pod.bump())
        await asyncio.sleep(0.05)
        assert len(stuck.sent) == 2  # cancelled with its handler: no orphan writer

    asyncio.run(scenario())
