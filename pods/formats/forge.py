"""Forge `.dck`: `[metadata]` with `Name=`, then `[Commander]`, `[Main]`, `[Sideboard]`.

Why these section names: Forge's `DeckSection.smartValueOf` knows only its own section
names (`Main`, `Sideboard`, `Commander`, ...) and `DeckSerializer.fromSections` skips any
other section, so `[Side]` would lose every card in it. Why `Name|SET` lines: Forge picks
the printing from the set code; basics (no set) are written by name alone. Forge names a
split card `A // B` and an adventure card by its front (`CardRules.getName`). Forge reads
these files back, and so do we (`read`).
"""

from __future__ import annotations

from collections.abc import Iterable

from draft.cards import Card
from pods.deck import Commander, Deck, count_cards
from pods.formats.names import MAX_COPIES_PER_LINE, CardLookup, DeckRead, display_name
from pods.problems import Problem


def write(deck: Deck) -> str:
    """The deck as a Forge `.dck` file."""
    lines = ["[metadata]", f"Name={deck.name}"]
    for title, cards in (
        ("Commander", [c.card for c in deck.commanders]),
        ("Main", list(deck.main)),
        ("Sideboard", list(deck.sideboard)),
    ):
        lines.append(f"[{title}]")
        lines.extend(_line(card, n) for card, n in count_cards(cards))
    return "\n".join(lines) + "\n"


def _line(card: Card, count: int) -> str:
    return f"{count} {display_name(card)}|{card.set}" if card.set else f"{count} {card.name}"


def read(text: str, lookup: CardLookup, *, pipers_added: bool = True) -> DeckRead:
    """A deck from a `.dck` file; unknown names and unreadable lines become problems."""
    sections: dict[str, list[Card]] = {"commander": [], "main": [], "side": []}
    problems: list[Problem] = []
    name, section = "", ""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().casefold()
            continue
        if section == "metadata":
            key, _, value = line.partition("=")
            if key.strip().casefold() == "name":
                name = value.strip()
            continue
        target = {
            "commander": "commander",
            "main": "main",
            "side": "side",
            "sideboard": "side",
        }.get(section)
        count_text, _, rest = line.partition(" ")
        card_name, _, set_code = rest.partition("|")
        if target is None or not count_text.isdigit() or not card_name.strip():
            message = f"Line {number} is not a card line in a known section: {line!r}."
            problems.append(Problem("unreadable_line", None, message, {"line": number}))
            continue
        count = int(count_text)
        if not 1 <= count <= MAX_COPIES_PER_LINE:
            message = f"Line {number}: {count} copies is not a count we accept."
            problems.append(Problem("bad_count", card_name, message, {"line": number}))
            continue
        card = lookup.find(card_name.strip(), set_code.split("|")[0].strip() or None)
        if card is None:
            problems.append(lookup.unknown(card_name.strip(), number))
            continue
        sections[target].extend([card] * count)
    return DeckRead(_deck(sections, name, pipers_added), tuple(problems))


def _deck(sections: dict[str, list[Card]], name: str, pipers_added: bool) -> Deck:
    commanders: Iterable[Commander] = (
        Commander(card, added=pipers_added and card.chooses_color) for card in sections["commander"]
    )
    return Deck(tuple(commanders), tuple(sections["main"]), tuple(sections["side"]), name)
