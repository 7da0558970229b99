"""One player's season, game by game: what the standings add up, laid out for a person.

Why a function of its own: the standings say *that* Ann has 11 points; a player (or the
host settling an argument) wants to see *which* games gave them, at which night, against
whom. Every figure here comes from the same results and the same scheme as the standings
(`pods.season.standings`), so the games' points add up to the standings' line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pods.results import GameResult
from pods.season.scoring import Scheme
from pods.season.standings import Standing


@dataclass(frozen=True, slots=True)
class PlayerGame:
    """One game of the player: its night (1-based), its number in that night, the
    player's place and outcome ("win", "draw", "loss"), the others at the table (best
    place first) and the points it gave (achievements included)."""

    night: int
    game: int
    place: int
    outcome: str
    opponents: tuple[str, ...]
    points: int


@dataclass(frozen=True, slots=True)
class PlayerNight:
    """The player's night: how many games, wins, draws and the points it gave."""

    night: int
    games: int
    wins: int
    draws: int
    points: int


def player_games(nights: Iterable[Sequence[GameResult]], player: str,
                 scheme: Scheme) -> list[PlayerGame]:
    """Every game `player` (a key the results use) played, night by night in order;
    `nights` holds each night's results, players by the same keys."""
    games: list[PlayerGame] = []
    for night, results in enumerate(nights, start=1):
        for number, result in enumerate(results, start=1):
            if player not in result.players:
                continue
            games.append(PlayerGame(
                night=night, game=number, place=result.place_of(player),
                outcome=result.outcome(player),
                opponents=tuple(p for p in result.players if p != player),
                points=scheme.for_player(result, player)))
    return games


def player_nights(games: Iterable[PlayerGame]) -> list[PlayerNight]:
    """The player's games summed night by night (nights they did not play are left out)."""
    nights: dict[int, PlayerNight] = {}
    for game in games:
        was = nights.get(game.night, PlayerNight(game.night, 0, 0, 0, 0))
        nights[game.night] = PlayerNight(
            game.night, was.games + 1, was.wins + (game.outcome == "win"),
            was.draws + (game.outcome == "draw"), was.points + game.points)
    return [nights[number] for number in sorted(nights)]


@dataclass(frozen=True, slots=True)
class PlayerSeason:
    """One player's season: their standings line, nights and games."""

    line: Standing
    nights: tuple[PlayerNight, ...]
    games: tuple[PlayerGame, ...]


def player_season(nights: Sequence[Sequence[GameResult]], table: Iterable[Standing],
                  player: str, scheme: Scheme) -> PlayerSeason | None:
    """`player`'s season from the nights' results and the standings computed from them
    (None for a player with no line: no counted game)."""
    line = next((standing for standing in table if standing.player == player), None)
    if line is None:
        return None
    games = player_games(nights, player, scheme)
    return PlayerSeason(line, tuple(player_nights(games)), tuple(games))
