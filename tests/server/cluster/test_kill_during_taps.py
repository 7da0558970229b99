"""A cluster member SIGKILLed while a table's phones tap through both members.

Rules: the phones of the killed process reconnect to the survivor and resend their
unanswered taps with the same `ref`; no acknowledged tap is lost, none is stored twice,
the log holds only what phones sent, and the survivor shows the replay of the stored log.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.cluster.members import SEED, table_phones, tables_on_both, two_members
from tests.server.support.live import LiveServer
from tests.server.support.table_chaos import (
    assert_shows_the_replay,
    stop_phones,
    stored_entries,
    taps_lost,
)


@pytest.fixture
def pair(postgres_url: str, tmp_path: Path) -> Iterator[list[LiveServer]]:
    """Two fresh cluster members (this test kills one)."""
    with two_members(postgres_url, tmp_path) as started:
        yield started


@pytest.mark.slow
def test_a_sigkill_during_game_taps_loses_and_doubles_no_tap(
    pair: list[LiveServer], postgres_url: str
) -> None:
    a, b = pair
    rng = random.Random(SEED)
    pod, seats, board = tables_on_both(a, b)
    ends = time.monotonic() + 60  # a guard: the phones stop once they tapped on enough
    phones = table_phones(seats, board, {"Ann": (a, True), "Bob": (a, False), "Cid": (b, True)},
                          ends)
    for phone in phones:
        phone.start()
    time.sleep(rng.uniform(0.6, 1.2))
    phones[1].sending.clear()
    phones[1].sending.wait(2)  # aim at a moment a tap to the doomed process is leaving
    time.sleep(rng.uniform(0, 0.005))
    a.kill()
    before = [len(phone.acked) for phone in phones]
    for phone in phones:  # the balancer now sends every phone to the survivor
        phone.ws_base, phone.http_base = b.base_url.replace("http://", "ws://"), b.base_url
    while (any(len(phone.acked) < count + 2 for phone, count in zip(phones, before, strict=True))
           or sum(len(phone.acked) for phone in phones) < 30):
        assert time.monotonic() < ends, "the phones never tapped on at the survivor"
        time.sleep(0.05)  # they reconnect, resend, and tap on at the survivor
    stop_phones(phones, ends)
    for phone in phones:
        assert phone.errors == []

    players_json, stored = stored_entries(postgres_url, pod.pod_id)
    assert taps_lost(phones, stored) == 0
    assert sum(len(phone.acked) for phone in phones) >= 30
    assert sum(phone.resends for phone in phones[:2]) >= 1  # the kill did cut phones off
    assert_shows_the_replay(b, pod, players_json, stored)
