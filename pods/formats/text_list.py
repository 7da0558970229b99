"""Reading deck lists people paste: Arena, Moxfield, MTGO and plain lists in one reader.

Why one reader: the formats differ only in headers and decorations. Understood:
section headers (`Commander`, `Deck`, `Sideboard`, `Companion`, `Maybeboard`, with or
without a colon or a count such as `Deck (60)`), `N Name`, `Nx Name`, bare `Name`,
optional `(SET) number`, Moxfield's `*F*` foil mark, `SB:` prefixes, `//` comments, and
MTGO's convention that a blank line after the main cards starts the sideboard, which
applies only when no `Deck` header named the section (Arena and Moxfield put blank lines
inside their sections). Typographic apostrophes, quotes and dashes and runs of spaces are
read as the plain ones card names use. Maybeboard lines are not the deck and are skipped.
A choose-a-color card in the Commander section is read as an *added* copy (the usual
case; the pool rarely holds one); a `// chosen colors: R G` comment gives those cards
their colors, in order (what `prismatic deck suggest` writes, so `deck check` needs no
`--piper`; other programs skip it as a comment). An unknown card's problem carries its
line's `count` and `section`, so `pods.pasted` can keep it from causing other problems.
"""

from __future__ import annotations

import re

from draft.cards import Card
from pods.deck import Commander, Deck, with_chosen_colors
from pods.errors import ColorChoiceError
from pods.formats.names import MAX_COPIES_PER_LINE, CardLookup, DeckRead
from pods.problems import Problem

_LINE = re.compile(
    r"^(?:(?P<count>\d+)\s*[xX]?\s+)?(?P<name>.+?)"
    r"(?:\s+\((?P<set>[A-Za-z0-9]{2,6})\)(?:\s+(?P<number>[A-Za-z0-9★-]+))?)?"
    r"(?:\s+\*[A-Z]\*)?$"
)
_CHOSEN = re.compile(r"^//\s*chosen colou?rs?\s*:(?P<colors>.*)$", re.IGNORECASE)
_HEADER = re.compile(r"^(?P<name>[A-Za-z ]+?)\s*(?:\(\d+\))?\s*:?$")
_TYPOGRAPHIC = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"',
                              "\u2013": "-", "\u2014": "-", "\u00a0": " "})
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
    explicit = False  # a header named the section: its blank lines are only spacing
    blank_seen = False
    chosen: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = clean_line(raw)
        if not line:
            blank_seen = True
            continue
        colors = _CHOSEN.match(line)
        if colors is not None:
            chosen += colors["colors"].replace(",", " ").split()
            continue
        if line.startswith(("//", "#")):
            continue
        header = _header(line)
        if header is not None:
            section, blank_seen, explicit = header, False, True
            continue
        if section == "ignore":
            continue
        if section == "about" and line.casefold().startswith("name "):
            name = line[5:].strip()
            continue
        if section == "about":
            section = "main"
        if blank_seen and sections[section] and section == "commander":
            section, explicit = "main", False
        elif blank_seen and sections[section] and section == "main" and not explicit:
            section = "side"
        blank_seen = False
        target = section
        if line.upper().startswith("SB:"):
            target, line = "side", line[3:].strip()
        parsed = _parse_line(line, number, lookup)
        if isinstance(parsed, Problem):
            problems.append(_in_section(parsed, target))
            continue
        card, count = parsed
        sections[target].extend([card] * count)
    commanders = tuple(
        Commander(card, added=pipers_added and card.chooses_color) for card in sections["commander"]
    )
    deck = Deck(commanders, tuple(sections["main"]), tuple(sections["side"]), name)
    try:
        deck = with_chosen_colors(deck, chosen)
    except ColorChoiceError:  # a word that is no color, or more colors than choosers
        message = (f"The chosen colors {' '.join(chosen)} do not fit the deck's "
                   "choose-a-color commanders.")
        problems.append(Problem("bad_chosen_colors", None, message, {"colors": chosen}))
    return DeckRead(deck, tuple(problems))


def chosen_colors_comment(deck: Deck) -> str:
    """`// chosen colors: R G`, the commanders' chosen colors in order, or "" when none;
    `read_text` gives them back to the deck's choose-a-color commanders."""
    colors = [c.chosen_color for c in deck.commanders if c.chosen_color]
    return f"// chosen colors: {' '.join(colors)}" if colors else ""


def clean_line(raw: str) -> str:
    """A pasted line with typographic punctuation made plain and spaces collapsed."""
    return " ".join(raw.lstrip("\ufeff").translate(_TYPOGRAPHIC).split())


def _header(line: str) -> str | None:
    match = _HEADER.match(line)
    return _HEADERS.get(match["name"].strip().casefold()) if match else None


def _in_section(problem: Problem, section: str) -> Problem:
    """An unknown card's problem, with the section its line was in (see `pods.pasted`)."""
    if problem.code != "unknown_card":
        return problem
    return Problem(problem.code, problem.card, problem.message, {**problem.params,
                                                                  "section": section})


def _parse_line(line: str, number: int, lookup: CardLookup) -> tuple[Card, int] | Problem:
    match = _LINE.match(line)
    if match is None:  # pragma: no cover - the pattern accepts any non-empty line
        return _unreadable(line, number)
    count = int(match["count"]) if match["count"] else 1
    if not 1 <= count <= MAX_COPIES_PER_LINE:
        message = f"Line {number}: {count} copies is not a count we accept."
        return Problem("bad_count", match["name"], message, {"line": number, "count": count})
    name = match["name"].strip().strip('"').strip()  # `1 "Sol Ring"`: quotes are no part
    card = lookup.find(name, match["set"], match["number"])
    if card is None and match["set"]:
        # "(SET)" may have been part of an unknown name; retry the whole text.
        card = lookup.find(line[match.start("name") :])
    if card is None:
        unknown = lookup.unknown(name, number)
        return Problem(unknown.code, unknown.card, unknown.message,
                       {**unknown.params, "count": count})
    return card, count


def _unreadable(line: str, number: int) -> Problem:  # pragma: no cover
    message = f"Line {number} is not a card line: {line!r}."
    return Problem("unreadable_line", None, message, {"line": number, "text": line})
