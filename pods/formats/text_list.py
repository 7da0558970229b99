"""Reading deck lists people paste: Arena, Moxfield, MTGO and plain lists in one reader.

Why one reader: the formats differ only in headers and decorations. Understood:
section headers (`Commander`, `Deck`, `Sideboard`, `Companion`, `Maybeboard`, with or
without a colon), `N Name`, `Nx Name`, bare `Name`, optional `(SET) number`, Moxfield's
`*F*` foil mark, `SB:` prefixes, `//` comments, and MTGO's convention that a blank line
after the main cards starts the sideboard. A choose-a-color card in the Commander section
is read as an *added* copy (the usual case; the pool rarely holds one).
"""

from __future__ import annotations

import re

from draft.cards import Card
from pods.deck import Commander, Deck
from pods.formats.names import MAX_COPIES_PER_LINE, CardLookup, DeckRead
from pods.problems import Problem

_LINE = re.compile(
    r"^(?:(?P<count>\d+)\s*[xX]?\s+)?(?P<name>.+?)"
    r"(?:\s+\((?P<set>[A-Za-z0-9]{2,6})\)(?:\s+(?P<number>[A-Za-z0-9★-]+))?)?"
    r"(?:\s+\*[A-Z]\*)?$"
)
_HEADERS = {
    "commander": "commander",
    "commanders": "commander",
    "deck": "main",
    "main": "main",
    "mainboard": "main",
    "sideboard": "side",
    "companion": "side",
    "maybeboard": "ignore",
    "considering": "ignore",
    "about": "about",
}


def read_text(text: str, lookup: CardLookup, *, pipers_added: bool = True) -> DeckRead:
    """A deck from pasted text; unknown names and unreadable lines become problems."""
    sections: dict[str, list[Card]] = {"commander": [], "main": [], "side": [], "ignore": []}
    problems: list[Problem] = []
    name = ""
    section = "main"
    blank_seen = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            blank_seen = True
            continue
        if line.startswith(("//", "#")):
            continue
        header = _HEADERS.get(line.rstrip(":").strip().casefold())
        if header is not None:
            section, blank_seen = header, False
            continue
        if section == "about" and line.casefold().startswith("name "):
            name = line[5:].strip()
            continue
        if section == "about":
            section = "main"
        if blank_seen and sections[section] and section in ("commander", "main"):
            section = "main" if section == "commander" else "side"
        blank_seen = False
        target = section
        if line.upper().startswith("SB:"):
            target, line = "side", line[3:].strip()
        parsed = _parse_line(line, number, lookup)
        if isinstance(parsed, Problem):
            problems.append(parsed)
            continue
        card, count = parsed
        sections[target].extend([card] * count)
    commanders = tuple(
        Commander(card, added=pipers_added and card.chooses_color) for card in sections["commander"]
    )
    deck = Deck(commanders, tuple(sections["main"]), tuple(sections["side"]), name)
    return DeckRead(deck, tuple(problems))


def _parse_line(line: str, number: int, lookup: CardLookup) -> tuple[Card, int] | Problem:
    match = _LINE.match(line)
    if match is None:  # pragma: no cover - the pattern accepts any non-empty line
        return _unreadable(line, number)
    count = int(match["count"]) if match["count"] else 1
    if not 1 <= count <= MAX_COPIES_PER_LINE:
        message = f"Line {number}: {count} copies is not a count we accept."
        return Problem("bad_count", match["name"], message, {"line": number, "count": count})
    name = match["name"].strip()
    card = lookup.find(name, match["set"], match["number"])
    if card is None and match["set"]:
        # "(SET)" may have been part of an unknown name; retry the whole text.
        card = lookup.find(line[match.start("name") :])
    if card is None:
        return lookup.unknown(name, number)
    return card, count


def _unreadable(line: str, number: int) -> Problem:  # pragma: no cover
    message = f"Line {number} is not a card line: {line!r}."
    return Problem("unreadable_line", None, message, {"line": number, "text": line})
