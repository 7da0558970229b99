"""A season's statistics as the API shows them: JSON, and CSV for a spreadsheet.

Why the CSV guards its cells like the standings' (`server.views.standings`): a cube's
imported card may be named anything, and a spreadsheet runs a cell that starts like a
formula. A figure below the threshold is written "too_few_games" in both.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from pods.season_stats.cards import CardFigures
from pods.season_stats.commanders import LineFigures
from pods.season_stats.highlights import MIN_PICKS, taken_earliest, winning_most
from pods.season_stats.outcomes import MIN_GAMES, TOO_FEW_GAMES, Figure, Outcome
from pods.season_stats.season import SeasonStatistics
from server.protocol.shapes.screen import ScreenStatistics
from server.protocol.shapes.season_stats import (
    CardLine,
    CommanderLine,
    OutcomeJson,
    SeasonCards,
    SeasonCommanders,
    TooFew,
)
from server.views.standings import _plain

CARD_COLUMNS = ("set", "name", "seen", "picked", "average_pick", "last_seen", "drafted",
                "in_deck", "decks", "games", "average_place", "win_rate")
COMMANDER_COLUMNS = ("kind", "key", "decks", "games", "average_place", "win_rate")
SCREEN_ROWS = 8
"""Rows of each list on the store's TV: what a room reads in a page's 8 seconds, and
what fits one page at any 16:9 size in name-sized type (docs/screen.md)."""


def _figure(value: Figure) -> float | TooFew:
    return "too_few_games" if value is TOO_FEW_GAMES else round(value, 4)


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def outcome_json(outcome: Outcome) -> OutcomeJson:
    return {"decks": outcome.decks, "games": outcome.games,
            "average_place": _figure(outcome.average_place),
            "win_rate": _figure(outcome.win_rate)}


def card_line(card: CardFigures) -> CardLine:
    return {"name": card.name, "set": card.set_code, "seen": card.seen,
            "picked": card.picked, "average_pick": _rounded(card.average_pick),
            "last_seen": _rounded(card.last_seen), "drafted": card.drafted,
            "in_deck": card.in_deck, **outcome_json(card.with_card)}


def _commander_line(line: LineFigures) -> CommanderLine:
    return {"key": line.key, **outcome_json(line.outcome)}


def season_cards(season_id: str, stats: SeasonStatistics,
                 set_code: str | None = None) -> SeasonCards:
    """Every card row, or the rows of one set ("*": over all sets)."""
    cards = stats.cards
    return {"season_id": season_id, "name": stats.season_name, "nights": stats.nights,
            "min_games": MIN_GAMES, "sets": list(cards.sets),
            "baseline": outcome_json(cards.baseline),
            "cards": [card_line(card) for card in cards.cards
                      if set_code is None or card.set_code == set_code]}


def season_commanders(season_id: str, stats: SeasonStatistics) -> SeasonCommanders:
    figures = stats.commanders
    return {"season_id": season_id, "name": stats.season_name, "nights": stats.nights,
            "min_games": MIN_GAMES, "baseline": outcome_json(figures.baseline),
            "commanders": [_commander_line(line) for line in figures.commanders],
            "identities": [_commander_line(line) for line in figures.identities]}


def screen_statistics(stats: SeasonStatistics, rows: int = SCREEN_ROWS) -> ScreenStatistics:
    """The few rows of the season's statistics a store's TV shows between nights and at
    the night's end: the cards taken earliest, the cards whose decks win most, and the
    most played commanders and color identities."""
    figures = stats.commanders
    return {"nights": stats.nights, "min_games": MIN_GAMES, "min_picks": MIN_PICKS,
            "baseline": outcome_json(stats.cards.baseline),
            "earliest": [card_line(card) for card in taken_earliest(stats.cards, rows)],
            "winning": [card_line(card) for card in winning_most(stats.cards, rows)],
            "commanders": [_commander_line(line) for line in figures.commanders[:rows]],
            "identities": [_commander_line(line) for line in figures.identities[:rows]]}


def cards_csv(lines: Iterable[CardLine]) -> str:
    return _csv(CARD_COLUMNS, ([line["set"], line["name"], line["seen"], line["picked"],
                                line["average_pick"], line["last_seen"], line["drafted"],
                                line["in_deck"], line["decks"], line["games"],
                                line["average_place"], line["win_rate"]] for line in lines))


def commanders_csv(view: SeasonCommanders) -> str:
    rows = [["commander", *_outcome_cells(line)] for line in view["commanders"]]
    rows += [["identity", *_outcome_cells(line)] for line in view["identities"]]
    return _csv(COMMANDER_COLUMNS, rows)


def _outcome_cells(line: CommanderLine) -> list[object]:
    return [line["key"], line["decks"], line["games"], line["average_place"],
            line["win_rate"]]


def _csv(columns: tuple[str, ...], rows: Iterable[list[object]]) -> str:
    """A header row then the rows; UTF-8 with a byte order mark, text cells guarded."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow(["" if cell is None else _plain(cell) if isinstance(cell, str)
                         else cell for cell in row])
    return out.getvalue()
