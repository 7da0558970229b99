"""A night's rounds: "Next round" re-seats every pod's players by tonight's standings.

Round 1 is each pod's own table split (`building.split`). After a round's games the
event's host starts the next round: every person who plays (no bots, nobody kicked) of
every pod of the night is re-seated across the night by this night's points
(`pods.season.seating`), and each new table starts a fresh tracker game with the
commanders of the deck its players built in their pod.

Why the new games live in the night's first pod (the *home* pod), with their round: a
table may seat players of several pods, and a tracker game needs one log, one lock and
one writer. Storing it as a `game` row of one of the night's pods means every reader that
scans the pods' games (summaries, standings, the store's screen) sees it, and a restart
replays it like any game. Each other pod whose players sit at it borrows the same live
game (`round_links`), so players keep their own seat tokens, phones and socket; their
seat view shows the new table, and their taps are routed to the home pod (`holder`).

Why the host names the round: a double press or two host screens must not skip a round;
"start round 3" while round 3 already started is refused, not done twice.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass

from pods.errors import PodsError
from pods.game_result import result_of
from pods.season.scoring import Scheme
from pods.season.seating import met_pairs, seat
from pods.split import Table
from pods.table_state import seed_of
from pods.tracker import Player, new_game, replay_game
from server.core.errors import ConflictError, InvalidError
from server.core.security import new_id
from server.db import Session, game_repo, repo
from server.db.tables import GameRow
from server.db.writer import Rows
from server.realtime.live import LiveGame, LivePlayer, LivePod
from server.realtime.readiness import table_players
from server.runtime import Runtime
from server.services.commit import commit
from server.services.events import events
from server.services.night import rows
from server.services.seasons import seasons
from server.services.tables import round_links
from server.services.tables.games import commanders_of, game_at


@dataclass(frozen=True)
class PlayedGame:
    """One stored game of the night: its players' names and what each scored."""

    players: tuple[str, ...]
    points: dict[str, int]


def night_games(session: Session, pod_ids: Sequence[str],
                scheme: Scheme) -> list[PlayedGame]:
    """Every game played tonight in the night's pods, with its points (none while it has
    no result): the truth the standings and the rematches are read from."""
    played = []
    for pod_id in pod_ids:
        starting = repo.get_pod(session, pod_id)
        rows = game_repo.list_games(session, pod_id)
        logs = game_repo.load_entries(session, [row.id for row in rows])
        for row in rows:
            if not game_repo.is_played(row, logs[row.id]):
                continue
            players = game_repo.players_of(row)
            game = replay_game(players, logs[row.id],
                               starting.starting_life if starting else 40, seed_of(row.id))
            result = result_of(game, row.winner_id)
            names = {p.id: p.name for p in players}
            points = ({names[player]: value for player, value in scheme.for_game(result).items()}
                      if result is not None else {})
            played.append(PlayedGame(tuple(p.name for p in players), points))
    return played


def standings_points(played: Iterable[PlayedGame]) -> dict[str, int]:
    """Tonight's points by player name."""
    total: dict[str, int] = {}
    for game in played:
        for name, value in game.points.items():
            total[name] = total.get(name, 0) + value
    return total


@dataclass(frozen=True)
class OpenTable:
    """A table of the current round whose game has no result: its pod's number for round 1
    (each pod numbers its own tables), None for a later round (numbered across the night)."""

    pod: int | None
    round: int
    table: int


def open_tables(pods: Sequence[LivePod]) -> list[OpenTable]:
    """The current round's tables whose game has no result (each shared game once)."""
    seen: set[str] = set()
    found = []
    for number, pod in enumerate(pods, start=1):
        for table in sorted(pod.night.games):
            live = pod.night.games[table]
            if live.id in seen:
                continue
            seen.add(live.id)
            if result_of(live.game, live.winner) is None:
                found.append(OpenTable(None if live.round > 1 else number, live.round, table))
    return found


def unfinished(pods: Sequence[LivePod]) -> list[str]:
    """The current round's tables whose game has no result, as the host reads them."""
    return [f"table {t.table}" if t.pod is None else f"pod {t.pod} table {t.table}"
            for t in open_tables(pods)]


def _check_phase(pods: Sequence[LivePod], pod_ids: Sequence[str]) -> None:
    if len(pods) != len(pod_ids):
        raise ConflictError("a pod of this night is over or not loaded; rounds need every "
                            "pod of the night", "wrong_phase")
    waiting = [f"pod {n} ({pod.night.phase})" for n, pod in enumerate(pods, start=1)
               if pod.night.phase != "playing"]
    if waiting:
        raise ConflictError(f"every pod plays at its tables first: {', '.join(waiting)}",
                            "wrong_phase")


async def next_round(rt: Runtime, event_id: str, number: int,
                     force: bool = False) -> list[Table]:
    """Start round `number` (the one after the current round) of the night: re-seat its
    players by tonight's points and start a game at every new table. Refused, with
    nothing changed, unless every pod plays at its tables, `number` is the next round, and
    every current game has a result (or the host `force`s it). Points are scored by the
    night's season's scheme (5/1/0 for a night outside a season)."""
    night = await events.load_night(rt, event_id)
    pods = [pod for pod_id in night.pod_ids if (pod := rt.registry.find(pod_id)) is not None]
    async with AsyncExitStack() as locks:
        for pod in sorted(pods, key=lambda p: p.id):
            await locks.enter_async_context(pod.lock)
        _check_phase(pods, night.pod_ids)
        now = round_links.current_round(pods)
        if number != now + 1:
            raise ConflictError(f"the night is in round {now}; the next round is {now + 1}",
                                "wrong_round")
        open_tables = unfinished(pods)
        if open_tables and not force:
            # A whole sentence: the host page asks "Start round N anyway?" after it.
            raise ConflictError(f"No result yet at {', '.join(open_tables)}.",
                                "games_unfinished")
        pod_ids = list(night.pod_ids)
        played = await rt.read(lambda session: night_games(
            session, pod_ids, seasons.scheme_of_event(session, event_id)))
        people = {p.name: (pod, p) for pod in pods for p in table_players(pod)}
        try:  # off the loop: a night whose pods all met searches for up to a second
            seating = await asyncio.to_thread(
                seat, list(people), standings_points(played),
                met_pairs(game.players for game in played), f"{night.row.seed}:{number}")
        except PodsError as error:
            raise InvalidError(str(error), error.code) from error
        tables: list[Table] = [Table(number=n, players=tuple(names))
                               for n, names in enumerate(seating.tables, start=1)]
        home = pods[0]
        planned = [_plan(home, [people[name] for name in table.players], table.number,
                         number) for table in tables]
        return await _store(rt, pods, home, tables, planned)


def _plan(home: LivePod, seated: Sequence[tuple[LivePod, LivePlayer]], table: int,
          number: int) -> tuple[LiveGame, GameRow]:
    players = [Player(p.id, p.name, commanders_of(pod, p)) for pod, p in seated]
    game_id = new_id()
    live = LiveGame(id=game_id, table=table, number=1, round=number, home=home.id,
                    game=new_game(players, home.setup.starting_life, seed_of(game_id)))
    row = GameRow(id=live.id, pod_id=home.id, table_number=table, number=1, round=number,
                  players_json=game_repo.players_json(players))
    return live, row


async def _store(rt: Runtime, pods: Sequence[LivePod], home: LivePod, tables: list[Table],
                 planned: list[tuple[LiveGame, GameRow]]) -> list[Table]:
    table_of = {name: table.number for table in tables for name in table.players}
    assigned = {p.id: table_of.get(p.name) if not p.bot and not p.kicked else None
                for pod in pods for p in pod.night.players}
    tables_json = rows.tables_field(tables)
    others = [(pod.id, pod.night.revision) for pod in pods if pod is not home]

    def staged(session: Session) -> None:
        if not rt.mode.move_pods(session, others):  # the other pods change too
            raise ConflictError("another server changed this night first; "
                                "try again", "db_busy")
        for pod_id in [home.id, *(pod_id for pod_id, _ in others)]:
            game_repo.retire_games(session, pod_id)
            repo.update_pod(session, pod_id, tables_json=tables_json)
        for player_id, table in assigned.items():
            repo.update_player(session, player_id, table_number=table)
        game_repo.add_games(session, [row for _live, row in planned])

    def seated() -> list[Table]:
        for pod in pods:
            for player in pod.night.players:
                player.table = assigned[player.id]
            pod.night.tables = list(tables)
            pod.night.games = {}
            if pod is not home:
                rt.mode.moved(pod)
        home.night.games = {live.table: live for live, _row in planned}
        round_links.relink(rt, home.setup.event_id)
        for pod in pods:
            rt.hub.publish(pod.channel, pod.bump())
        return tables

    return await commit(rt, staged, seated, pod=home,
                        rows=Rows(pods=tuple(sorted(pod_id for pod_id, _ in others))),
                        refusable=True)


async def next_game_at(rt: Runtime, home: LivePod, table: int) -> LiveGame:
    """The same players (and commanders) start another game at a later round's table;
    the old one keeps its result. `home` is the pod that stores the table's game."""
    async with home.lock:
        if home.night.phase != "playing":
            raise ConflictError("games are tracked once the tables are split", "wrong_phase")
        old = game_at(home, table)
        game_id = new_id()
        live = LiveGame(id=game_id, table=table, number=old.number + 1, round=old.round,
                        home=home.id, game=new_game(old.game.players, home.setup.starting_life,
                                                    seed_of(game_id)))
        row = GameRow(id=live.id, pod_id=home.id, table_number=table, number=live.number,
                      round=live.round, players_json=game_repo.players_json(old.game.players))

        def staged(session: Session) -> None:
            game_repo.retire_games(session, home.id, table)
            game_repo.add_games(session, [row])

        def started() -> LiveGame:
            home.night.games[table] = live
            for pod in round_links.relink(rt, home.setup.event_id):
                rt.hub.publish(pod.channel, pod.bump())
            rt.hub.publish(home.channel, home.bump())
            return live

        return await commit(rt, staged, started, pod=home)
