"""Standings as the API shows them: JSON lines, and the CSV a store opens in a spreadsheet.

Why the CSV guards its cells: a player's name is whatever a phone typed, and a spreadsheet
runs a cell that starts with `=`, `+`, `-` or `@` as a formula ("CSV injection"). Such a
name is written with a leading apostrophe, which spreadsheets show as plain text. The file
starts with a UTF-8 byte order mark so Excel reads Cyrillic and accented names right.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from pods.season.standings import Standing
from server.protocol.shapes.season import StandingLine

CSV_COLUMNS = ("rank", "name", "points", "games", "wins", "draws", "losses",
               "opponents_average", "head_to_head")
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def standing_lines(table: Iterable[Standing]) -> list[StandingLine]:
    return [{"rank": s.rank, "name": s.player, "points": s.points, "games": s.games,
             "wins": s.wins, "draws": s.draws, "losses": s.games - s.wins - s.draws,
             "opponents_average": s.opponents_average, "head_to_head": s.head_to_head}
            for s in table]


def standings_csv(lines: Iterable[StandingLine]) -> str:
    """A header row, then one row per player, in rank order."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for line in lines:
        writer.writerow([line["rank"], _plain(line["name"]), line["points"], line["games"],
                         line["wins"], line["draws"], line["losses"],
                         line["opponents_average"], line["head_to_head"]])
    return out.getvalue()


def _plain(text: str) -> str:
    return "'" + text if text.startswith(_FORMULA_STARTS) else text
