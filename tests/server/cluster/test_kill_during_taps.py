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

from pods.tracker import replay_game
from server.db.game_repo import players_of
from server.db.tables import GameRow
from server.realtime.live import LiveGame
from server.views.game import game_view
from tests.server.cluster.members import SEED, table_phones, tables_on_both, two_members
from tests.server.live import LiveServer
from tests.server.table_chaos import stored_entries


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
    ends = time.monotonic() + 15
    phones = table_phones(seats, board, {"Ann": (a, True), "Bob": (a, False), "Cid": (b, True)},
                          ends)
    for phone in phones:
        phone.start()
    time.sleep(rng.uniform(0.6, 1.2))
    phones[1].sending.clear()
    phones[1].sending.wait(2)  # aim at a moment a tap to the doomed process is leaving
    time.sleep(rng.uniform(0, 0.005))
    a.kill()
    for phone in phones:  # the balancer now sends every phone to the survivor
        phone.ws_base, phone.http_base = b.base_url.replace("http://", "ws://"), b.base_url
    time.sleep(1.5)  # the phones reconnect, resend, and tap on at the survivor
    for phone in phones:
        phone.stop.set()
    for phone in phones:
        assert phone.thread is not None
        phone.thread.join(max(1.0, ends - time.monotonic()))
        assert not phone.thread.is_alive(), "a phone never got its last tap answered"
        assert phone.errors == []

    players_json, stored = stored_entries(postgres_url, pod.pod_id)
    by_ref = {(entry.author, ref): entry for entry, ref in stored}
    assert len(by_ref) == len(stored), "an entry without a ref, or one ref stored twice"
    sent = {(phone.seat.player_id, ref): tap for phone in phones
            for ref, tap in phone.sent.items()}
    for (author, ref), entry in by_ref.items():  # nothing but what phones sent, as sent
        assert entry == sent[(author, ref)].as_entry(entry.seq, author)
    lost = 0
    for phone in phones:
        for ref, (tap, seq) in phone.acked.items():
            entry = by_ref.get((phone.seat.player_id, ref))
            lost += entry is None
            assert entry is None or entry == tap.as_entry(seq, phone.seat.player_id)
    assert lost == 0
    assert sum(len(phone.acked) for phone in phones) >= 30
    assert sum(phone.resends for phone in phones[:2]) >= 1  # the kill did cut phones off

    replayed = replay_game(players_of(GameRow(id="g", pod_id=pod.pod_id, table_number=1,
                                              players_json=players_json)),
                           [entry for entry, _ref in stored])
    deadline = time.monotonic() + 5
    with b.client() as client:
        while (shown := client.get(pod.url("/games/1"),
                                   headers=pod.host).json())["seq"] < len(stored):
            assert time.monotonic() < deadline, "the survivor never showed every stored tap"
            time.sleep(0.02)
    expected = game_view(LiveGame(id=shown["game_id"], table=1, number=1, game=replayed,
                                  next_seq=len(stored) + 1))
    assert shown["players"] == expected["players"] and shown["seq"] == len(stored)
