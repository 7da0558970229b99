"""Durability: a restarted server rebuilds every unfinished pod by replaying its pick log,
and nothing a phone saw acknowledged is lost, even when the process is SIGKILLed."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from draft.replay import replay
from draft.state import DraftConfig
from server.core.settings import Settings
from tests.server.support.builders import SeatHandle, join, me, new_pod, start, take_first
from tests.server.support.live import LiveServer


def stored_log(db_url: str, pod_id: str) -> tuple[list[str], list[tuple[int, list[int]]]]:
    """(player ids in join order, [(seat, cards)]) straight from the database."""
    engine = sa.create_engine(db_url)
    with engine.connect() as connection:
        players = [row[0] for row in connection.execute(sa.text(
            "SELECT id FROM player WHERE pod_id = :p ORDER BY join_index"), {"p": pod_id})]
        picks = [(row[0], sa_json(row[1])) for row in connection.execute(sa.text(
            "SELECT seat, cards FROM pick WHERE pod_id = :p ORDER BY seq"), {"p": pod_id})]
    engine.dispose()
    return players, picks


def stored_bots(db_url: str, pod_id: str) -> list[str]:
    """The bots the stored pod seated its people between (none when the option is off):
    what a replay needs to seat the same table."""
    engine = sa.create_engine(db_url)
    with engine.connect() as connection:
        apart = connection.execute(sa.text(
            "SELECT bots_between_people FROM pod WHERE id = :p"), {"p": pod_id}).scalar_one()
        bots = [row[0] for row in connection.execute(sa.text(
            "SELECT id FROM player WHERE pod_id = :p AND bot ORDER BY join_index"),
            {"p": pod_id})]
    engine.dispose()
    return bots if apart else []


def sa_json(text: str) -> list[int]:
    return [int(x) for x in text.strip("[]").split(",")]


def test_restart_rebuilds_the_same_views(
    make_settings: Callable[..., Settings], app_client: Any
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        pod = new_pod(client, seats=4, seed=21)
        ann, bob = join(client, pod, "Ann"), join(client, pod, "Bob")
        start(client, pod)
        for _ in range(3):
            for seat in (ann, bob):
                if me(client, seat)["pack"]:
                    assert take_first(client, seat).status_code == 200
        before = [me(client, s) for s in (ann, bob)]
        host_before = client.get(pod.url("/host"), headers=pod.host).json()
    with app_client(settings) as client:
        after = [me(client, s) for s in (ann, bob)]
        host_after = client.get(pod.url("/host"), headers=pod.host).json()
    for old, new in zip(before, after, strict=True):
        old.pop("version"), new.pop("version")
        assert new == old
    assert [p["picks"] for p in host_after["players"]] == [
        p["picks"] for p in host_before["players"]]


def _pick_forever(base_url: str, seats: list[SeatHandle],
                  acked: dict[str, list[int]], stop: threading.Event) -> None:
    with httpx.Client(base_url=base_url, timeout=5) as client:
        while not stop.is_set():
            try:
                for seat in seats:
                    view = me(client, seat)
                    if view["phase"] != "drafting":
                        return
                    if view["pack"]:
                        response = take_first(client, seat, view)
                        if response.status_code == 200:
                            acked[seat.player_id] = [c["id"] for c in response.json()["pool"]]
            except (httpx.HTTPError, AssertionError):
                return


@pytest.mark.slow
def test_sigkill_mid_draft_loses_nothing_acknowledged(
    live_server: Callable[..., LiveServer], db_url: str
) -> None:
    server = live_server()
    with server.client() as client:
        pod = new_pod(client, seats=8, seed=5)
        seats = [join(client, pod, "Ann"), join(client, pod, "Bob")]
        start(client, pod)
    acked: dict[str, list[int]] = {}
    stop = threading.Event()
    picker = threading.Thread(target=_pick_forever,
                              args=(server.base_url, seats, acked, stop))
    picker.start()
    for _ in range(200):
        if sum(len(v) for v in acked.values()) >= 20:
            break
        threading.Event().wait(0.02)
    server.kill()  # mid-draft, possibly mid-request
    stop.set()
    picker.join(10)
    assert acked, "no pick was acknowledged before the kill"

    server.start()
    players, log = stored_log(db_url, pod.pod_id)
    state = replay(DraftConfig("CMR", 8), 5, players, log, bots=stored_bots(db_url, pod.pod_id))
    with server.client() as client:
        for seat in seats:
            view = me(client, seat)
            pool = [c["id"] for c in view["pool"]]
            assert pool[: len(acked.get(seat.player_id, []))] == acked.get(seat.player_id, [])
            assert len(pool) - len(acked.get(seat.player_id, [])) <= 2
            replayed = state.seats[view["me"]["seat"]].pool
            assert tuple(pool) == replayed
            # The draft goes on after the restart.
            if view["pack"]:
                assert take_first(client, seat, view).status_code == 200
