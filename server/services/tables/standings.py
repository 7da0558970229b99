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
    for pod_id in pod_ids:
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
            if not row.needs_confirmation or game.end.counts:
                counted.append(named)
            else:
                pending.append(PendingGame(row.round, row.table_number, row.number, named,
                                           bool(game.end.disputed)))
    return NightGames(counted, pending)


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
