"""One seat's draft, pick by pick, rebuilt from the stored log: what the reveal shows.

Why from the log: the server stores only the seed and the picks (`draft.replay`). Replaying
them through the pure engine gives every pack exactly as it reached each seat, so the
after-draft reveal needs nothing stored beyond what a restart already uses.

"Wheeled", precisely: at one of a seat's picks, the wheeled cards are the cards of that
pack that the seat did not take then and that were still in the pack the next time the
same pack reached the same seat (it came back around the table). They are listed in the
pack's order. A pack that never comes back to the seat (it ran out first) wheels nothing;
a pack that comes back several times (a small table) wheels, at each pick, only what
reached the seat's next look at it. Which of the wheeled cards the seat then took is the
`taken` of that later pick.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from draft.changes import PickMade
from draft.engine import pick, start
from draft.errors import UnknownSeatError
from draft.packs import PackSource
from draft.state import CardInstance, DraftConfig, DraftState


@dataclass(frozen=True, slots=True)
class ReplayPick:
    """One pick of one seat: `pick` counts from 1 in each round; `pool` is the seat's pool
    right after this pick (every card it took so far, in the order taken)."""

    round: int
    pick: int
    pack_id: int
    pack: tuple[CardInstance, ...]
    taken: tuple[CardInstance, ...]
    wheeled: tuple[CardInstance, ...]
    pool: tuple[CardInstance, ...]


@dataclass(frozen=True, slots=True)
class SeatReplay:
    """A seat's whole draft: who sat there and every pick, in the order they were made."""

    seat: int
    player: str
    picks: tuple[ReplayPick, ...]


def replay_seats(
    config: DraftConfig,
    seed: int,
    players: Sequence[str],
    pick_log: Iterable[tuple[int, Sequence[int]]],
    booster: PackSource | None = None,
    bots: Collection[str] = (),
) -> tuple[SeatReplay, ...]:
    """Every seat's replay, in seat order, from one pass over the log.

    `players` are in join order, as to `draft.engine.start`, and `bots` the ones the
    people were seated between (when they were). An illegal log entry raises the error
    the live pick would have raised, as `draft.replay.replay` does.
    """
    return replay_draft(config, seed, players, pick_log, booster, bots)[1]


def replay_draft(
    config: DraftConfig,
    seed: int,
    players: Sequence[str],
    pick_log: Iterable[tuple[int, Sequence[int]]],
    booster: PackSource | None = None,
    bots: Collection[str] = (),
) -> tuple[DraftState, tuple[SeatReplay, ...]]:
    """The state after the log (what `draft.replay.replay` gives) and every seat's replay,
    from the same single pass (a caller that needs both replays the log once)."""
    state = start(config, players, seed, booster, bots)
    made: list[list[PickMade]] = [[] for _ in range(config.seats)]
    for seat, card_ids in pick_log:
        state, changes = pick(state, seat, card_ids)
        first = changes[0]
        assert isinstance(first, PickMade)
        made[seat].append(first)
    return state, tuple(
        SeatReplay(seat, state.seats[seat].player, _seat_picks(state, made[seat]))
        for seat in range(config.seats)
    )


def replay_seat(
    config: DraftConfig,
    seed: int,
    players: Sequence[str],
    pick_log: Iterable[tuple[int, Sequence[int]]],
    seat: int,
    booster: PackSource | None = None,
    bots: Collection[str] = (),
) -> SeatReplay:
    """One seat's replay (the whole log is replayed: the seat's packs depend on it)."""
    if not 0 <= seat < config.seats:
        raise UnknownSeatError(f"there is no seat {seat} at a table of {config.seats}")
    return replay_seats(config, seed, players, pick_log, booster, bots)[seat]


def _seat_picks(state: DraftState, made: list[PickMade]) -> tuple[ReplayPick, ...]:
    picks: list[ReplayPick] = []
    pool: tuple[int, ...] = ()
    for index, entry in enumerate(made):
        pool += entry.cards
        comes_back = next((later for later in made[index + 1:]
                           if later.pack_id == entry.pack_id), None)
        back = set(comes_back.pack_before) if comes_back else set()
        wheeled = tuple(card for card in entry.pack_before
                        if card in back and card not in entry.cards)
        picks.append(ReplayPick(
            round=entry.round, pick=entry.pick, pack_id=entry.pack_id,
            pack=state.instances(entry.pack_before), taken=state.instances(entry.cards),
            wheeled=state.instances(wheeled), pool=state.instances(pool)))
    return tuple(picks)
