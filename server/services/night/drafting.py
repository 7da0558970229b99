"""Picks: a human pick, the bot picks it triggers, timer auto-picks, and pick deadlines.

Why bots run inside the same command: a bot seat picks as soon as a change gives it a
pack, under the pod's lock, and its picks are stored in the same transaction as the human
pick that caused them; the table never waits on a bot and a crash never splits the two.

Why picks are queued, not committed here: the pod's mutex covers only the pure step
(check → engine → bots → plan), which builds on the pod's tip; the write then joins the
group commit (`server.db.writer`) and the mutex is free for the next pick of the same pod.
The pick is acknowledged, swapped in and published only after its transaction committed;
if it fails, the pod's tip falls back to the committed state and the phone hears
"try again" (`db_busy`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from draft import engine
from draft.bots import Bot
from draft.changes import Change, DraftFinished, PackPassed, PickMade, RoundStarted
from draft.engine import waiting_on_all
from draft.state import DraftState
from server.core.errors import ConflictError
from server.db import Session, repo
from server.db.writer import Write
from server.realtime.live import LivePlayer, LivePod, Tip
from server.runtime import Runtime
from server.services.commit import Stage, queue
from server.services.night.waiting_views import publish_step

PickEntry = tuple[int, tuple[int, ...], bool]
"""(seat, card ids, by_bot) of a pick not yet numbered."""


@dataclass(eq=False)
class Step:
    """A computed but not yet stored change of a pod: what to write, then what to swap in."""

    state: DraftState
    picks: list[repo.PickRecord]
    deadlines: list[tuple[LivePlayer, datetime | None, int | None]]
    finished: bool
    seats: frozenset[int] | None
    waiting: frozenset[int] = frozenset()
    """Waiting seats whose only change is `waiting_on`: told later (`affected_seats`)."""
    pod_values: dict[str, Any] = field(default_factory=dict)


def seat_of(state: DraftState) -> dict[str, int]:
    """Player id → seat, as the state seats them (equal to each `LivePlayer.seat` once the
    pod is live; a step computed before the start's commit has only the state's word)."""
    return {seat.player: seat.index for seat in state.seats}


def run_bots(pod: LivePod, state: DraftState, bot: Bot,
             players: Sequence[LivePlayer] | None = None,
             ) -> tuple[DraftState, list[PickEntry], list[Change]]:
    """Let every bot seat with a pack pick, until no bot seat has one (or the draft ends).

    `players` (default: the pod's) is who sits at the table, for a step computed before
    a seat change is live (the start, a seat handed to the bot)."""
    bots = [p for p in (pod.night.players if players is None else players) if p.bot]
    if not bots:  # most picks at a table of people: no seat map to build (#45)
        return state, [], []
    seats = seat_of(state)
    bot_seats = sorted(seats[p.id] for p in bots if p.id in seats)
    entries: list[PickEntry] = []
    changes: list[Change] = []
    progressed = bool(bot_seats)
    while progressed and not state.finished:
        progressed = False
        for seat in bot_seats:
            if state.seats[seat].queue and not state.finished:
                state, made = engine.auto_pick(state, seat, bot)
                first = made[0]
                assert isinstance(first, PickMade)
                entries.append((seat, first.cards, True))
                changes.extend(made)
                progressed = True
    return state, entries, changes


def plan_deadlines(
    pod: LivePod, state: DraftState, now: datetime,
    players: Sequence[LivePlayer] | None = None,
) -> list[tuple[LivePlayer, datetime | None, int | None]]:
    """New deadlines: a human seat gets `timer` seconds from when a new pack reaches the
    front of its queue; a seat without a pack (or a bot) has none."""
    if pod.setup.timer_seconds is None:
        return []
    timer = timedelta(seconds=pod.setup.timer_seconds)
    planned = []
    known = pod.pipeline.tip.deadlines if pod.pipeline.tip is not None else {}
    seats = seat_of(state)
    for player in pod.night.players if players is None else players:
        if player.id not in seats:
            continue
        current, current_pack = known.get(player.id, (player.deadline, player.deadline_pack))
        waiting = state.seats[seats[player.id]].queue
        head = waiting[0] if waiting and not player.bot and not state.finished else None
        if head is not None and head == current_pack and current is not None:
            continue
        deadline = None if head is None else now + timer
        if deadline != current or head != current_pack:
            planned.append((player, deadline, head))
    return planned


def affected_seats(
    before: DraftState | None, state: DraftState, changes: Sequence[Change]
) -> tuple[frozenset[int] | None, frozenset[int]]:
    """Seats whose view changed, as (told at once, told later): pickers and receivers at
    once (`None`: everyone, for a new round or the end of the draft); waiting seats whose
    only change is `waiting_on` later, once per window (`server.realtime.waiting`).

    Why compare `waiting_on`: with fast pickers most seats wait most of the time, and a
    pick elsewhere rarely changes whom they wait for; an update that changes nothing costs
    a view build on the laptop and a parse on every such phone. Why later: the name under
    "is still picking." is all such an update changes, and a frame per waiting seat and
    pick was half of a table-pace pick's frames in the serial bench (issue #45)."""
    seats: set[int] = set()
    for change in changes:
        if isinstance(change, RoundStarted | DraftFinished):
            return None, frozenset()
        if isinstance(change, PickMade):
            seats.add(change.seat)
        elif isinstance(change, PackPassed):
            seats.add(change.to_seat)
    now = waiting_on_all(state)
    then = waiting_on_all(before) if before is not None else None
    waiting: set[int] = set()
    for seat in state.seats:
        if seat.queue or seat.index in seats:
            continue
        if then is None:
            seats.add(seat.index)
        elif then[seat.index] != now[seat.index]:
            waiting.add(seat.index)
    return frozenset(seats), frozenset(waiting)


def advance(
    rt: Runtime, pod: LivePod, state: DraftState, entries: list[PickEntry],
    changes: list[Change], players: Sequence[LivePlayer] | None = None,
    drafting: bool | None = None,
) -> Step:
    """After a pure change: bots pick, the picks get sequence numbers, deadlines move.

    `players` and `drafting` describe the pod as the step will leave it when that differs
    from memory (the start: bots seated, phase drafting), so memory changes only after
    the commit."""
    before = pod.pipeline.tip.state if pod.pipeline.tip is not None else pod.night.state
    state, bot_entries, bot_changes = run_bots(pod, state, rt.bot, players)
    entries = entries + bot_entries
    changes = changes + bot_changes
    next_seq = pod.pipeline.tip.next_seq if pod.pipeline.tip is not None else pod.night.next_seq
    picks = [(next_seq + i, seat, cards, by_bot)
             for i, (seat, cards, by_bot) in enumerate(entries)]
    if drafting is None:
        drafting = pod.night.phase == "drafting"
    finished = state.finished and drafting
    seats, waiting = affected_seats(before, state, changes)
    step = Step(state, picks, plan_deadlines(pod, state, rt.now(), players), finished,
                seats, waiting)
    if finished:
        step.pod_values["phase"] = "building"
        step.seats, step.waiting = None, frozenset()
    return step


def stage(session: Session, pod: LivePod, step: Step) -> None:
    """Write the step (no commit: the calling service commits once)."""
    repo.append_picks(session, pod.id, step.picks)
    stage_besides_picks(session, pod, step)


def stage_besides_picks(session: Session, pod: LivePod, step: Step) -> None:
    """Write the step's deadlines and pod values; the pick pipeline hands its picks to
    the writer, which appends every pick of a transaction in one statement."""
    repo.set_deadlines(session, [(p.id, deadline) for p, deadline, _ in step.deadlines])
    if step.pod_values:
        repo.update_pod(session, pod.id, **step.pod_values)


def swap(rt: Runtime, pod: LivePod, step: Step) -> None:
    """After the commit: the new state goes live and subscribers hear of it."""
    pod.night.state = step.state
    pod.night.next_seq += len(step.picks)
    for player, deadline, head in step.deadlines:
        player.deadline = deadline
        player.deadline_pack = head
    if step.finished:
        pod.night.phase = "building"
    publish_step(rt, pod, step.seats, step.waiting)


def check_can_pick(pod: LivePod, player: LivePlayer) -> DraftState:
    """The state the seat's next pick builds on (the tip), or why it may not pick."""
    if pod.night.phase != "drafting" or pod.night.state is None:
        raise ConflictError(f"the pod is in the {pod.night.phase} phase, not drafting",
                            "wrong_phase")
    if pod.night.paused:
        raise ConflictError("the host paused the draft; picks resume when it continues",
                            "paused")
    if player.bot or player.seat is None:
        raise ConflictError("a bot is drafting for this seat now", "seat_is_bot")
    return pod.pipeline.tip.state if pod.pipeline.tip is not None else pod.night.state


def queue_step(rt: Runtime, pod: LivePod, step: Step) -> asyncio.Future[None]:
    """Queue the step for the group commit and move the pod's tip past it (no await:
    call under the pod's mutex). The future resolves once it is committed and live."""
    tip = pod.pipeline.tip
    deadlines = dict(tip.deadlines) if tip is not None else {}
    for player, deadline, head in step.deadlines:
        deadlines[player.id] = (deadline, head)
    next_seq = (tip.next_seq if tip is not None else pod.night.next_seq) + len(step.picks)
    epoch = pod.pipeline.epoch

    def committed() -> None:
        swap(rt, pod, step)
        settle()

    def failed() -> None:
        if pod.pipeline.epoch == epoch:  # the first failure voids every write queued on top of it
            pod.pipeline.epoch += 1
            pod.pipeline.tip = None
        settle()

    def settle() -> None:
        pod.lock.done()
        if pod.lock.in_flight == 0:
            pod.pipeline.tip = None

    besides: Stage | None = None  # picks only: the writer needs no ORM session
    if step.deadlines or step.pod_values:
        besides = partial(stage_besides_picks, pod=pod, step=step)
    future = queue(rt, Write(stage=besides, committed=committed, failed=failed,
                             valid=lambda: pod.pipeline.epoch == epoch,
                             picks=(pod.id, step.picks)), pod=pod)
    pod.lock.queued()
    pod.pipeline.tip = Tip(step.state, next_seq, deadlines, future)
    return future


def is_new_pick(state: DraftState, seat: int, pick_number: int, cards: Sequence[int]) -> bool:
    """Whether `pick_number` is the seat's current pick (false: a repeat of an applied
    one with the same cards); raises `stale_pick` for any other pick number or cards."""
    current = state.seats[seat].picks + 1
    if pick_number > current:
        raise ConflictError(
            f"pick {pick_number} is not your current pick ({current}); refresh your view",
            "stale_pick")
    if pick_number < current:
        if not set(cards) <= set(state.seats[seat].pool):
            raise ConflictError(
                f"pick {pick_number} was already made with other cards (the pick timer may "
                "have picked for you); refresh your view", "stale_pick")
        return False
    return True


async def submit_pick(
    rt: Runtime, pod: LivePod, player: LivePlayer, pick_number: int, cards: Sequence[int]
) -> bool:
    """`pick` until it lands: with several processes, a pick that lost a race to another
    process is made again on the caught-up pod (`server.modes.mode.Mode.pick`)."""
    return await rt.mode.pick(pod, player, pick_number, cards,
                              lambda: pick(rt, pod, player, pick_number, cards))


async def pick(
    rt: Runtime, pod: LivePod, player: LivePlayer, pick_number: int, cards: Sequence[int]
) -> bool:
    """Apply the seat's pick; returns whether a pick was applied, once it is committed
    (the caller builds the view it needs: the socket sends only an ack). Raises
    `BusyError` (nothing changed) when the commit failed."""
    stored = await queue_pick(rt, pod, player, pick_number, cards)
    if stored is None:
        return False
    await stored
    return True


async def queue_pick(
    rt: Runtime, pod: LivePod, player: LivePlayer, pick_number: int, cards: Sequence[int]
) -> asyncio.Future[None] | None:
    """Check and queue the seat's pick; returns the future of its write (resolved once it
    is committed and live, `BusyError` if its transaction failed), or `None` when the pick
    repeats one already committed (nothing to store).

    Why split from `submit_pick`: the socket registers the future before the commit, so
    the update that shows the pick can carry its acknowledgement.

    A repeat of an applied pick (an older pick number whose cards are all in the pool)
    changes nothing and returns once that earlier pick is committed; an older pick number
    with other cards is a `stale_pick` conflict, so a phone is never told its cards were
    taken when the pick timer took others.
    """
    while True:
        async with pod.lock.pipelined():
            state = check_can_pick(pod, player)
            assert player.seat is not None
            if not is_new_pick(state, player.seat, pick_number, cards):
                if pod.pipeline.tip is None:
                    return None
                earlier = pod.pipeline.tip.last
            else:
                new_state, changes = engine.pick(state, player.seat, list(cards))
                first = changes[0]
                assert isinstance(first, PickMade)
                step = advance(rt, pod, new_state, [(player.seat, first.cards, False)],
                               changes)
                return queue_step(rt, pod, step)
        # The same pick is queued but not committed yet: wait for it, then look again.
        with contextlib.suppress(Exception):
            await asyncio.shield(earlier)


async def expire_deadline(rt: Runtime, pod: LivePod, player: LivePlayer,
                          now: datetime | None = None) -> bool:
    """The pick timer ran out: the bot picks for the seat (stored as `by_bot`).

    `now` is the timer tick's moment, the one its sleep check measured (`server.services.
    timers`): read again here, a laptop that slept in between would cost the seat its pick
    before the next tick could give the time back."""
    async with pod.lock:
        if pod.night.phase != "drafting" or pod.night.paused or pod.night.state is None:
            return False
        if player.bot or player.seat is None or player.deadline is None:
            return False
        if player.deadline > (now or rt.now()) or not pod.night.state.seats[player.seat].queue:
            return False
        new_state, changes = engine.auto_pick(pod.night.state, player.seat, rt.bot)
        first = changes[0]
        assert isinstance(first, PickMade)
        step = advance(rt, pod, new_state, [(player.seat, first.cards, True)], changes)
        await queue_step(rt, pod, step)
        return True


def due_players(pod: LivePod, now: datetime) -> list[LivePlayer]:
    """Human seats whose pick deadline has passed (the timer loop's question)."""
    if pod.night.phase != "drafting" or pod.night.paused or pod.setup.timer_seconds is None:
        return []
    return [p for p in pod.night.players
            if not p.bot and p.deadline is not None and p.deadline <= now]
