"""The host's commands and joining: create, join, start, pause, resume, bot, kick, end.

Why each is one short function: every command is lock → check phase → pure call → stage
→ commit → swap and publish, so the order of effects is visible at a glance.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import anyio

from draft import engine
from draft.cards import load_set
from draft.catalog import build_catalog
from draft.cube import Cube, parse_cube, read_cube_lines
from draft.state import DraftConfig
from pods import reveal
from pods.player_names import clean_name, same_name
from server.core.errors import ConflictError, InvalidError
from server.core.security import hash_token, new_id, new_token
from server.db import Session, cards_store, repo
from server.realtime.live import LivePlayer, LivePod, PodSetup, StoredNight
from server.runtime import Runtime
from server.services.caps import LAPTOP, Creator, check_pod_room
from server.services.commit import Stage, commit
from server.services.lobby_guard import LOCKED_POD, Guard, check_entry
from server.services.night import rows
from server.services.night.drafting import Step, advance, seat_of, stage, swap
from server.services.night.snapshots import snapshot_after_night
from server.services.tables import round_links


def load_cube(rt: Runtime, text: str, seats: int) -> Cube:
    """Resolve a cube list against the bundled and imported cards; refuse one too small.

    Blocking (a database read and up to `MAX_CUBE_CARDS` lookups): `create_pod` runs it in
    a worker thread so the event loop keeps answering everyone else meanwhile.
    """
    with rt.session() as session:
        imported = cards_store.list_imported_cards(session)
    cube = parse_cube(text, build_catalog(imported))
    cube.check_size(seats, DraftConfig().rounds)
    return cube


@dataclass(frozen=True)
class PodOptions:
    """What a host may choose beyond the set: a line-up and the house rules."""

    packs: Sequence[str] | None = None
    """One set per round (a mixed night); `None`: every round opens the pod's set."""
    starting_life: int = 40
    deck_size_rule: str = "at-least"
    set_given: bool = False
    """The request named a set too: refused beside a line-up (which one would it be?)."""
    replay_visibility: str = reveal.DEFAULT
    """Who may replay whose draft once it is over (`pods.reveal`)."""
    bots_between_people: bool = True
    """Seat the people between the bots (evenly; on by default, only bots make it matter)."""


def check_line_up(packs: Sequence[str], options: PodOptions, cube: bool) -> tuple[str, ...]:
    """The line-up as set codes, each a bundled set, one per round; `InvalidError` if not."""
    codes = tuple(code.upper() for code in packs)
    rounds = DraftConfig().rounds
    if cube or options.set_given:
        raise InvalidError("give a set, a line-up of packs or a cube, not two of them",
                           "bad_packs")
    if len(codes) != rounds:
        raise InvalidError(f"a line-up names one set for each of the {rounds} rounds, "
                           f"not {len(codes)}", "bad_packs")
    for code in dict.fromkeys(codes):
        load_set(code)  # UnknownSetError → 422 before anything is stored
    return codes


@dataclass(frozen=True)
class Created:
    pod: LivePod
    token: str


async def create_pod(
    rt: Runtime, set_code: str, seats: int, seed: int | None, timer: int | None, bots: bool,
    cube_text: str | None = None, options: PodOptions | None = None,
    creator: Creator = LAPTOP,
) -> Created:
    """A new pod in the lobby; the host token is returned once and stored hashed.

    With `cube_text` (`N Name` lines) the pod drafts that cube instead of the set's boosters.
    Under the runtime's creation lock, so two hosts at once cannot pass `max_pods` together;
    `creator`'s share of the caps applies (`server.services.caps`).
    """
    async with rt.event_lock:
        return await _create_pod(rt, set_code, seats, seed, timer, bots, cube_text, options,
                                 creator)


async def _create_pod(
    rt: Runtime, set_code: str, seats: int, seed: int | None, timer: int | None, bots: bool,
    cube_text: str | None, options: PodOptions | None, creator: Creator,
) -> Created:
    check_pod_room(rt, creator)
    options = options or PodOptions()
    set_code = set_code.upper()
    cube = None
    packs: tuple[str, ...] = ()
    if options.packs is not None:
        packs = check_line_up(options.packs, options, cube_text is not None)
        config = DraftConfig.for_packs(packs, seats=seats)
        set_code, packs = config.set_code, config.packs
    if cube_text is not None:
        read_cube_lines(cube_text)  # the caps, at once: no catalog is built for a flood
        cube = await anyio.to_thread.run_sync(load_cube, rt, cube_text, seats)
        set_code = cube.set_code
        check_pod_room(rt, creator)  # pods may have been made while the list was resolved
    else:
        load_set(set_code)  # UnknownSetError → 422 before anything is stored
    low, high = rt.settings.min_pick_timer_seconds, rt.settings.max_pick_timer_seconds
    if timer is not None and not low <= timer <= high:
        raise InvalidError(f"the pick timer is {low} to {high} seconds, or off", "bad_timer")
    token = new_token()
    pod = LivePod(PodSetup(
        id=new_id(), set_code=set_code, seats=seats,
        seed=seed if seed is not None else secrets.randbelow(2**63),
        timer_seconds=timer, bots_allowed=bots, host_hash=hash_token(token),
        cube=cube, packs=packs, starting_life=options.starting_life,
        deck_size_rule=options.deck_size_rule,
        bots_between_people=options.bots_between_people, created_by=creator.address or None,
    ), night=StoredNight(replay_visibility=options.replay_visibility), cards=rt.cards)
    row = rows.pod_row(pod)
    await commit(rt, lambda session: repo.add_pod(session, row),
                 lambda: rt.registry.add(pod), pod=pod, new=True)
    return Created(pod, token)


def _active(pod: LivePod) -> list[LivePlayer]:
    return [p for p in pod.night.players if not p.kicked]


async def join_pod(rt: Runtime, pod: LivePod, name: str,
                   code: str | None = None) -> tuple[LivePlayer, str]:
    """A player takes a place in the lobby; returns the player and the seat token.

    A night's pods take no one this way: the host deals the night's players into them, and
    a seat taken beside that would be a second seat for someone already dealt in.

    With several processes, a join that lost the race to another process's change of the
    pod (someone else joined there) is checked again on the caught-up pod, so a name taken
    meanwhile is refused as `name_taken`, not as "try again".
    """
    return await rt.mode.retried(pod.id, lambda: _join_pod(rt, pod, name, code))


async def _join_pod(rt: Runtime, pod: LivePod, name: str,
                    code: str | None) -> tuple[LivePlayer, str]:
    async with pod.lock:
        if pod.setup.event_id is not None:
            raise ConflictError("this pod belongs to a night; the host deals its seats",
                                "event_pod")
        name = clean_name(name)
        if pod.night.phase != "lobby":
            raise ConflictError("the draft has already started", "pod_started")
        check_entry(Guard(pod.night.locked, pod.night.join_code), code, LOCKED_POD)
        if len(_active(pod)) >= pod.setup.seats:
            raise ConflictError(f"all {pod.setup.seats} seats are taken", "pod_full")
        if any(same_name(p.name, name) for p in _active(pod)):
            raise ConflictError(f"someone is already called {name!r}; pick another name",
                                "name_taken")
        token = new_token()
        join_index = max((p.join_index for p in pod.night.players), default=-1) + 1
        player = LivePlayer(id=new_id(), name=name, join_index=join_index,
                            token_hash=hash_token(token))
        row = rows.new_player_row(pod.id, player)

        def seated() -> None:
            pod.night.players.append(player)
            rt.hub.publish(pod.channel, pod.bump())

        await commit(rt, lambda session: repo.add_players(session, [row]), seated, pod=pod)
        return player, token


async def set_lobby(rt: Runtime, pod: LivePod, locked: bool | None,
                    join_code: bool | None, replay_visibility: str | None = None) -> None:
    """The host locks or unlocks the lobby, asks for a fresh join code (or none), or
    changes who may replay whose draft (`pods.reveal`; fixed once the draft starts)."""
    async with pod.lock:
        if pod.night.phase != "lobby":
            raise ConflictError("the lobby is closed once the draft starts", "wrong_phase")
        guard = Guard(pod.night.locked, pod.night.join_code).changed(locked, join_code)
        new_locked, new_code = guard.locked, guard.join_code
        new_reveal = replay_visibility or pod.night.replay_visibility
        if new_reveal not in reveal.MODES:
            raise InvalidError(f"replay visibility is one of {', '.join(reveal.MODES)}",
                               "bad_replay_visibility")

        def changed() -> None:
            pod.night.locked, pod.night.join_code = new_locked, new_code
            pod.night.replay_visibility = new_reveal
            rt.hub.publish(pod.channel, pod.bump())

        await commit(rt, _pod_update(pod, locked=new_locked, join_code=new_code,
                                     replay_visibility=new_reveal), changed, pod=pod)


def _bot_names(pod: LivePod, count: int) -> list[str]:
    taken = {p.name.casefold() for p in pod.night.players}
    names: list[str] = []
    n = 1
    while len(names) < count:
        if f"bot {n}" not in taken:
            names.append(f"Bot {n}")
        n += 1
    return names


async def start_pod(rt: Runtime, pod: LivePod) -> None:
    """Bots fill the empty seats, the seeded seating is drawn, round 1 is opened."""
    async with pod.lock:
        if pod.night.phase != "lobby":
            raise ConflictError(f"the pod is already {pod.night.phase}", "wrong_phase")
        missing = pod.setup.seats - len(pod.night.players)
        if missing and not pod.setup.bots_allowed:
            raise ConflictError(f"{missing} seats are empty and bots are off",
                                "not_enough_players")
        first = max((p.join_index for p in pod.night.players), default=-1) + 1
        bots = [LivePlayer(id=new_id(), name=name, join_index=first + i, bot=True,
                           seat_filler=True)
                for i, name in enumerate(_bot_names(pod, missing))]
        players = sorted(pod.night.players + bots, key=lambda p: p.join_index)
        state = engine.start(pod.config, [p.id for p in players], pod.setup.seed,
                             pod.pack_source, pod.seated_bots(players))
        seats = seat_of(state)
        # The bots and seats go live with the swap: the step sees them, memory does not.
        step = advance(rt, pod, state, [], [], players=players, drafting=True)
        step.pod_values.setdefault("phase", "drafting")
        # The timers run from now: a restart before the timer loop's first save still gives
        # each seat the time it had left (`timer_gaps.resume_after_restart`).
        step.pod_values["timers_saved_at"] = rt.now()
        step.pod_values["version"] = pod.connections.version + 1
        bot_rows = [rows.new_player_row(pod.id, b, seats[b.id]) for b in bots]
        seating = [(p.id, seats[p.id]) for p in players if p not in bots]

        def staged(session: Session) -> None:
            repo.add_players(session, bot_rows)
            for player_id, seat in seating:
                repo.update_player(session, player_id, seat=seat)
            stage(session, pod, step)

        def started() -> None:
            pod.night.players = players
            for player in players:
                player.seat = seats[player.id]
            pod.night.phase = "drafting"
            step.seats = None
            swap(rt, pod, step)

        await commit(rt, staged, started, pod=pod)


def _pod_update(pod: LivePod, **values: object) -> Stage:
    """Stage the pod row's new values (the version is read now, not on the writer)."""
    values["version"] = pod.connections.version + 1
    return lambda session: repo.update_pod(session, pod.id, **values)


async def pause_pod(rt: Runtime, pod: LivePod) -> None:
    async with pod.lock:
        if pod.night.phase != "drafting" or pod.night.paused:
            raise ConflictError("only a running draft can be paused", "wrong_phase")
        now = rt.now()

        def paused() -> None:
            pod.night.paused, pod.night.paused_at = True, now
            rt.hub.publish(pod.channel, pod.bump())

        await commit(rt, _pod_update(pod, paused=True, paused_at=now), paused, pod=pod)


async def resume_pod(rt: Runtime, pod: LivePod) -> None:
    """Deadlines move later by the time spent paused (timers were frozen)."""
    async with pod.lock:
        if not pod.night.paused:
            raise ConflictError("the draft is not paused", "not_paused")
        shift = rt.now() - (pod.night.paused_at or rt.now())
        moved = [(p, p.deadline + shift) for p in pod.night.players if p.deadline is not None]
        deadlines = [(p.id, d) for p, d in moved]
        update = _pod_update(pod, paused=False, paused_at=None, timers_saved_at=rt.now())

        def staged(session: Session) -> None:
            repo.set_deadlines(session, deadlines)
            update(session)

        def resumed() -> None:
            for player, deadline in moved:
                player.deadline = deadline
            pod.night.paused, pod.night.paused_at = False, None
            rt.hub.publish(pod.channel, pod.bump())

        await commit(rt, staged, resumed, pod=pod)


async def end_pod(rt: Runtime, pod: LivePod) -> None:
    async with pod.lock:
        if pod.night.phase == "done":
            raise ConflictError("the pod has already ended", "wrong_phase")
        _check_lends_no_open_table(rt, pod)

        def ended() -> None:
            pod.night.phase, pod.night.paused = "done", False
            rt.hub.publish(pod.channel, pod.bump())

        await commit(rt, _pod_update(pod, phase="done", paused=False), ended, pod=pod)
    await snapshot_after_night(rt, pod)  # outside the lock: nothing of the pod waits on it


def _check_lends_no_open_table(rt: Runtime, pod: LivePod) -> None:
    """A later round's mixed tables are stored in the night's first pod; ending it while
    another pod's players still sit at them would stop their taps (and a restart would not
    load them again), so it ends after those pods."""
    lent = sorted(live.table for live in pod.night.games.values() if live.home == pod.id
                  and any(b.night.phase != "done" for b in round_links.borrowers(rt, live)))
    if lent:
        tables = ", ".join(str(t) for t in lent)
        raise ConflictError(f"this pod holds the round's tables {tables}, where players of "
                            "the night's other pods still play; end those pods first",
                            "round_tables_open")


def _seat_step(rt: Runtime, pod: LivePod, players: list[LivePlayer]) -> Step | None:
    if pod.night.phase == "drafting" and pod.night.state is not None and not pod.night.paused:
        return advance(rt, pod, pod.night.state, [], [], players=players)
    return None


async def set_bot(rt: Runtime, pod: LivePod, player: LivePlayer, bot: bool) -> None:
    """Replace a seat with the bot, or hand it back to its player."""
    async with pod.lock:
        if pod.night.phase == "lobby" or player.seat is None:
            raise ConflictError("seats become bots once the draft has started", "wrong_phase")
        if player.kicked and not bot:
            raise ConflictError(f"{player.name} was removed from the pod", "kicked")
        if player.token_hash is None and not bot:
            raise ConflictError(f"{player.name} is a bot seat with no player", "no_player")
        await _change_seat(rt, pod, player, bot=bot)


async def _change_seat(rt: Runtime, pod: LivePod, player: LivePlayer, **values: Any) -> None:
    """The step is computed on a copy of the seat as it will be; the live player takes
    the new values only after the commit."""
    changed = replace(player, **values)
    step = _seat_step(rt, pod, [changed if p is player else p for p in pod.night.players])
    if step is not None:  # deadlines planned for the copy belong to the live player
        step.deadlines = [(player if p is changed else p, deadline, head)
                          for p, deadline, head in step.deadlines]

    def staged(session: Session) -> None:
        repo.update_player(session, player.id, **values)
        if step is not None:
            stage(session, pod, step)

    def changed_seat() -> None:
        for key, value in values.items():
            setattr(player, key, value)
        if step is not None:
            step.seats = None
            swap(rt, pod, step)
        else:
            rt.hub.publish(pod.channel, pod.bump())

    await commit(rt, staged, changed_seat, pod=pod)


async def kick(rt: Runtime, pod: LivePod, player: LivePlayer) -> None:
    """In the lobby the player leaves; later the seat becomes a bot and the token dies."""
    async with pod.lock:
        if pod.night.phase == "lobby":

            def left() -> None:
                pod.night.players.remove(player)
                rt.hub.publish(pod.channel, pod.bump())

            await commit(rt, lambda session: repo.delete_player(session, player.id), left,
                         pod=pod)
            return
        if player.token_hash is None:
            raise ConflictError(f"{player.name} is a bot seat", "no_player")
        await _change_seat(rt, pod, player, bot=True, kicked=True, token_hash=None)


def mark_connected(rt: Runtime, pod: LivePod, player_id: str, delta: int) -> None:
    """A socket opened (+1) or closed (−1); views change when a player appears or leaves."""
    before = pod.connections.connected[player_id] > 0
    pod.connections.connected[player_id] += delta
    if pod.connections.connected[player_id] <= 0:
        del pod.connections.connected[player_id]
    if before != (pod.connections.connected[player_id] > 0) and player_id != "host":
        rt.hub.publish(pod.channel, pod.bump())
