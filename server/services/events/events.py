"""Nights bigger than one pod: open an event, players join it, the host deals them into pods.

Why tokens carry over: the host's event token is also the host token of every pod it forms,
and each player's event token becomes their seat token in their pod. So the waiting phone
already holds the key to its seat (only hashes are stored), and the host screen can open
every pod's host page without a second secret.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Sequence
from datetime import timedelta

from draft.cards import load_set
from draft.state import DraftConfig
from pods import achievements, reveal
from pods.forming import FormingError, PodPolicy, plan_pods
from pods.player_names import clean_name, same_name
from server.core.errors import ConflictError, InvalidError, UnknownPodError
from server.core.security import hash_token, new_id, new_token
from server.db import Session, event_repo, repo
from server.db.tables import EventPlayerRow, EventRow, utcnow
from server.db.writer import Rows
from server.realtime.live import LivePlayer, LivePod, PodSetup, StoredNight
from server.runtime import Runtime
from server.services import caps, lobby_guard
from server.services.commit import commit
from server.services.events.screen_tokens import screen_hash
from server.services.night import done_pods, lifecycle, rows
from server.values.night import Night

MAX_PLAYERS = 64
"""Eight pods of eight: more than any game store's tables."""


def event_channel(event_id: str) -> str:
    """The hub channel a night's own changes (a join, its pods formed) are published on:
    the store's screen listens to it beside its pods' channels."""
    return f"event:{event_id}"


async def create_event(rt: Runtime, set_code: str, seed: int | None, timer: int | None,
                       options: lifecycle.PodOptions | None = None,
                       season_id: str | None = None,
                       offered: Sequence[achievements.Achievement] = (),
                       address: str | None = None) -> tuple[EventRow, str]:
    """A night whose pods all draft `set_code`, or the line-up and house rules of `options`;
    it counts for `season_id` (whose host the caller checked) when given, and offers the
    season's achievements (`offered`, already checked) until its host changes them.

    `address` is the client that asks (`None`: the laptop itself); its share of the caps
    applies (`server.services.caps`), under the runtime's creation lock."""
    options = options or lifecycle.PodOptions()
    set_code = set_code.upper()
    packs: tuple[str, ...] = ()
    if options.packs is not None:
        config = DraftConfig.for_packs(lifecycle.check_line_up(options.packs, options, False))
        set_code, packs = config.set_code, config.packs
    load_set(set_code)  # UnknownSetError → 422 before anything is stored
    low, high = rt.settings.min_pick_timer_seconds, rt.settings.max_pick_timer_seconds
    if timer is not None and not low <= timer <= high:
        raise InvalidError(f"the pick timer is {low} to {high} seconds, or off", "bad_timer")
    creator = await caps.for_request(rt, address, season_id)
    async with rt.event_lock:
        await caps.check_night_room(rt, creator)
        night = await _open_night(rt, set_code, seed, timer, options, packs, season_id,
                                  offered, creator)
    if season_id is not None and rt.warm_season is not None:
        rt.warm_season(season_id)  # a new night is a new version of its season
    return night


async def _open_night(rt: Runtime, set_code: str, seed: int | None, timer: int | None,
                      options: lifecycle.PodOptions, packs: tuple[str, ...],
                      season_id: str | None, offered: Sequence[achievements.Achievement],
                      creator: caps.Creator) -> tuple[EventRow, str]:
    token = new_token()
    row = EventRow(id=new_id(), set_code=set_code, pick_timer_seconds=timer,
                   seed=seed if seed is not None else secrets.randbelow(2**63),
                   host_token_hash=hash_token(token), packs=rows.packs_field(packs),
                   starting_life=options.starting_life, deck_size_rule=options.deck_size_rule,
                   replay_visibility=options.replay_visibility, season_id=season_id,
                   screen_token_hash=screen_hash(token),
                   achievements_json=json.dumps(achievements.as_json(offered), ensure_ascii=False)
                   if offered else None, created_by=creator.address or None,
                   changed_at=rt.now())
    return await commit(rt, lambda session: event_repo.add_event(session, row),
                        lambda: (row, token))


async def load_night(rt: Runtime, event_id: str) -> Night:
    """The event with its players and pods, read off the event loop."""
    night = await rt.read(lambda session: read_night(session, event_id))
    if night is None:
        raise UnknownPodError(f"there is no event {event_id!r}", "unknown_event")
    await follow_night(rt, night)
    await done_pods.load_done(rt, night.pod_ids)  # its finished pods, after a restart
    return night


async def follow_night(rt: Runtime, night: Night) -> None:
    """With several processes: the night's pods as stored, though this process may not
    have followed them (`server.cluster.follow`), and followed from now on."""
    for pod_id in night.pod_ids:
        await rt.mode.touch(pod_id)


def read_night(session: Session, event_id: str) -> Night | None:
    row = event_repo.get_event(session, event_id)
    if row is None:
        return None
    return Night(row, event_repo.list_event_players(session, event_id),
                 event_repo.list_event_pod_ids(session, event_id), line_up(row))


def _check_join(phase: str, players: list[EventPlayerRow], name: str) -> None:
    """Refuse a join to a night in `phase` holding `players`, as one process would."""
    if phase == "ended":
        raise ConflictError("this night has ended; ask the host", "night_ended")
    if phase != "open":
        raise ConflictError("the pods are already formed; ask the host", "pods_formed")
    if len(players) >= MAX_PLAYERS:
        raise ConflictError(f"a night holds at most {MAX_PLAYERS} players", "event_full")
    if any(same_name(p.name, name) for p in players):
        raise ConflictError(f"someone is already called {name!r}; pick another name",
                            "name_taken")


def guard_of(row: EventRow) -> lobby_guard.Guard:
    return lobby_guard.Guard(row.locked, row.join_code)


async def join_event(rt: Runtime, event_id: str, name: str,
                     code: str | None = None) -> tuple[EventPlayerRow, str]:
    """A phone takes a place in the night; the night's lobby guard (its lock, its join
    code) lets it in or not, as a pod's does (`server.services.lobby_guard`)."""
    name = clean_name(name)
    async with rt.event_lock:
        night = await load_night(rt, event_id)
        if night.row.phase == "open":
            lobby_guard.check_entry(guard_of(night.row), code, lobby_guard.LOCKED_NIGHT)
        _check_join(night.row.phase, night.players, name)
        token = new_token()
        row = EventPlayerRow(id=new_id(), event_id=event_id, name=name,
                             join_index=max((p.join_index for p in night.players),
                                            default=-1) + 1,
                             token_hash=hash_token(token))
        now = rt.now()

        def staged(session: Session) -> None:
            event_repo.add_event_player(session, row)
            event_repo.update_event(session, event_id, changed_at=now)

        async def join() -> None:
            await commit(rt, staged, lambda: rt.hub.publish(event_channel(event_id), "joined"))

        await rt.mode.join_night(event_id, row,
                                 lambda phase, players: _check_join(phase, players, name), join)
        return row, token


async def set_event_lobby(rt: Runtime, event_id: str, locked: bool | None,
                          join_code: bool | None, replay_visibility: str | None) -> None:
    """The night's host locks or unlocks its lobby, asks for a fresh join code (or none),
    or changes who may replay the pods' drafts, until the pods are formed."""
    async with rt.event_lock:
        night = await load_night(rt, event_id)
        if night.row.phase != "open":
            raise ConflictError("the lobby is closed once the pods are formed", "wrong_phase")
        guard = guard_of(night.row).changed(locked, join_code)
        values: dict[str, object] = {"locked": guard.locked, "join_code": guard.join_code,
                                     "changed_at": rt.now()}
        if replay_visibility is not None:
            if replay_visibility not in reveal.MODES:
                raise InvalidError(f"replay visibility is one of {', '.join(reveal.MODES)}",
                                   "bad_replay_visibility")
            values["replay_visibility"] = replay_visibility
        await commit(rt, lambda session: event_repo.update_event(session, event_id, **values),
                     lambda: rt.hub.publish(event_channel(event_id), "lobby"))


async def remove_player(rt: Runtime, event_id: str, player_id: str) -> None:
    """The night's host removes someone before the pods are formed (a stranger's fake
    player): the place and the name are free again, the token is no one's."""
    async with rt.event_lock:
        night = await load_night(rt, event_id)
        if night.row.phase != "open":
            raise ConflictError("the pods are already formed; players are removed from "
                                "their pod now", "pods_formed")
        if not any(p.id == player_id for p in night.players):
            raise UnknownPodError(f"there is no player {player_id!r} in this night",
                                  "unknown_player")
        now = rt.now()

        def staged(session: Session) -> None:
            event_repo.remove_event_player(session, player_id)
            event_repo.update_event(session, event_id, changed_at=now)

        await commit(rt, staged, lambda: rt.hub.publish(event_channel(event_id), "left"))


async def form_pods(rt: Runtime, event_id: str, policy: PodPolicy,
                    address: str | None = None) -> list[LivePod]:
    """Deal the players into pods (seeded), create the pods with their seats, one commit.

    The pods are `address`'s (`None`: the laptop's) for the caps; a season's night forms
    its pods from the host's reserve (`server.services.caps`)."""
    async with rt.event_lock:
        night = await load_night(rt, event_id)
        if night.row.phase != "open":
            raise ConflictError("the pods are already formed", "pods_formed")
        rng = random.Random(f"prismatic:event:{night.row.seed}")
        try:
            formed = plan_pods([p.id for p in night.players], rng, policy)
        except FormingError as error:
            raise ConflictError(str(error), error.code) from error
        creator = await caps.for_request(rt, address, night.row.season_id)
        caps.check_pod_room(rt, creator, len(formed))  # a night's pods are live pods too
        by_id = {p.id: p for p in night.players}
        created, pod_rows, assigned = [], [], []
        now = utcnow()
        for plan in formed:
            pod = LivePod(PodSetup(
                id=new_id(), set_code=night.row.set_code, seats=plan.seats,
                seed=rng.randrange(2**63), timer_seconds=night.row.pick_timer_seconds,
                bots_allowed=True, host_hash=night.row.host_token_hash, event_id=event_id,
                packs=rows.packs_of(night.row.packs),
                starting_life=night.row.starting_life,
                deck_size_rule=night.row.deck_size_rule, bots_between_people=True,
                created_by=creator.address or None),
                night=StoredNight(replay_visibility=night.row.replay_visibility,
                                  achievements=achievements.from_json(
                                      json.loads(night.row.achievements_json or "[]"))),
                cards=rt.cards)
            for index, player_id in enumerate(plan.players):
                person = by_id[player_id]
                pod.night.players.append(LivePlayer(id=new_id(), name=person.name,
                                                    join_index=index,
                                                    token_hash=person.token_hash))
                assigned.append((person.id, pod.id))
            created.append(pod)
            # Pods of one night sort by their number: created_at differs by a microsecond.
            pod_rows.append(rows.pod_row(pod, night.row.achievements_json,
                                         now + timedelta(microseconds=plan.number)))
        players = [rows.new_player_row(pod.id, p) for pod in created for p in pod.night.players]

        def staged(session: Session) -> None:
            if not rt.mode.claim_open_night(session, event_id):
                raise ConflictError("the pods are already formed", "pods_formed")
            for row in pod_rows:
                repo.add_pod(session, row)
            session.flush()
            repo.add_players(session, players)
            event_repo.assign_pods(session, assigned)
            event_repo.set_event_phase(session, event_id, "formed")
            rt.mode.announce_pods(session, [row.id for row in pod_rows])

        def formed_pods() -> list[LivePod]:
            for pod in created:
                rt.mode.moved(pod)  # announced: at its first revision
                rt.registry.add(pod)
            rt.hub.publish(event_channel(event_id), "formed")
            return created

        # Several processes: another one may have formed the night since it was read;
        # the claim then refuses this write alone (409, not the batch's "try again").
        return await commit(rt, staged, formed_pods, rows=Rows(events=(event_id,)),
                            refusable=True)


async def start_all(rt: Runtime, event_id: str) -> None:
    """Start every pod of the night still in its lobby (bots fill the empty seats)."""
    for pod_id in (await load_night(rt, event_id)).pod_ids:
        pod = rt.registry.find(pod_id)
        if pod is not None and pod.night.phase == "lobby":
            await lifecycle.start_pod(rt, pod)


def pods_of(rt: Runtime, night: Night) -> list[LivePod]:
    return [pod for pod_id in night.pod_ids if (pod := rt.registry.find(pod_id)) is not None]


def line_up(row: EventRow) -> list[str]:
    """The set each round of the night's pods opens."""
    return list(rows.packs_of(row.packs)) or [row.set_code] * DraftConfig().rounds
