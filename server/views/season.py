"""A season's views: its standings (anyone) and its host page's data."""

from __future__ import annotations

import json
from typing import Any

from pods.player_names import skeleton
from server.db.tables import EventRow
from server.protocol.moments import iso_utc
from server.protocol.shapes.season import (
    NightChoices,
    PendingLine,
    SeasonHostView,
    SeasonStandings,
)
from server.values.season_book import SeasonBook
from server.views.standings import standing_lines, standings_csv


def season_standings(book: SeasonBook) -> SeasonStandings:
    return {"season_id": book.row.id, "name": book.row.name, "nights": len(book.nights),
            "standings": standing_lines(book.table), "pending": pending_lines(book),
            "night_table": [{"number": number, "held_at": iso_utc(night.held_at),
                             "games": len(night.results), "pending": len(night.pending),
                             "imported": night.event_id is None}
                            for number, night in enumerate(book.nights, start=1)]}


def pending_lines(book: SeasonBook) -> list[PendingLine]:
    """The games waiting for a confirmation, night by night, players by season name."""
    return [{"night": number, "round": game.round, "table": game.table, "game": game.number,
             "draw": game.result.draw, "disputed": game.disputed,
             "placings": [{"name": p.player, "place": p.place} for p in game.result.placings]}
            for number, night in enumerate(book.nights, start=1) for game in night.pending]


def night_choices(row: EventRow, season_achievements: list[str]) -> NightChoices:
    """The night's set or line-up, timer, house rules, reveal and the season's
    achievements it offers (one its host added by hand is not the season's: left out)."""
    offered = {item["name"] for item in json.loads(row.achievements_json or "[]")}
    return {"set": row.set_code, "packs": row.packs.split(",") if row.packs else None,
            "pick_timer_seconds": row.pick_timer_seconds, "starting_life": row.starting_life,
            "deck_size": row.deck_size_rule, "replay_visibility": row.replay_visibility,
            "achievements": [name for name in season_achievements if name in offered]}


def host_view(book: SeasonBook, screen_url: str, screen_qr: str,
              last_night: EventRow | None = None) -> SeasonHostView:
    """`screen_url`: the season's screen link, and `screen_qr` its QR code (made by the
    route: a link with a token in it is drawn into a `data:` URL); `last_night`: the
    season's latest night, whose choices fill tonight's form."""
    also: dict[str, list[str]] = {}
    for key, player_id in book.roster.aliases.items():
        name = book.roster.players[player_id]
        if key != skeleton(name):
            also.setdefault(name, []).append(book.alias_names[key])
    return {
        "season_id": book.row.id, "name": book.row.name,
        "scoring": book.scheme.scoring.value, "points": dict(book.scheme.points),
        "achievements": [{"name": a.name, "points": a.points}
                         for a in book.achievements],
        "nights": [{"number": number, "event_id": night.event_id,
                    "held_at": iso_utc(night.held_at), "games": len(night.results),
                    "host_path": f"/events/{night.event_id}/host" if night.event_id else None}
                   for number, night in enumerate(book.nights, start=1)],
        "players": [{"name": name, "also": sorted(also.get(name, []))}
                    for name in book.roster.names()],
        "standings": standing_lines(book.table),
        "screen_url": screen_url, "screen_qr": screen_qr,
        "last_night": night_choices(last_night, [a.name for a in book.achievements])
        if last_night is not None else None,
    }


def standings_json(book: SeasonBook) -> bytes:
    """The public standings as sent (and cached) by `GET /api/seasons/{id}/standings`."""
    return _json(season_standings(book))


def standings_csv_bytes(book: SeasonBook) -> bytes:
    return standings_csv(season_standings(book)["standings"]).encode("utf-8")


def host_view_json(book: SeasonBook, screen_url: str, screen_qr: str,
                   last_night: EventRow | None = None) -> bytes:
    return _json(host_view(book, screen_url, screen_qr, last_night))


def _json(value: Any) -> bytes:
    """As FastAPI's JSONResponse writes a value."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, indent=None,
                      separators=(",", ":")).encode("utf-8")
