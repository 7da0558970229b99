"""Read a card list the user downloaded (Scryfall or MTGJSON) into `Card` records plus text.

Why a pure parser: the host imports a file once, before the night; the server only stores
what this returns. Everything is validated before anything is returned, so a bad or
truncated file is refused with one line naming the first bad record and nothing is stored
half-way. Rules text is kept apart from the fact-only `Card` (the project never bundles
text; a user's own file may supply it). Colour identity is taken from the file: both
Scryfall (`color_identity`) and MTGJSON (`colorIdentity`) give it, and `draft` may not
import `pods.identity`.

Accepted shapes:
- Scryfall bulk data: a JSON array of card objects;
- a Scryfall search result: `{"object": "list", "data": [...]}`;
- Scryfall records in other languages than English are skipped (the all-cards file repeats
  every printing per language); a reversible card's type line comes from its faces;
- an MTGJSON set file: `{"data": {"code": ..., "cards": [...]}}` (faces of a multi-face
  card are separate entries with one collector number; they are joined into one card).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from draft.cards import Card, Face, sort_colors
from draft.errors import DraftError

Progress = Callable[[int], None]
SUPERTYPES = {"Legendary", "Basic", "Snow", "World", "Ongoing"}
COLORS = set("WUBRG")
RARITIES = {"common", "uncommon", "rare", "mythic", "special", "bonus"}
_PARTNER_WITH = re.compile(r"^Partner with ([^(\n]+?)\s*(?:\(|$)", re.MULTILINE)


class CardFileError(DraftError):
    """The file is not a Scryfall or MTGJSON card list, or a record in it is unusable."""

    code = "bad_card_file"


@dataclass(frozen=True)
class ImportedCards:
    """What a file held: which format, its cards, and rules text by card name."""

    source: str
    cards: tuple[Card, ...]
    rules_text: Mapping[str, str]


def parse_card_file(data: Any, progress: Progress | None = None) -> ImportedCards:
    """Parse an already-decoded JSON document; `progress(n)` is told of each `n` records done."""
    if isinstance(data, list):
        return _parse_records("scryfall", data, _scryfall_card, progress)
    if isinstance(data, Mapping):
        if data.get("object") == "list":
            records = data.get("data")
            if not isinstance(records, list):
                raise CardFileError("Scryfall list has no 'data' array")
            if data.get("has_more"):
                raise CardFileError("Scryfall list is only one page (has_more is true)")
            return _parse_records("scryfall", records, _scryfall_card, progress)
        inner = data.get("data")
        if isinstance(inner, Mapping) and isinstance(inner.get("cards"), list):
            code = inner.get("code")
            if not isinstance(code, str) or not code:
                raise CardFileError("MTGJSON set file has no set 'code'")
            groups = _mtgjson_groups(inner["cards"], code)
            return _parse_records("mtgjson", groups, _mtgjson_card, progress)
    raise CardFileError("not a Scryfall card array, Scryfall list object or MTGJSON set file")


def _parse_records(
    source: str,
    records: Sequence[Any],
    parse_one: Callable[[Any], tuple[Card, str | None]],
    progress: Progress | None,
) -> ImportedCards:
    if not records:
        raise CardFileError("the file holds no cards")
    cards: list[Card] = []
    texts: dict[str, str] = {}
    seen: set[str] = set()
    for index, record in enumerate(records, start=1):
        if isinstance(record, Mapping) and record.get("lang", "en") != "en":
            continue  # Scryfall's all-cards file repeats each printing per language
        try:
            card, text = parse_one(record)
        except CardFileError as error:
            raise CardFileError(f"card {index}: {error}") from None
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise CardFileError(f"card {index}: malformed record ({error})") from None
        if card.key in seen:
            raise CardFileError(f"card {index}: {card.key} appears twice")
        seen.add(card.key)
        cards.append(card)
        if text:
            texts.setdefault(card.name, text)
        if progress is not None and index % 500 == 0:
            progress(500)
    if progress is not None and len(records) % 500:
        progress(len(records) % 500)
    if not cards:
        raise CardFileError("the file holds no English cards")
    return ImportedCards(source, tuple(cards), texts)


def _text_field(record: Mapping[str, Any], key: str, required: bool = False) -> str:
    value = record.get(key)
    if value is None:
        if required:
            raise CardFileError(f"missing {key!r}")
        return ""
    if not isinstance(value, str):
        raise CardFileError(f"{key!r} is not text")
    if required and not value.strip():
        raise CardFileError(f"empty {key!r}")
    return value


def _colors(record: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = record.get(key) or []
    if not isinstance(value, list) or not set(value) <= COLORS:
        raise CardFileError(f"{key!r} is not a list of W/U/B/R/G")
    return sort_colors(value)


def _opt_colors(record: Mapping[str, Any], key: str) -> tuple[str, ...] | None:
    return _colors(record, key) or None


def _opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


def _rarity(value: str) -> str:
    rarity = value.lower()
    if rarity not in RARITIES:
        raise CardFileError(f"unknown rarity {value!r}")
    return rarity


def _type_parts(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    main = type_line.split(" // ")[0]
    left, _, right = main.partition("—")
    words = left.split()
    return (
        tuple(w for w in words if w in SUPERTYPES),
        tuple(w for w in words if w not in SUPERTYPES),
        tuple(right.split()),
    )


def _pairing(text: str) -> tuple[tuple[str, ...], str | None]:
    """Pairing keywords and the "Partner with" name, from the card's own text."""
    pairing: list[str] = []
    partner_with = _PARTNER_WITH.search(text)
    for line in text.splitlines():
        head = line.split("(")[0].strip()
        if head == "Partner":
            pairing.append("Partner")
        elif head.startswith("Partner with "):
            pairing.append("Partner with")
        elif head.casefold() == "friends forever":
            pairing.append("Friends forever")
        elif head.casefold() == "choose a background":
            pairing.append("Choose a Background")
    return tuple(sorted(set(pairing))), partner_with.group(1).strip() if partner_with else None


def _card(
    *,
    set_code: str,
    number: str,
    name: str,
    rarity: str,
    mana_cost: str,
    mana_value: Any,
    type_line: str,
    colors: tuple[str, ...],
    identity: tuple[str, ...],
    indicator: tuple[str, ...] | None,
    text: str,
    power: Any,
    toughness: Any,
    loyalty: Any,
    layout: str,
    faces: tuple[Face, ...],
    scryfall_id: str | None,
) -> Card:
    if not number.strip():
        raise CardFileError("empty collector number")
    supertypes, types, subtypes = _type_parts(type_line)
    pairing, partner_with = _pairing(text)
    legendary = "Legendary" in supertypes
    value = float(mana_value or 0)
    return Card(
        set=set_code.upper(),
        number=number,
        name=name,
        rarity=rarity,
        mana_cost=mana_cost,
        mana_value=int(value) if value.is_integer() else value,
        type_line=type_line,
        supertypes=supertypes,
        types=types,
        subtypes=subtypes,
        colors=colors,
        color_identity=identity,
        color_indicator=indicator,
        pairing=pairing,
        partner_with=partner_with,
        is_legendary=legendary,
        is_background=legendary and "Background" in subtypes,
        can_be_commander=(legendary and "Creature" in types) or "can be your commander" in text,
        chooses_color=" is the chosen color" in text,
        power=_opt_str(power),
        toughness=_opt_str(toughness),
        loyalty=_opt_str(loyalty),
        layout=layout or "normal",
        faces=faces,
        scryfall_id=scryfall_id,
    )


def _scryfall_card(record: Any) -> tuple[Card, str | None]:
    if not isinstance(record, Mapping):
        raise CardFileError("not a JSON object")
    if record.get("object", "card") != "card":
        raise CardFileError(f"object is {record.get('object')!r}, not 'card'")
    raw_faces = record.get("card_faces") or []
    faces = tuple(
        Face(
            name=_text_field(face, "name", required=True),
            mana_cost=_text_field(face, "mana_cost"),
            type_line=_text_field(face, "type_line"),
            color_indicator=_opt_colors(face, "color_indicator"),
        )
        for face in raw_faces
    )
    first = raw_faces[0] if raw_faces else record
    text = _text_field(record, "oracle_text") or "\n//\n".join(
        _text_field(face, "oracle_text") for face in raw_faces
    )
    colors = record.get("colors", first.get("colors"))
    card = _card(
        set_code=_text_field(record, "set", required=True),
        number=_text_field(record, "collector_number", required=True),
        name=_text_field(record, "name", required=True),
        rarity=_rarity(_text_field(record, "rarity", required=True)),
        mana_cost=_text_field(record, "mana_cost")
        or " // ".join(face.mana_cost for face in faces if face.mana_cost),
        mana_value=record.get("cmc", 0),
        type_line=_text_field(record, "type_line")
        or " // ".join(face.type_line for face in faces)
        or _text_field(record, "type_line", required=True),
        colors=_colors({"colors": colors}, "colors"),
        identity=_colors(record, "color_identity"),
        indicator=_opt_colors(record, "color_indicator"),
        text=text,
        power=record.get("power", first.get("power")),
        toughness=record.get("toughness", first.get("toughness")),
        loyalty=record.get("loyalty", first.get("loyalty")),
        layout=_text_field(record, "layout"),
        faces=faces,
        scryfall_id=_opt_str(record.get("id")),
    )
    return card, text or None


def _mtgjson_groups(cards: Sequence[Any], code: str) -> list[list[Mapping[str, Any]]]:
    """Group MTGJSON face entries by collector number (one group per card)."""
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for index, record in enumerate(cards, start=1):
        if not isinstance(record, Mapping):
            raise CardFileError(f"card {index}: not a JSON object")
        number = record.get("number")
        if not isinstance(number, str) or not number:
            raise CardFileError(f"card {index}: missing 'number'")
        groups.setdefault(number, []).append({"setCode": code, **record})
    for group in groups.values():
        group.sort(key=lambda face: str(face.get("side") or "a"))
    return list(groups.values())


def _mtgjson_card(group: Any) -> tuple[Card, str | None]:
    first: Mapping[str, Any] = group[0]
    multi = len(group) > 1
    faces = tuple(
        Face(
            name=_text_field(face, "faceName") or _text_field(face, "name", required=True),
            mana_cost=_text_field(face, "manaCost"),
            type_line=_text_field(face, "type"),
            color_indicator=_opt_colors(face, "colorIndicator"),
        )
        for face in group
    ) if multi else ()
    text = "\n//\n".join(_text_field(face, "text") for face in group).strip("\n/")
    identifiers = first.get("identifiers") or {}
    card = _card(
        set_code=_text_field(first, "setCode", required=True),
        number=_text_field(first, "number", required=True),
        name=_text_field(first, "name", required=True),
        rarity=_rarity(_text_field(first, "rarity", required=True)),
        mana_cost=" // ".join(f.mana_cost for f in faces if f.mana_cost)
        if multi
        else _text_field(first, "manaCost"),
        mana_value=first.get("manaValue", first.get("convertedManaCost", 0)),
        type_line=" // ".join(f.type_line for f in faces) if multi else _text_field(
            first, "type", required=True
        ),
        colors=sort_colors({c for face in group for c in _colors(face, "colors")}),
        identity=_colors(first, "colorIdentity"),
        indicator=_opt_colors(first, "colorIndicator"),
        text=text,
        power=first.get("power"),
        toughness=first.get("toughness"),
        loyalty=first.get("loyalty"),
        layout=_text_field(first, "layout"),
        faces=faces,
        scryfall_id=_opt_str(identifiers.get("scryfallId")) if isinstance(identifiers, Mapping)
        else None,
    )
    return card, text or None
