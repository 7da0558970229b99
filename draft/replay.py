"""Rebuild a draft from its seed and pick log.

Why replay is the source of truth: the server stores only the configuration, the seed,
the players and the append-only list of picks. Replaying them through the same pure rules
gives back the exact state, after a restart or on another machine.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from draft.engine import pick, start
from draft.packs import PackSource
from draft.state import DraftConfig, DraftState


def replay(
    config: DraftConfig,
    seed: int,
    players: Sequence[str],
    pick_log: Iterable[tuple[int, Sequence[int]]],
    booster: PackSource | None = None,
    bots: Collection[str] = (),
) -> DraftState:
    """The state after applying every `(seat, card_ids)` of `pick_log` in order.

    `players` are given in join order, as to `start`; seating is redone from the seed
    (and `bots`, when the people were seated between the bots).
    An illegal entry raises the same error the live pick would have raised.
    """
    state = start(config, players, seed, booster, bots)
    for seat, card_ids in pick_log:
        state, _changes = pick(state, seat, card_ids)
    return state
