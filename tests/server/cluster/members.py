"""What the cluster tests share: two `serve --cluster` members over one PostgreSQL, and a
table of phones tapping through them.

Why one module: the split-pod, kill-during-taps and name-race tests each start the same
pair of members and (two of them) bring the same pod to its tables on both; one copy keeps
their start-up and their waiting identical.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.server.support.builders import PodHandle, SeatHandle, play_tables
from tests.server.support.live import LiveServer
from tests.server.support.table_chaos import TablePhone

WAIT_S = 10.0
"""A bound on waiting for something to cross PostgreSQL or another task, not a speed asserted."""

SEED = 20261130
CLUSTER = {"PRISMATIC_CLUSTER": "1", "PRISMATIC_TIMER_TICK_SECONDS": "0.05"}


async def until(condition: Callable[[], bool], what: str) -> None:
    """Wait on the loop until `condition` holds; fail naming `what` after `WAIT_S`."""
    deadline = time.monotonic() + WAIT_S
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        await asyncio.sleep(0.01)


@contextmanager
def two_members(postgres_url: str, folder: Path, pause: float = 0.0) -> Iterator[list[LiveServer]]:
    """Members "a" and "b", started in that order (`pause` after each: the first member's
    first timer tick takes the lease), stopped at the end."""
    started: list[LiveServer] = []
    try:
        for name in ("a", "b"):
            server = LiveServer(postgres_url, folder / name, env=CLUSTER)
            server.start()
            started.append(server)
            time.sleep(pause)
        yield started
    finally:
        for server in started:
            server.stop()


def tables_on_both(a: LiveServer, b: LiveServer, seconds: float = 5,
                   ) -> tuple[PodHandle, dict[str, SeatHandle], dict[str, Any]]:
    """A pod brought to its tables on `a` (seeded), once `b` serves its first game too:
    the pod, its seats by name, and game 1's board."""
    with a.client() as client:
        pod, seats = play_tables(client, seed=SEED)
        board = client.get(pod.url("/games/1"), headers=pod.host).json()
    deadline = time.monotonic() + seconds
    with b.client() as client:
        while client.get(pod.url("/games/1"), headers=pod.host).status_code != 200:
            assert time.monotonic() < deadline, "the tables never reached the second process"
            time.sleep(0.02)
    return pod, seats, board


def table_phones(seats: dict[str, SeatHandle], board: dict[str, Any],
                 where: dict[str, tuple[LiveServer, bool]], ends: float) -> list[TablePhone]:
    """One tapping phone per seat, at the member and over the transport (`True`: socket)
    `where` names for it; not started."""
    return [TablePhone(seat, board, over_socket=where[name][1],
                       http_base=where[name][0].base_url,
                       ws_base=where[name][0].base_url.replace("http://", "ws://"),
                       seed=SEED + i, deadline=ends)
            for i, (name, seat) in enumerate(seats.items())]


def wait_known(server: LiveServer, pod: PodHandle, seconds: float = 5) -> None:
    """Until `server` serves the pod another process created (it hears of it by NOTIFY)."""
    deadline = time.monotonic() + seconds
    with server.client() as client:
        while time.monotonic() < deadline:
            if client.get(pod.url()).status_code == 200:
                return
            time.sleep(0.02)
    raise AssertionError(f"{server.base_url} never heard of pod {pod.pod_id}")
