"""One player's season read from the season's book: the results by season name, night by
night, handed to `pods.season.player_record` with the standings already computed."""

from __future__ import annotations

from dataclasses import dataclass

from pods.season.player_record import PlayerSeason, player_season
from server.protocol.moments import iso_utc
from server.values.season_book import SeasonBook


@dataclass(frozen=True)
class PlayerPage:
    """What a player's season page shows: the season, each night's time (by number), the
    player's season name and their season."""

    season_id: str
    season_name: str
    held_at: list[str]
    name: str
    season: PlayerSeason


def player_page(book: SeasonBook, name: str) -> PlayerPage | None:
    """The season of the player `name` means (any of their names); None for a name the
    season has not met or a player with no counted game."""
    player = book.roster.known(name)
    if player is None:
        return None
    nights = [[book.roster.result(result) for result in night.results]
              for night in book.nights]
    season = player_season(nights, book.table, player, book.scheme)
    if season is None:
        return None
    return PlayerPage(book.row.id, book.row.name, [iso_utc(n.held_at) for n in book.nights],
                      player, season)
