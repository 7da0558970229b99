"""The draft's rules as pure functions: start, pick, auto-pick, and what a seat may see.

Why pure functions over a frozen state: the server serialises picks per pod with one lock,
stores each accepted pick, and only then publishes; the engine itself needs no lock, no
clock and no database, so every rule here is tested without a server.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import NamedTuple

from draft.bots import Bot, PickContext
from draft.changes import (
    Change,
    DraftFinished,
    PackEmptied,
    PackPassed,
    PickMade,
    RoundStarted,
)
from draft.errors import (
    CardNotInPackError,
    DraftOverError,
    DuplicateCardError,
    NoPackError,
    UnknownSeatError,
    WrongPickCountError,
)
from draft.packs import PackSource, line_up, packs_rng
from draft.state import CardInstance, DraftConfig, DraftState, Pack, Seat, check_players


def seat_players(
    players: Sequence[str], seed: int, bots: Collection[str] = ()
) -> tuple[str, ...]:
    """Random seating: a shuffle of the players from the seed's own seating stream.

    With `bots` (the names among `players` that are bots) the people are spread around
    the table instead (`spread_people`), still drawn from the seed; without them the
    seating is the plain shuffle every stored draft was made with, so old pods replay.
    """
    rng = random.Random(f"prismatic:{seed}:seating")
    bot_set = set(bots) & set(players)
    if not bot_set or len(bot_set) == len(players):
        order = list(players)
        rng.shuffle(order)
        return tuple(order)
    return spread_people([p for p in players if p not in bot_set],
                         [p for p in players if p in bot_set], rng)


def spread_people(people: Sequence[str], bots: Sequence[str],
                  rng: random.Random) -> tuple[str, ...]:
    """People as evenly around the table as their count allows, bots in between.

    Why: a person beside only bots passes to and receives from bots alone, and people
    side by side fight over the same packs while the bots' corner drafts in peace (dr4ft
    groups restarted drafts until the bots spread out, dr4ft #1692). Person k sits at
    floor(k·n/p): the gaps between people differ by at most one seat, so 4 people and 4
    bots alternate, and with at least as many people as bots no two bots sit side by
    side. Who sits where, and where the pattern starts, are drawn from `rng`.
    """
    seats = len(people) + len(bots)
    people_order, bot_order = list(people), list(bots)
    rng.shuffle(people_order)
    rng.shuffle(bot_order)
    offset = rng.randrange(seats)
    person_seats = {(k * seats // len(people) + offset) % seats for k in range(len(people))}
    people_left, bots_left = iter(people_order), iter(bot_order)
    return tuple(next(people_left) if seat in person_seats else next(bots_left)
                 for seat in range(seats))


def deal_packs(
    booster: PackSource, seed: int, count: int
) -> tuple[tuple[CardInstance, ...], list[tuple[int, ...]]]:
    """Open `count` packs and number every card instance in opening order."""
    rng = packs_rng(seed)
    instances: list[CardInstance] = []
    packs: list[tuple[int, ...]] = []
    for pack in booster.open_many(rng, count):
        ids = []
        for pack_card in pack:
            ids.append(len(instances))
            instances.append(
                CardInstance(len(instances), pack_card.card, pack_card.slot, pack_card.foil)
            )
        packs.append(tuple(ids))
    return tuple(instances), packs


def start(
    config: DraftConfig, players: Sequence[str], seed: int, booster: PackSource | None = None,
    bots: Collection[str] = (),
) -> DraftState:
    """Seat the players, open every pack of every round, and put round 1 in front of them.

    Pack `k` is opened by seat `k mod n` in round `k // n + 1`; its id never changes.
    `bots`: the players who are bots, to seat the people between them (`seat_players`);
    empty for the plain seeded shuffle.
    """
    check_players(config, tuple(players))
    booster = booster or line_up(config.round_sets, config.seats)
    seats_n = config.seats
    cards, contents = deal_packs(booster, seed, seats_n * config.rounds)
    packs = tuple(
        Pack(id=k, round=k // seats_n + 1, opener=k % seats_n, cards=ids)
        for k, ids in enumerate(contents)
    )
    seats = tuple(
        Seat(index=i, player=name, queue=(i,))
        for i, name in enumerate(seat_players(players, seed, bots))
    )
    return DraftState(
        config=config,
        seed=seed,
        cards=cards,
        packs=packs,
        seats=seats,
        round=1,
        cards_left_in_round=sum(len(p.cards) for p in packs[:seats_n]),
    )


def pick(
    state: DraftState, seat: int, card_ids: Sequence[int]
) -> tuple[DraftState, list[Change]]:
    """The seat takes `card_ids` from the pack in front of it and passes the rest on."""
    pack = _pack_in_front(state, seat)
    taken = _check_pick(state, pack, card_ids)
    remaining = tuple(card for card in pack.cards if card not in taken)
    before = state.seats[seat]
    changes: list[Change] = [
        PickMade(seat, state.round, before.round_picks + 1, pack.id, pack.cards, taken)
    ]
    seats = list(state.seats)
    seats[seat] = Seat(
        index=seat,
        player=before.player,
        queue=before.queue[1:],
        pool=before.pool + taken,
        picks=before.picks + 1,
        round_picks=before.round_picks + 1,
    )
    packs = list(state.packs)
    packs[pack.id] = Pack(pack.id, pack.round, pack.opener, remaining)
    if remaining:
        neighbour = (seat + state.direction.step) % state.config.seats
        receiver = seats[neighbour]
        seats[neighbour] = Seat(
            neighbour,
            receiver.player,
            receiver.queue + (pack.id,),
            receiver.pool,
            receiver.picks,
            receiver.round_picks,
        )
        changes.append(PackPassed(pack.id, seat, neighbour))
    else:
        changes.append(PackEmptied(pack.id))
    left = state.cards_left_in_round - len(taken)
    next_state = DraftState(
        state.config, state.seed, state.cards, tuple(packs), tuple(seats), state.round, left
    )
    if left == 0:
        next_state = _next_round(next_state, changes)
    return next_state, changes


def _pack_in_front(state: DraftState, seat: int) -> Pack:
    if state.finished:
        raise DraftOverError("the draft is over")
    if not 0 <= seat < state.config.seats:
        raise UnknownSeatError(f"there is no seat {seat} at a table of {state.config.seats}")
    pack = state.current_pack(seat)
    if pack is None:
        raise NoPackError(f"seat {seat} has no pack yet")
    return pack


def _check_pick(state: DraftState, pack: Pack, card_ids: Sequence[int]) -> tuple[int, ...]:
    needed = min(state.config.picks_per_pass, len(pack.cards))
    taken = tuple(card_ids)
    if len(taken) != needed:
        raise WrongPickCountError(f"take {needed} card(s) from this pack, not {len(taken)}")
    if len(set(taken)) != len(taken):
        raise DuplicateCardError("the same card was picked twice")
    for card in taken:
        if card not in pack.cards:
            raise CardNotInPackError(f"card {card!r} is not in the pack in front of you")
    return taken


def _next_round(state: DraftState, changes: list[Change]) -> DraftState:
    """Open the next round's packs, or finish the draft after the last round."""
    if state.round >= state.config.rounds:
        changes.append(DraftFinished())
        return DraftState(
            state.config, state.seed, state.cards, state.packs, state.seats, state.round, 0, True
        )
    n = state.config.seats
    round_number = state.round + 1
    first = (round_number - 1) * n
    seats = tuple(
        Seat(s.index, s.player, (first + s.index,), s.pool, s.picks, 0) for s in state.seats
    )
    changes.append(RoundStarted(round_number, state.config.direction(round_number).label))
    left = sum(len(state.packs[k].cards) for k in range(first, first + n))
    return DraftState(
        state.config, state.seed, state.cards, state.packs, seats, round_number, left
    )


def auto_pick(state: DraftState, seat: int, bot: Bot) -> tuple[DraftState, list[Change]]:
    """Let `bot` choose for the seat (bots, and humans whose pick timer ran out)."""
    pack = _pack_in_front(state, seat)
    context = PickContext(state.seed, seat, frozenset(state.config.sets))
    choice = bot.choose(
        state.instances(pack.cards), state.pool_of(seat), state.picks_needed(seat), context
    )
    return pick(state, seat, choice)



class SeatView(NamedTuple):
    """All a seat may see: its own pack and pool, and public facts about the table.

    Why a named tuple, not a frozen dataclass: every view a pick sends builds one, and a
    frozen dataclass sets its 17 fields one `object.__setattr__` at a time; a tuple is
    built in one C call, and is as read-only (issue #45)."""

    seat: int
    player: str
    players: tuple[str, ...]
    round: int
    rounds: int
    pick: int
    pick_in_round: int
    direction: str
    round_set: str
    line_up: tuple[str, ...]
    pack_id: int | None
    pack: tuple[CardInstance, ...] | None
    picks_needed: int
    packs_waiting: int
    pool: tuple[CardInstance, ...]
    waiting_on: int | None
    finished: bool


def view_for(state: DraftState, seat: int) -> SeatView:
    """The seat's view. Never contains another seat's pack or pool."""
    if not 0 <= seat < state.config.seats:
        raise UnknownSeatError(f"there is no seat {seat} at a table of {state.config.seats}")
    me = state.seats[seat]
    pack = state.current_pack(seat)
    return SeatView(
        seat=seat,
        player=me.player,
        players=state.players,
        round=state.round,
        rounds=state.config.rounds,
        pick=me.picks + 1,
        pick_in_round=me.round_picks + 1,
        direction=state.direction.label,
        round_set=state.config.set_for_round(state.round),
        line_up=state.config.round_sets,
        pack_id=pack.id if pack else None,
        pack=state.instances(pack.cards) if pack else None,
        picks_needed=state.picks_needed(seat),
        packs_waiting=max(len(me.queue) - 1, 0),
        pool=state.pool_of(seat),
        waiting_on=None if pack or state.finished else waiting_on(state, seat),
        finished=state.finished,
    )


def passed_from(state: DraftState, seat: int) -> int:
    """The neighbour whose passes reach `seat` this round (every queued pack came from it)."""
    return (seat - state.direction.step) % state.config.seats


def waiting_on(state: DraftState, seat: int) -> int | None:
    """The nearest upstream seat holding a pack: whose pick the seat waits for."""
    n = state.config.seats
    step = state.direction.step
    for distance in range(1, n):
        upstream = (seat - step * distance) % n
        if state.seats[upstream].queue:
            return upstream
    return None


def waiting_on_all(state: DraftState) -> tuple[int | None, ...]:
    """`waiting_on` of every seat, by seat, in one walk round the table twice in the
    passing direction (the last seat seen holding a pack is the nearest upstream one),
    with the direction read once: every pick compares the whole table's (issue #45)."""
    n = state.config.seats
    step = state.direction.step
    seats = state.seats
    found: list[int | None] = [None] * n
    last: int | None = None
    for k in range(2 * n):
        seat = (step * k) % n
        if k >= n:  # a whole lap seen: `last` is the nearest holder upstream, or itself
            found[seat] = last if last != seat else None
        if seats[seat].queue:
            last = seat
    return tuple(found)


def seats_to_act(state: DraftState) -> list[int]:
    """Seats that have a pack in front of them now."""
    return [seat.index for seat in state.seats if seat.queue and not state.finished]
