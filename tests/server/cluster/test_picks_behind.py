"""A pick reaches a process that has not heard of the other process's last commit yet.

Rules: a pick made from a view another process showed (its pick number is ahead of this
process's memory) lands: the process catches the pod up from the rows before it
refuses anything, so `stale_pick` ("refresh your view") answers only a pick that lost
to what is stored, never one this process's memory was a notice behind for. A pick that
did lose (the seat's pick was made elsewhere with other cards) is still `stale_pick`,
through the pipeline or under the pod's row lock, never `db_busy`.

Two real runtimes in one test process over one PostgreSQL, as in `test_follow_own_pods`:
they share the notice origin, so `b` hears nothing of `a`'s commits by itself and is
behind until it reads the rows; the interleaving is forced, not timed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from server.cluster import node
from server.core.errors import ConflictError
from server.realtime.live import LivePlayer, LivePod
from server.runtime import Runtime
from server.services.night import drafting
from tests.server.cluster.test_follow_own_pods import pick_once, run_members, started_pod
from tests.server.services.test_restore import stored_log


def seat(pod: LivePod, name: str) -> LivePlayer:
    return next(p for p in pod.night.players if p.name == name)


def number_of(pod: LivePod, name: str) -> int:
    number = seat(pod, name).seat
    assert number is not None
    return number


def next_pick(pod: LivePod, name: str, last: bool = False) -> tuple[int, list[int]]:
    """`name`'s next pick as `pod`'s process shows it: (pick number, the first cards of
    the pack, or its last with `last`)."""
    player = seat(pod, name)
    state = pod.night.state
    assert state is not None and player.seat is not None
    pack = state.current_pack(player.seat)
    assert pack is not None
    needed = state.picks_needed(player.seat)
    cards = list(pack.cards[-needed:] if last else pack.cards[:needed])
    return state.seats[player.seat].picks + 1, cards


def stored_cards(rt: Runtime, pod: LivePod, name: str) -> list[list[int]]:
    """What the log stores as `name`'s picks, in order."""
    _players, log = stored_log(rt.engine.url.render_as_string(hide_password=False), pod.id)
    number = number_of(pod, name)
    return [sorted(cards) for at, cards in log if at == number]


def test_a_pick_ahead_of_this_process_memory_lands(postgres_url: str, tmp_path: Path) -> None:
    """Ann's phone saw pick 2 on `a` (its pick 1 was stored there); its pick 2 reaches
    `b`, which still holds the pod before pick 1: `b` catches up and applies it."""
    async def scenario(a: Runtime, b: Runtime) -> None:
        pod_a, pod_b = await started_pod(a, b)
        await pick_once(a, pod_a, "Ann")
        number, cards = next_pick(pod_a, "Ann")
        assert number == 2 and next_pick(pod_b, "Ann")[0] == 1  # b is a notice behind

        assert await drafting.submit_pick(b, pod_b, seat(pod_b, "Ann"), number, cards)

        assert stored_cards(b, pod_b, "Ann")[1] == sorted(cards)
        assert pod_b.night.state is not None
        assert pod_b.night.state.seats[number_of(pod_b, "Ann")].picks == 2  # and live on b

    run_members(postgres_url, tmp_path, scenario)


@pytest.mark.parametrize("retries", [node.STALE_RETRIES, 0], ids=["pipeline", "row_lock"])
def test_a_pick_that_lost_to_the_other_process_is_stale_never_busy(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, retries: int
) -> None:
    """Ann's pick 1 was stored on `a`; the same pick with other cards reaches `b`, which
    has not heard of it: `stale_pick`, and nothing more is stored. With no pipelined
    attempt left, the pick goes straight to the row lock and is refused the same way."""
    monkeypatch.setattr(node, "STALE_RETRIES", retries)

    async def scenario(a: Runtime, b: Runtime) -> None:
        pod_a, pod_b = await started_pod(a, b)
        number, other = next_pick(pod_b, "Ann", last=True)
        await pick_once(a, pod_a, "Ann")

        with pytest.raises(ConflictError) as refused:
            await drafting.submit_pick(b, pod_b, seat(pod_b, "Ann"), number, other)

        assert refused.value.code == "stale_pick"
        assert stored_cards(b, pod_b, "Ann") == stored_cards(a, pod_a, "Ann")
        assert len(stored_cards(a, pod_a, "Ann")) == 1

    run_members(postgres_url, tmp_path, scenario)
