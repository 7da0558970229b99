"""A night's standings, read from every stored game of its pods.

Why from the database: a night's finished games are retired from memory when a table
starts its next game or the night moves to the next round, and standings must count
every one of them, the same way after a restart as before it.

Why a season reads `night_games` and not every result: a result counts for a season only
once confirmed (`pods.game_end.Ending.counts`; games stored before migration 0018 need no
confirmation), so one phone tapping everyone out cannot move the standings alone. The
night's own standings still show every finished game, as the table played it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pods.game_result import result_of
from pods.results import GameResult, Placing
from pods.season.pending import PendingGame
from pods.season.scoring import Scheme
from pods.season.standings import Standing, standings
from pods.table_state import seed_of
from pods.tracker import replay_game
from server.db import Session, game_repo, repo
from server.values.screen import FinishedGame


@dataclass(frozen=True)
class NightGames:
    counted: list[GameResult]
    pending: list[PendingGame]


def night_games(session: Session, pod_ids: Iterable[str]) -> NightGames:
    """Every finished game of the pods, with players named as they joined (a night's
    names are unique, and seasons match players across nights by name): the results that
    count, and the ones still waiting for a confirmation."""
    counted: list[GameResult] = []
    pending: list[PendingGame] = []
    for game in finished_games(session, pod_ids):
        if game.pending:
            pending.append(PendingGame(game.round, game.table, game.game, game.result,
                                       game.disputed))
        else:
            counted.append(game.result)
    return NightGames(counted, pending)


def finished_games(session: Session, pod_ids: Iterable[str]) -> list[FinishedGame]:
    """Every finished game of the pods, in the order they were stored, each with its pod's
    number among `pod_ids`, its round, table and game, and its result by name; every round
    of the night, not only the one the live pods hold (the store's screen lists them)."""
    finished: list[FinishedGame] = []
    for number, pod_id in enumerate(pod_ids, start=1):
        pod = repo.get_pod(session, pod_id)
        if pod is None:
            continue
        rows = game_repo.list_games(session, pod_id)
        logs = game_repo.load_entries(session, [row.id for row in rows])
        for row in rows:
            game = replay_game(game_repo.players_of(row), logs[row.id], pod.starting_life,
                               seed_of(row.id))
            result = result_of(game, row.winner_id)
            if result is None:
                continue
            named = by_name(result, {p.id: p.name for p in game.players})
            pending = bool(row.needs_confirmation) and not game.end.counts
            finished.append(FinishedGame(number, row.round, row.table_number, row.number,
                                         named, pending, bool(game.end.disputed)))
    return finished


def night_results(session: Session, pod_ids: Iterable[str]) -> list[GameResult]:
    """Every finished game of the pods, confirmed or not (the night's own standings)."""
    games = night_games(session, pod_ids)
    return [*games.counted, *(p.result for p in games.pending)]


def by_name(result: GameResult, names: dict[str, str]) -> GameResult:
    """The result with each tracker id replaced by the player's name."""
    return GameResult(
        tuple(Placing(names[p.player], p.place) for p in result.placings), result.draw,
        tuple(type(a)(names[a.player], a.achievement, a.points) for a in result.awards))


def night_standings(session: Session, pod_ids: Iterable[str],
                    scheme: Scheme | None = None) -> list[Standing]:
    return standings(night_results(session, pod_ids), scheme or Scheme())
