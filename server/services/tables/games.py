"""The games at the tables: start them at the split, adjust and undo, and end them
(concede, draw, time, the host's correction or winner, confirmations, achievement claims).

Why under the pod's lock and committed before the swap: two phones tapping at once are
serialized, each tap becomes one numbered log entry (`pods.tracker` folds increments, so
both apply), and memory never shows a total a restart would not rebuild from the log.

Why a tap may carry a `ref`: increments are not idempotent. A phone whose reply was lost
(Wi-Fi drop, server crash after the commit) cannot know whether its "-3" was stored; it
resends with the same `ref`, and the entry already stored under it is the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import reduce

from pods.achievements import find
from pods.game_end import (
    CallTime,
    Claim,
    Concede,
    Confirm,
    ConfirmClaim,
    Correct,
    Dispute,
    DrawVote,
    SetWinner,
)
from pods.game_result import result_of
from pods.split import Table
from pods.table_state import (
    BecomeMonarch,
    EndTurn,
    FirstPlayer,
    TableEntry,
    TakeInitiative,
    Venture,
    first_drawn,
    seed_of,
)
from pods.tracker import (
    Adjustment,
    CommanderRef,
    Entry,
    Game,
    Kind,
    Player,
    TrackerError,
    Undo,
    new_game,
    replay_game,
)
from pods.tracker import apply as apply_entry
from server.core.errors import (
    ConflictError,
    InvalidError,
    PodError,
    UnknownPodError,
    WrongRoleError,
)
from server.core.security import new_id
from server.db import Session, game_repo
from server.db.tables import GameRow
from server.protocol.bodies import (
    GameAct,
    GameAdjust,
    GameClaim,
    GameConcede,
    GameConfirm,
    GameCorrect,
    GameMove,
    GameUndo,
)
from server.realtime.live import PLACEHOLDER, LiveGame, LivePlayer, LivePod
from server.runtime import Runtime
from server.services.commit import commit
from server.services.tables import round_links

HOST = "host"
MAX_ENTRIES = 5000
"""A game's log is refused beyond this: hours of tapping, never a real game."""


def commanders_of(pod: LivePod, player: LivePlayer) -> tuple[str, ...]:
    """The commander names of the seat's submitted deck, or one placeholder."""
    body = player.deck.body if player.deck is not None else {}
    pool = {}
    if pod.night.state is not None and player.seat is not None:
        pool = {i.id: i.card.name for i in pod.night.state.pool_of(player.seat)}
    piper = pod.chosen_color_card
    names = []
    for ref in body.get("commanders") or []:
        if ref.get("piper"):
            names.append(ref.get("name") or (piper.name if piper is not None else PLACEHOLDER))
        elif ref.get("card_id") in pool:
            names.append(pool[ref["card_id"]])
    return tuple(names[:2]) or (PLACEHOLDER,)


def plan_games(pod: LivePod, tables: Sequence[Table],
               numbers: dict[int, int] | None = None) -> list[tuple[LiveGame, GameRow]]:
    """A fresh game per table (players by name, in table order), not yet stored."""
    by_name = {p.name: p for p in pod.night.players if not p.kicked}
    planned = []
    for table in tables:
        players = [by_name[name] for name in table.players if name in by_name]
        seated = [Player(p.id, p.name, commanders_of(pod, p)) for p in players]
        number = (numbers or {}).get(table.number, 0) + 1
        game_id = new_id()
        live = LiveGame(id=game_id, table=table.number, number=number,
                        game=new_game(seated, pod.setup.starting_life, seed_of(game_id)))
        row = GameRow(id=live.id, pod_id=pod.id, table_number=live.table, number=number,
                      players_json=game_repo.players_json(seated))
        planned.append((live, row))
    return planned


def stage_new_games(session: Session, pod: LivePod, planned: list[tuple[LiveGame, GameRow]],
                    table: int | None = None) -> None:
    game_repo.retire_games(session, pod.id, table)
    game_repo.add_games(session, [row for _live, row in planned])


def restore_games(session: Session, pod: LivePod) -> int:
    """Rebuild the pod's current games by replaying their logs; returns the entry count."""
    rows = game_repo.list_games(session, pod.id, current_only=True)
    logs = game_repo.load_entries(session, [row.id for row in rows])
    refs = game_repo.load_refs(session, [row.id for row in rows])
    count = 0
    for row in rows:
        log = logs[row.id]
        game = replay_game(game_repo.players_of(row), log, pod.setup.starting_life,
                           seed_of(row.id))
        pod.night.games[row.table_number] = LiveGame(
            id=row.id, table=row.table_number, number=row.number, game=game,
            next_seq=(log[-1].seq + 1) if log else 1, winner=row.winner_id,
            refs=refs[row.id], round=row.round, home=row.pod_id if row.round > 1 else None)
        count += len(log)
    return count


def game_at(pod: LivePod, table: int) -> LiveGame:
    game = pod.night.games.get(table)
    if game is None:
        raise UnknownPodError(f"there is no game at table {table}", "unknown_table")
    return game


def check_may_act(pod: LivePod, player: LivePlayer | None, table: int) -> None:
    """Only the table's players and the host act on (or look at) a table's game."""
    game_at(pod, table)
    if player is not None and player.table != table:
        raise WrongRoleError("you do not play at that table", "not_at_table")


@dataclass(frozen=True)
class Applied:
    """A tap's outcome: the game now, and the `seq` of the log entry holding the tap
    (stored by this request, or by an earlier one with the same `ref`)."""

    live: LiveGame
    seq: int


def _adjustment(seq: int, author: str, body: GameAdjust) -> Adjustment:
    source = CommanderRef(body.source.owner, body.source.index) if body.source else None
    return Adjustment(seq, author, Kind(body.kind), body.target, body.delta, source)


def already_stored(live: LiveGame, author: str, ref: str | None, entry: Entry) -> int | None:
    """The seq of the entry this author stored under `ref`, if any; the same `ref` for a
    different tap is refused (silently answering it would hide a lost tap)."""
    seq = live.refs.get((author, ref)) if ref is not None else None
    if seq is None:
        return None
    stored = next(e for e in live.game.log if e.seq == seq)
    if stored != replace(entry, seq=seq):
        raise ConflictError(f"ref {ref!r} already names another change", "ref_reused")
    return seq


async def _append(rt: Runtime, pod: LivePod, player: LivePlayer | None, table: int,
                  ref: str | None, number: int | None, make: Callable[[int, str], Entry],
                  phases: tuple[str, ...] = ("playing",)) -> Applied:
    """Append the entry `make(seq, author)` to the table's log under the pod's lock.

    Why the winner column moves with the log: other readers of a game (the night's
    summary) read `game.winner_id`; it is rewritten, in the same commit, whenever an
    entry changes who won, and always by the host's word (a game recorded before the
    log kept results has a winner the log does not know)."""
    pod = round_links.holder(rt, pod, table)  # a later round's table: the pod storing it
    async with pod.lock:
        if pod.night.phase not in phases:
            raise ConflictError("games are tracked once the tables are split", "wrong_phase")
        check_may_act(pod, player, table)
        live = game_at(pod, table)
        if number is not None and number != live.number:
            raise ConflictError(f"game {number} at table {table} is over; "
                                f"game {live.number} is being played", "game_over")
        author = player.id if player else HOST
        entry: Entry = make(live.next_seq, author)
        seq = already_stored(live, author, ref, entry)
        if seq is not None:
            return Applied(live, seq)
        if len(live.game.log) >= MAX_ENTRIES:
            raise ConflictError("this game's log is full; start the next game", "game_log_full")
        # The game's first change logs the draw the table has seen, as entry 0.
        drawn = () if live.game.log else (first_drawn(live.game.table),)
        try:
            game = apply_entry(reduce(apply_entry, drawn, live.game), entry)
        except TrackerError as error:
            raise refusal(entry, error) from error

        winner = sole_winner(game)
        rewrite = isinstance(entry, SetWinner | Correct) or winner != sole_winner(live.game)
        rescored = (season_facts(game, winner if rewrite else live.winner)
                    != season_facts(live.game, live.winner))

        def tapped() -> Applied:
            live.game, live.next_seq = game, live.next_seq + 1
            if rewrite:
                live.winner = winner
            if rescored:
                warm_season_of(rt, pod)
            if ref is not None:
                live.refs[(author, ref)] = entry.seq
            _publish(rt, pod, live)
            return Applied(live, entry.seq)

        def stage(session: Session) -> None:
            for opening in drawn:
                game_repo.append_entry(session, live.id, opening)
            game_repo.append_entry(session, live.id, entry, ref)
            if rewrite:
                game_repo.set_winner(session, live.id, winner)
            if rescored:
                game_repo.bump_facts(session, live.id)

        return await commit(rt, stage, tapped, pod=pod)


WHOSE = frozenset({"host_only", "players_only", "not_yours", "own_claim", "own_result",
                   "not_your_turn"})
BAD_INPUT = frozenset({"unknown_player", "unknown_claim", "bad_placings", "not_an_exit"})


def refusal(entry: Entry, error: TrackerError) -> PodError:
    """A refused entry as the error the phone gets: whose move it is not (403), input
    that names nothing in the game (422), or a move the game's state refuses (409)."""
    if isinstance(entry, Adjustment):
        return InvalidError(str(error), error.code)
    if error.code in WHOSE:
        return WrongRoleError(str(error), error.code)
    if error.code in BAD_INPUT:
        return InvalidError(str(error), error.code)
    return ConflictError(str(error), error.code)


def warm_season_of(rt: Runtime, pod: LivePod) -> None:
    """After a game of the pod's night changed its `season_facts`: its season's standings
    are computed again in the background (`Runtime.warm_night_season`: a season's book
    reads the nights' games, so this module cannot import the season's reads)."""
    if pod.setup.event_id is not None and rt.warm_night_season is not None:
        rt.warm_night_season(pod.setup.event_id)


def season_facts(game: Game, winner: str | None) -> tuple[object, ...]:
    """What a season's standings read of a game (`tables.standings.night_games`): its
    result with awards, whether it counts and whether it is disputed. A tap that changes
    none of them (most: life, damage) leaves the season's standings as they were."""
    return result_of(game, winner), game.end.counts, bool(game.end.disputed)


def sole_winner(game: Game) -> str | None:
    """The one player placed first, or None (no result, or a draw): the `winner` column
    other readers of a game (the night's summary) show."""
    result = game.end.result
    if result is None or result.draw:
        return None
    return next(p.player for p in result.placings if p.place == 1)


async def adjust(rt: Runtime, pod: LivePod, player: LivePlayer | None, table: int,
                 body: GameAdjust) -> Applied:
    """Add one increment (life, commander damage or a commander cast) to the table's log."""
    return await _append(rt, pod, player, table, body.ref, body.game,
                         lambda seq, author: _adjustment(seq, author, body))


async def undo(rt: Runtime, pod: LivePod, player: LivePlayer | None, table: int,
               body: GameUndo) -> Applied:
    """Take back one's own adjustment, concession, draw vote, time call or claim
    `body.seq` (the tracker refuses anyone else's)."""
    return await _append(rt, pod, player, table, body.ref, body.game,
                         lambda next_seq, author: Undo(next_seq, author, body.seq))


async def move(rt: Runtime, pod: LivePod, player: LivePlayer | None, table: int,
               body: GameMove) -> Applied:
    """A move of the whole table (`pods.table_state`): end the turn, pick the first player,
    make a player the monarch, take the initiative or venture. The phone's own player is
    the one the move is about unless it names another; the host always names one."""
    who = body.player_id or (player.id if player else None)
    if who is None and body.move != "end_turn":
        raise InvalidError("name the player", "unknown_player")
    if body.move in ("initiative", "venture") and body.room is None:
        raise InvalidError("name the room of Undercity", "not_an_exit")

    def made(seq: int, author: str) -> TableEntry:
        match body.move:
            case "end_turn":
                return EndTurn(seq, author)
            case "first_player":
                return FirstPlayer(seq, author, who or "")
            case "monarch":
                return BecomeMonarch(seq, author, who or "")
            case "initiative":
                return TakeInitiative(seq, author, who or "", body.room or "")
        return Venture(seq, author, who or "", body.room or "")

    return await _append(rt, pod, player, table, body.ref, body.game, made)


async def concede(rt: Runtime, pod: LivePod, player: LivePlayer | None, table: int,
                  body: GameConcede) -> Applied:
    """A player concedes (or the host, naming the player who left the table)."""
    if player is None and body.player_id is None:
        raise InvalidError("name the player who concedes", "unknown_player")
    who = body.player_id or (player.id if player else "")
    return await _append(rt, pod, player, table, body.ref, body.game,
                         lambda seq, author: Concede(seq, author, who))


async def offer_draw(rt: Runtime, pod: LivePod, player: LivePlayer | None, table: int,
                     body: GameAct) -> Applied:
    """A player still in offers (or agrees to) a draw; everyone still in agreeing ends it."""
    return await _append(rt, pod, player, table, body.ref, body.game,
                         lambda seq, author: DrawVote(seq, author))


async def call_time(rt: Runtime, pod: LivePod, table: int, body: GameAct) -> Applied:
    """The host calls time: the players still in draw."""
    return await _append(rt, pod, None, table, body.ref, body.game,
                         lambda seq, author: CallTime(seq, author))


async def confirm(rt: Runtime, pod: LivePod, player: LivePlayer | None, table: int,
                  body: GameConfirm) -> Applied:
    """A player other than the result's reporter, or the host, confirms the result they
    see (named by the seq it last changed at): it counts for the season."""
    return await _append(rt, pod, player, table, body.ref, body.game,
                         lambda seq, author: Confirm(seq, author, body.result_seq),
                         phases=("playing", "done"))


async def dispute(rt: Runtime, pod: LivePod, player: LivePlayer | None, table: int,
                  body: GameConfirm) -> Applied:
    """A player other than the reporter says the result is wrong: it stays pending until
    the host confirms or corrects it."""
    return await _append(rt, pod, player, table, body.ref, body.game,
                         lambda seq, author: Dispute(seq, author, body.result_seq),
                         phases=("playing", "done"))


async def correct(rt: Runtime, pod: LivePod, table: int, body: GameCorrect) -> Applied:
    """The host sets the placings (or a draw), or clears the host's word on the result."""
    placings = tuple((p.player_id, p.place) for p in body.placings or [])
    if len({player for player, _ in placings}) != len(placings):
        raise InvalidError("each player has one place", "bad_placings")
    return await _append(rt, pod, None, table, None, body.game,
                         lambda seq, author: Correct(seq, author, placings, body.draw),
                         phases=("playing", "done"))


async def claim(rt: Runtime, pod: LivePod, player: LivePlayer | None, table: int,
                body: GameClaim) -> Applied:
    """A player claims one of the pod's achievements for themselves in this game."""
    if player is None:
        raise WrongRoleError("players claim achievements on their own phone", "players_only")

    def claimed(seq: int, author: str) -> Claim:
        # Looked up under the pod's lock, after the table check: the list may change.
        achievement = find(pod.night.achievements, body.achievement)
        if achievement is None:
            raise InvalidError(f"{body.achievement!r} is not one of tonight's achievements",
                               "unknown_achievement")
        return Claim(seq, author, achievement.name, achievement.points)

    return await _append(rt, pod, player, table, body.ref, body.game, claimed)


async def confirm_claim(rt: Runtime, pod: LivePod, player: LivePlayer | None, table: int,
                        claim_seq: int, body: GameAct) -> Applied:
    """Another player at the table, or the host, confirms a claim: it becomes an award."""
    return await _append(rt, pod, player, table, body.ref, body.game,
                         lambda seq, author: ConfirmClaim(seq, author, claim_seq))


async def set_winner(rt: Runtime, pod: LivePod, table: int, winner: str | None) -> LiveGame:
    """The host records (or clears) who won the table's current game: it is the game's
    result (`pods.game_end.SetWinner`), kept in the log and on the game's row."""
    applied = await _append(rt, pod, None, table, None, None,
                            lambda seq, author: SetWinner(seq, author, winner),
                            phases=("playing", "done"))
    return applied.live


async def next_game(rt: Runtime, pod: LivePod, table: int) -> LiveGame:
    """The same players start another game at the table (the old one keeps its winner)."""
    async with pod.lock:
        if pod.night.phase != "playing":
            raise ConflictError("games are tracked once the tables are split", "wrong_phase")
        old = game_at(pod, table)
        players = tuple(p.name for p in old.game.players)
        planned = plan_games(pod, [Table(number=table, players=players)], {table: old.number})
        live = planned[0][0]

        def started() -> LiveGame:
            pod.night.games[table] = live
            _publish(rt, pod, live)
            return live

        return await commit(
            rt, lambda session: stage_new_games(session, pod, planned, table), started,
            pod=pod)


def _publish(rt: Runtime, pod: LivePod, live: LiveGame) -> None:
    """Only the table's seats (and the host) get an update."""
    ids = {p.id for p in live.game.players}
    seats = frozenset(p.seat for p in pod.night.players if p.id in ids and p.seat is not None)
    rt.hub.publish(pod.channel, pod.bump(seats))
    round_links.publish_to_borrowers(rt, live)  # a later round's players of other pods
