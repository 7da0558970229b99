"""The line rules of the programs players load our files into, re-stated in Python.

Why: "Forge reads it" must be a test, not a belief. Each function below restates, in our own
words and code, what one real importer does with a line or element, with the file (and
line, or method where the line moves between versions) it was read from. Paths are in the
projects' GitHub repositories; the commit is the stored version that was read. Only the
rules that decide where a card lands or whether it is found are restated: section and zone
names, line syntax, card-name lookup, and XMage's commander check.

A program's card database is modelled by `CardNames`: the names under which that program
stores each of our cards (split and adventure cards differ between programs).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field

from draft.cards import Card, CardSet
from pods.basics import BASIC_LANDS


@dataclass
class Loaded:
    """What a program ends up holding after reading a file."""

    main: Counter[Card] = field(default_factory=Counter)
    side: Counter[Card] = field(default_factory=Counter)
    command: Counter[Card] = field(default_factory=Counter)
    not_found: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)

    def everything(self) -> Counter[Card]:
        return self.main + self.side + self.command


class CardNames:
    """One program's card database for our sets: name -> card."""

    def __init__(self, naming: str, *sets: CardSet, case_sensitive: bool = True) -> None:
        self.case_sensitive = case_sensitive
        self.by_name: dict[str, Card] = {}
        for card in [*BASIC_LANDS.values(), *(c for s in sets for c in s.cards)]:
            self.by_name.setdefault(self._key(stored_name(naming, card)), card)

    def _key(self, name: str) -> str:
        return name if self.case_sensitive else name.casefold()

    def find(self, name: str) -> Card | None:
        return self.by_name.get(self._key(name))


def stored_name(naming: str, card: Card) -> str:
    """The one name a program's database gives a card.

    - forge: forge-core/src/main/java/forge/card/CardRules.java `getName()` (commit
      01da67676d42): faces are joined with " // " only when the split type aggregates with
      COMBINE, which forge-core/.../card/CardSplitType.java (commit 03be13bacf64) gives to
      `Split` alone; every other card (adventure included) is named by its main face.
    - cockatrice: oracle/src/oracleimporter.cpp `importCardsFromSet` ("split cards are
      considered a single card, enqueue for later merging"): layouts split, aftermath and
      adventure are stored once under the faces joined with " // "; other multi-face
      layouts are stored per face (the front face is what a deck names).
    - xmage: split cards are one card class named "A // B" (TxtDeckImporter rewrites "A/B"
      to it, see `xmage_txt`); an adventure card's class is named after its creature.
    """
    front = card.faces[0].name if card.faces else card.name.split(" // ")[0]
    joined = " // ".join(face.name for face in card.faces) if card.faces else card.name
    if naming == "cockatrice" and card.layout in ("split", "aftermath", "adventure"):
        return joined
    if naming in ("forge", "xmage") and card.layout == "split":
        return joined
    return front


# --- Forge `.dck` -------------------------------------------------------------------------

FORGE_SECTIONS = ("Avatar", "Commander", "Main", "Sideboard", "Planes", "Schemes", "Conspiracy")
"""forge-core/src/main/java/forge/deck/DeckSection.java:9-15 (commit 057213342c27)."""

_FORGE_LINE = re.compile(r"((\d+)\s+)?(.*?)")
"""forge-core/src/main/java/forge/deck/CardPool.java, `fromCardList`/`processCardList`:
the pattern `((\\d+)\\s+)?(.*?)` on the trimmed line; lines starting `;` or `#` are skipped."""


def forge_section(header: str) -> str | None:
    """DeckSection.java:45 `smartValueOf`: the enum name compared ignoring case after trim;
    anything else is null, and forge-core/.../deck/io/DeckSerializer.java:86-89 (commit
    04a38b79ac6c) `fromSections` and forge-core/.../deck/Deck.java `loadDeferredSections`
    (commit 032fa452c4d8) `continue` past a null section: its cards are never loaded."""
    wanted = header.strip().casefold()
    return next((s for s in FORGE_SECTIONS if s.casefold() == wanted), None)


def forge(text: str, names: CardNames) -> Loaded:
    """A `.dck` as Forge loads it. Sections come from `FileSection.parseSections` (a
    `[name]` line opens a section); a card request is `Name|SET` (CardDb.NameSetSeparator
    is `|`, the part after it picks the printing)."""
    loaded = Loaded()
    section: str | None = None
    in_metadata = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("[") and line.endswith("]"):
            in_metadata = line[1:-1].strip().casefold() == "metadata"
            section = None if in_metadata else forge_section(line[1:-1])
            continue
        if in_metadata or not line or line.startswith((";", "#")):
            continue
        match = _FORGE_LINE.fullmatch(line)
        assert match is not None
        count = int(match[2]) if match[2] else 1
        name = match[3].split("|")[0]
        if section is None:
            loaded.messages.append(f"skipped (unknown section): {line}")
            continue
        card = names.find(name)
        if card is None:
            loaded.not_found.append(name)
            continue
        target = {"Commander": loaded.command, "Sideboard": loaded.side}.get(section, loaded.main)
        target[card] += count
    return loaded


# --- Cockatrice `.cod` --------------------------------------------------------------------

COCKATRICE_ZONES = {"main": "main", "side": "side"}
"""common/decklist.h `DECK_ZONE_MAIN "main"`, `DECK_ZONE_SIDE "side"` (commit 7f28a7e8441b);
`DECK_ZONE_TOKENS "tokens"` is the only other zone a game uses."""


def cockatrice(text: str, names: CardNames) -> Loaded:
    """A `.cod` as Cockatrice loads it: common/decklist.cpp (commit 03dff509bd78)
    `DeckList::loadFromXml` wants a `cockatrice_deck` root; `DeckList::readElement` reads
    `deckname`, `comments` and each `zone` by its `name`; `InnerDecklistNode::readElement`
    makes a card node from the `name` and `number` attributes (`toInt()`: not a number is 0).
    The game then finds each card by that exact name in its database. Cockatrice has no
    command zone: commanders are main-deck cards there."""
    loaded = Loaded()
    root = ET.fromstring(text)
    assert root.tag == "cockatrice_deck", "Cockatrice refuses any other root"
    for zone in root.iter("zone"):
        target = {"main": loaded.main, "side": loaded.side}.get(
            COCKATRICE_ZONES.get(zone.get("name", ""), ""))
        for element in zone.iter("card"):
            name = element.get("name", "")
            number = element.get("number", "")
            count = int(number) if number.isdigit() else 0
            card = names.find(name)
            if card is None or target is None:
                loaded.not_found.append(name)
                continue
            target[card] += count
    return loaded


# --- XMage --------------------------------------------------------------------------------

def xmage_txt(text: str, names: CardNames) -> Loaded:
    """A `.txt` deck (and any pasted list: the clipboard dialog writes the text to a
    `cbimportdeck*.txt` file, mage/util/DeckUtil.java `writeTextToTempFile`) as XMage reads
    it. Mage/src/main/java/mage/cards/decks/importer/DeckImporter.java (commit
    675bf450b11f) picks `TxtDeckImporter(haveSideboardSection)`, true when some line starts
    `//sideboard` or `sb: `. Then, per line, TxtDeckImporter.java (commit 9e645b81c5d5):
    L36 trim; L41-50 a `//` line is a comment (`//sideboard` switches to the sideboard);
    L59 empty lines before the first card are ignored; L64-73 without a sideboard marker
    the first later empty line starts the sideboard and another one is an error message;
    L78 `SB:` puts one line in the sideboard; L96-103 a leading number must be 1-99;
    L109-115 without a number the whole line is the name, count 1; L117-121 `A/B` becomes
    `A // B`; L129 the name is looked up (case-insensitive), else "Could not find card".
    XMage keeps a Commander deck's commanders in its sideboard."""
    loaded = Loaded()
    has_marker = any(
        line.strip().lower().startswith(("//sideboard", "sb: ")) for line in text.splitlines()
    )
    sideboard = False
    seen_cards = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.lower().startswith("//"):
            sideboard = sideboard or line.lower().startswith("//sideboard")
            continue
        line = line.split("#", 1)[0].strip()
        if not line and not seen_cards:
            continue
        if not line and not has_marker:
            if sideboard:
                loaded.messages.append(f"second empty line at {number}")
            sideboard = True
            continue
        one_side = line.startswith("SB:")
        line = line.removeprefix("SB:").strip() if one_side else line
        head, _, rest = line.replace("\t", " ").partition(" ")
        digits = re.sub(r"\D+", "", head)
        if rest and digits:
            count, name = int(digits), rest.strip()
            if not 0 < count < 100:
                loaded.messages.append(f"invalid number at {number}")
                continue
        else:
            count, name = 1, line
        if "//" in name and " // " not in name:
            name = name.replace("//", " // ")
        name = re.sub(r"(?<=[^/])\s*/\s*(?=[^/])", " // ", name, count=1)
        seen_cards = True
        card = names.find(name)
        if card is None:
            loaded.not_found.append(name)
            continue
        (loaded.side if sideboard or one_side else loaded.main)[card] += count
    return loaded


_MTGA_LINE = re.compile(r"(\d+)\s+(.+?)(?:\s+\((\w+)\)(?:\s+(\S+))?)?")
"""XMage's optional parts, read the way Arena writes them: ` (SET) number` together."""


def xmage_mtga(text: str, names: CardNames) -> Loaded:
    """A `.mtga` (Arena text) file as XMage reads it: MtgaImporter.java (commit
    86a448439714): each line trimmed; `Deck` is skipped; `Sideboard` or an empty line
    switches to the sideboard for good; any other line must match
    `(\\d+)\\s+NAME(?:\\s+\\()?(SET)?(?:\\)\\s+)?(NUMBER)?` or is reported ("Error reading"),
    and the card is looked up by name (and set and number when given). There is no
    `Commander` header: it is one of the unreadable lines."""
    loaded = Loaded()
    sideboard = False
    for raw in text.splitlines():
        line = raw.strip()
        if line == "Deck":
            continue
        if line in ("Sideboard", ""):
            sideboard = True
            continue
        match = _MTGA_LINE.fullmatch(line)
        if match is None:
            loaded.messages.append(f"Error reading '{line}'")
            continue
        name = match[2]
        card = names.find(name)
        if card is None:
            loaded.not_found.append(name)
            continue
        (loaded.side if sideboard else loaded.main)[card] += int(match[1])
    return loaded


def xmage_commander_problems(loaded: Loaded) -> list[str]:
    """Mage.Server.Plugins/Mage.Deck.Constructed/src/mage/deck/AbstractCommander.java
    (commit 4777466b503b), `validate`: the sideboard holds the commanders; one or two cards
    (three with a companion) or "Sideboard must contain only the commander(s)"."""
    size = sum(loaded.side.values())
    return [] if 1 <= size <= 2 else ["Sideboard must contain only the commander(s)"]


_LOG_SET = re.compile(r"------ (\w+) ------")
_LOG_PICK = re.compile(r"--> (.+)")


def xmage_draft_log(text: str, names: CardNames) -> Loaded:
    """A `.draft` log as XMage reads it: DraftLogImporter.java (commit d3c271cc91d6): a line
    matching `------ (SET) ------` sets the set; a line matching `--> (.+)` is a card
    taken, looked up by that name in that set, else "couldn't find"; all other lines are
    ignored. (The `--> You` line under `Players:` matches too, and is reported.)"""
    loaded = Loaded()
    for raw in text.splitlines():
        if _LOG_SET.fullmatch(raw):
            continue
        match = _LOG_PICK.fullmatch(raw)
        if match is None:
            continue
        card = names.find(match[1])
        if card is None:
            loaded.not_found.append(match[1])
            continue
        loaded.main[card] += 1
    return loaded
