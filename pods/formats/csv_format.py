"""CSV: one row per distinct card and section, header `section,count,name,set,number,...`.

Why CSV: spreadsheets and collection tools. Written with the `csv` module so names with
commas and quotes survive. Rows carry the chosen color and whether a commander was
added, so reading it back (`read`) gives the same deck.
"""

from __future__ import annotations

import csv
import io

from draft.cards import Card
from pods.deck import Commander, Deck, count_cards
from pods.errors import DeckFormatError
from pods.formats.names import MAX_COPIES_PER_LINE, CardLookup, DeckRead, display_name
from pods.problems import Problem

HEADER = ("section", "count", "name", "set", "number", "chosen_color", "added")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""A spreadsheet runs a cell starting with one of these as a formula (CSV injection)."""


def _cell(text: str) -> str:
    """`text` safe for a spreadsheet: a leading formula character gets a `'` prefix."""
    return "'" + text if text.startswith(FORMULA_START) else text


def _uncell(text: str) -> str:
    return text[1:] if text.startswith("'") and text[1:].startswith(FORMULA_START) else text


def write(deck: Deck) -> str:
    """The deck as CSV text with a header row."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for commander in deck.commanders:
        card = commander.card
        writer.writerow(
            (
                "commander",
                1,
                _cell(display_name(card)),
                _cell(card.set),
                _cell(card.number),
                commander.chosen_color or "",
                "yes" if commander.added else "",
            )
        )
    for section, cards in (("main", deck.main), ("sideboard", deck.sideboard)):
        for card, count in count_cards(cards):
            writer.writerow((section, count, _cell(display_name(card)), _cell(card.set),
                             _cell(card.number), "", ""))
    return out.getvalue()


def read(text: str, lookup: CardLookup) -> DeckRead:
    """A deck from our CSV; `DeckFormatError` when it is not CSV or the header is not ours."""
    try:
        return _read(text, lookup)
    except csv.Error as error:
        raise DeckFormatError(f"not CSV: {error}") from None


def _read(text: str, lookup: CardLookup) -> DeckRead:
    rows = csv.DictReader(io.StringIO(text, newline=""))
    if rows.fieldnames is None or not {"section", "count", "name"} <= set(rows.fieldnames):
        raise DeckFormatError("CSV needs a header row with section, count and name")
    commanders: list[Commander] = []
    cards: dict[str, list[Card]] = {"main": [], "sideboard": []}
    problems: list[Problem] = []
    for number, row in enumerate(rows, start=2):
        name = _uncell((row.get("name") or "").strip())
        count_text = (row.get("count") or "").strip()
        section = (row.get("section") or "").strip().casefold()
        if section not in ("commander", "main", "sideboard") or not count_text.isdigit():
            message = f"Row {number} has no known section or count."
            problems.append(Problem("unreadable_line", name or None, message, {"line": number}))
            continue
        count = int(count_text)
        if not 1 <= count <= MAX_COPIES_PER_LINE:
            message = f"Row {number}: {count} copies is not a count we accept."
            problems.append(Problem("bad_count", name, message, {"line": number}))
            continue
        card = lookup.find(name, _uncell(row.get("set") or "") or None,
                           _uncell(row.get("number") or "") or None)
        if card is None:
            problems.append(lookup.unknown(name, number))
        elif section == "commander":
            color = (row.get("chosen_color") or "").strip().upper() or None
            added = (row.get("added") or "").strip().casefold() in ("yes", "true", "1")
            commanders.extend([Commander(card, color, added)] * count)
        else:
            cards[section].extend([card] * count)
    deck = Deck(tuple(commanders), tuple(cards["main"]), tuple(cards["sideboard"]))
    return DeckRead(deck, tuple(problems))
