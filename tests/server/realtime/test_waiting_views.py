"""A waiting seat whose only change is whom it waits for is told once per window, not once
per pick elsewhere; everything else is told at once, and nothing stale follows.

Deterministic: the window is an hour, so its timer never fires inside a test; the flush
is driven directly on the app's loop (`waiting_views.flush`)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from draft import engine
from server.core.settings import Settings
from server.realtime.hub import Subscription
from server.realtime.live import LivePod, Notice
from server.runtime import Runtime
from server.services.night import waiting_views
from server.services.night.drafting import affected_seats
from tests.server.support.builders import SeatHandle, join, me, new_pod, start, take_first

HOUR = 3600.0
NAMES = ("Ann", "Bob", "Cid", "Dee")


class Table:
    """Four people drafting over HTTP, with the pod's notices read off the hub."""

    def __init__(self, client: TestClient, stack: contextlib.ExitStack) -> None:
        self.client = client
        self.pod = new_pod(client, seats=4, seed=11)
        self.people = [join(client, self.pod, name) for name in NAMES]
        start(client, self.pod)
        self.rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
        self.live: LivePod = self.rt.registry.get(self.pod.pod_id)
        self.notices: Subscription = self.on_loop(
            stack.enter_context, self.rt.hub.subscribe(self.live.channel))

    def on_loop(self, call: Callable[..., Any], *args: Any) -> Any:
        return self.client.portal.call(call, *args)  # type: ignore[union-attr]

    def seat_of(self, person: SeatHandle) -> int:
        seat = self.live.player(person.player_id).seat
        assert seat is not None
        return seat

    def person_at(self, seat: int) -> SeatHandle:
        return next(p for p in self.people if self.seat_of(p) == seat)

    def published(self) -> list[Notice]:
        return [n for n in self.on_loop(self.notices.drain) if isinstance(n, Notice)]

    def next_picker(self) -> int | None:
        """The lowest seat holding a pack (the order that leaves seats waiting)."""
        state = self.live.night.state
        assert state is not None
        return next((s.index for s in state.seats if s.queue), None)

    def told_later_by(self, seat: int) -> frozenset[int]:
        """The waiting seats the next pick of `seat` (its first cards) tells later."""
        state = self.live.night.state
        assert state is not None
        view = me(self.client, self.person_at(seat))
        after, changes = engine.pick(state, seat, [c["id"] for c in
                                                   view["pack"][: view["picks_needed"]]])
        return affected_seats(state, after, changes)[1]

    def pick(self, seat: int) -> list[Notice]:
        """`seat` takes its first cards; the notices that pick published at once."""
        answer = take_first(self.client, self.person_at(seat))
        assert answer.status_code == 200, answer.text
        return self.published()

    def flush(self) -> frozenset[int]:
        flushed: frozenset[int] = self.on_loop(waiting_views.flush, self.rt, self.live)
        return flushed

    def pick_until_someone_waits_later(self) -> tuple[int, frozenset[int]]:
        """Pick, lowest seat first, until a pick leaves seats owed a later view."""
        while (seat := self.next_picker()) is not None:
            later = self.told_later_by(seat)
            if later:
                return seat, later
            self.pick(seat)
        raise AssertionError("no pick left a seat waiting on someone new")


@pytest.fixture
def table(make_settings: Callable[..., Settings],
          app_client: Callable[[Settings], AbstractContextManager[TestClient]],
          ) -> Iterator[Table]:
    with app_client(make_settings(waiting_view_seconds=HOUR)) as client, \
            contextlib.ExitStack() as stack:
        yield Table(client, stack)


def _told(notices: list[Notice], seat: int) -> bool:
    return any(n.seats is None or seat in n.seats for n in notices)


def test_a_waiting_seat_gets_its_new_waiting_on_by_the_flush_and_not_before(
    table: Table,
) -> None:
    seat, later = table.pick_until_someone_waits_later()
    waiter = min(later)
    table.published()
    with table.client.websocket_connect(
            f"/ws/pods/{table.pod.pod_id}?token={table.person_at(waiter).token}") as ws:
        before = ws.receive_json()
        assert before["type"] == "snapshot"
        table.published()  # the socket's arrival, told to everyone
        at_once = table.pick(seat)

        assert not any(_told(at_once, w) for w in later)
        assert _told(at_once, seat)
        assert table.live.connections.waiting.seats == set(later)
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}  # no view came for the waiter

        assert table.flush() == later
        [flushed] = table.published()
        assert flushed.seats == later and flushed.waiting_only
        update = ws.receive_json()
        assert update["type"] == "update" and update["base"] == before["version"]
        assert update["version"] == table.live.connections.version
        view = update["view"]
        assert view["waiting_on"] != before["view"]["waiting_on"]
        assert view["waiting_on"] == me(table.client, table.person_at(waiter))["waiting_on"]
        # Its own seat's view: its own pool, nothing of the seat that picked.
        assert view["pool_added"] == [] and view["pool_count"] == before["view"]["pool_count"]
        assert view["pack"] is None
    assert table.flush() == frozenset()  # told: owed nothing more


def test_a_seat_that_gets_a_pack_inside_the_window_gets_it_at_once_and_leaves_the_set(
    table: Table,
) -> None:
    seat, later = table.pick_until_someone_waits_later()
    waiter = min(later)
    with table.client.websocket_connect(
            f"/ws/pods/{table.pod.pod_id}?token={table.person_at(waiter).token}") as ws:
        assert ws.receive_json()["type"] == "snapshot"
        table.pick(seat)
        assert waiter in table.live.connections.waiting.seats
        while waiter in table.live.connections.waiting.seats:
            picker = table.next_picker()
            assert picker is not None and picker != waiter
            at_once = table.pick(picker)
            if waiter not in table.live.connections.waiting.seats:
                assert _told(at_once, waiter)
        update = ws.receive_json()
        assert update["type"] == "update" and update["view"]["pack"]
    assert waiter not in table.flush()


def test_a_new_round_or_the_end_inside_the_window_leaves_nothing_to_flush(
    table: Table,
) -> None:
    rounds_seen = 0
    while (seat := table.next_picker()) is not None:
        at_once = table.pick(seat)
        if any(n.seats is None for n in at_once):  # a new round, or the end
            rounds_seen += 1
            assert table.live.connections.waiting.seats == set()
            assert table.live.connections.waiting.timer is None
            assert table.flush() == frozenset() and table.published() == []
    assert rounds_seen == 3  # rounds 2 and 3, and the end
    assert table.live.night.phase == "building"
    assert table.flush() == frozenset() and table.published() == []


def test_the_flush_of_a_pod_that_is_gone_does_nothing_and_raises_nothing(
    table: Table,
) -> None:
    seat, later = table.pick_until_someone_waits_later()
    table.pick(seat)
    assert table.live.connections.waiting.seats == set(later)
    table.published()
    table.rt.registry.discard(table.live.id)
    assert table.flush() == frozenset()
    assert table.published() == []
    assert table.live.connections.waiting.timer is None


def test_with_no_window_waiting_seats_are_told_at_once(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    with app_client(make_settings(waiting_view_seconds=0)) as client, \
            contextlib.ExitStack() as stack:
        table = Table(client, stack)
        seat, later = table.pick_until_someone_waits_later()
        at_once = table.pick(seat)
        assert all(_told(at_once, w) for w in later)
        assert table.live.connections.waiting.seats == set()
