"""One player's season page as JSON: their standings line, their nights and every game."""

from __future__ import annotations

from collections.abc import Sequence

from pods.season.player_record import PlayerSeason
from server.protocol.shapes.season import SeasonPlayerView
from server.views.standings import standing_lines


def season_player(season_id: str, season_name: str, held_at: Sequence[str], name: str,
                  season: PlayerSeason) -> SeasonPlayerView:
    """`held_at`: each night's time, by the nights' numbers (1-based)."""
    return {
        "season_id": season_id, "season_name": season_name, "name": name,
        "line": standing_lines([season.line])[0],
        "nights": [{"number": night.night, "held_at": held_at[night.night - 1],
                    "games": night.games, "wins": night.wins, "draws": night.draws,
                    "points": night.points} for night in season.nights],
        "games": [{"night": game.night, "game": game.game, "place": game.place,
                   "outcome": game.outcome, "opponents": list(game.opponents),
                   "points": game.points} for game in season.games],
    }
