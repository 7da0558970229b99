"""Build the bundled card facts (`draft/data/<set>.json`) from `../shared/data`.

Why a script: the project may carry card *facts* only (names, numbers, costs, types,
rarities, colours, identities, booster sheets, Scryfall ids) and never rules text,
flavor text or artist credits. This script is the one place that reads the shared
sources and decides what crosses that line, so rerunning it is always safe and the
output is byte-for-byte deterministic (sorted keys, stable card order).

Usage: python scripts/build_card_data.py [--shared ../shared/data] [--set CMR]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "draft" / "data"
SCRYFALL_ID = re.compile(r"/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.")
COLOR_WORDS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
WUBRG = "WUBRG"


def ordered_colors(colors: list[str] | None) -> list[str]:
    """Colours in WUBRG order, so identical identities serialise identically."""
    return [c for c in WUBRG if c in set(colors or [])]


def indicator(value: Any) -> list[str] | None:
    """Normalise a colour indicator given as letters, words or one word."""
    if not value:
        return None
    items = value if isinstance(value, list) else [value]
    return ordered_colors([COLOR_WORDS.get(str(item), str(item)) for item in items])


def partner_with(text: str | None) -> str | None:
    """The named partner of a "Partner with NAME" card (a fact about the card, not its text)."""
    if not text:
        return None
    match = re.search(r"^Partner with ([^(\n]+?)\s*(\(|$)", text, re.MULTILINE)
    return match.group(1).strip() if match else None


def face_facts(face: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": face["name"],
        "mana_cost": face.get("mana_cost") or "",
        "type_line": face.get("type_line") or "",
        "color_indicator": indicator(face.get("color_indicator")),
    }


def card_facts(record: dict[str, Any], scryfall_ids: dict[str, str]) -> dict[str, Any]:
    """Keep the facts of one card record and drop everything textual."""
    text = record.get("oracle_text") or ""
    pt = record.get("power_toughness")
    power, toughness = (pt.split("/", 1) if pt and "/" in pt else (None, None))
    facts: dict[str, Any] = {
        "set": record["set"],
        "number": record["number"],
        "name": record["name"],
        "layout": record.get("layout") or "normal",
        "rarity": record["rarity"],
        "mana_cost": record.get("mana_cost") or "",
        "mana_value": record.get("mana_value", record.get("cmc")),
        "type_line": record.get("type_line") or "",
        "supertypes": record.get("supertypes"),
        "types": record.get("types"),
        "subtypes": record.get("subtypes"),
        "colors": ordered_colors(record.get("colors")),
        "color_identity": ordered_colors(record.get("color_identity")),
        "color_indicator": indicator(record.get("color_indicator")),
        "pairing": sorted(record.get("pairing_keywords") or []),
        "partner_with": partner_with(text),
        "is_legendary": bool(record.get("is_legendary")),
        "is_background": bool(record.get("is_background"))
        or "Background" in (record.get("type_line") or ""),
        "can_be_commander": bool(record.get("can_be_commander")),
        "chooses_color": "is the chosen color" in text,
        "power": record.get("power", power),
        "toughness": record.get("toughness", toughness),
        "loyalty": record.get("loyalty"),
        "faces": [face_facts(face) for face in record.get("faces") or []],
        "scryfall_id": record.get("scryfall_id") or scryfall_ids.get(record["number"]),
    }
    if facts["supertypes"] is None:
        facts.update(split_type_line(facts["type_line"]))
    if facts["mana_value"] is None:
        facts["mana_value"] = 0
    return facts


def split_type_line(type_line: str) -> dict[str, list[str]]:
    """Supertypes, types and subtypes from a printed type line."""
    supers = {"Legendary", "Basic", "Snow", "World"}
    left, _, right = type_line.partition(" — ")
    words = [w for w in left.replace("//", " ").split() if w]
    return {
        "supertypes": [w for w in words if w in supers],
        "types": [w for w in words if w not in supers],
        "subtypes": right.split() if right else [],
    }


def booster_sheets(sealed: list[dict[str, Any]], code: str) -> dict[str, Any]:
    """The draft booster: weighted pack variants over named, weighted sheets."""
    draft = next(obj for obj in sealed if obj["code"] == code.lower())
    sheets = {}
    for name, sheet in draft["sheets"].items():
        cards = []
        for key, weight in sheet["cards"].items():
            _set, number, *rest = key.split(":")
            cards.append([number, weight, rest == ["foil"]])
        cards.sort(key=lambda entry: (entry[0].zfill(6), entry[2]))
        sheets[name] = {"balance_colors": bool(sheet.get("balance_colors")), "cards": cards}
    variants = [
        # A list of [sheet, count] pairs: slot order is meaningful and sort_keys must not touch it.
        {"weight": variant["weight"], "slots": [[name, n] for name, n in variant["sheets"].items()]}
        for variant in draft["boosters"]
    ]
    return {"variants": variants, "sheets": dict(sorted(sheets.items()))}


def scryfall_ids_from_search(path: Path) -> dict[str, str]:
    """Collector number → Scryfall id, read from the image URLs of a search result."""
    data = json.loads(path.read_text())
    ids = {}
    for value in data.values():
        if isinstance(value, list):
            for card in value:
                match = SCRYFALL_ID.search(card.get("image_uri") or "")
                if match:
                    ids[card["collector_number"]] = match.group(1)
    return ids


SETS = {
    "CMR": {
        "name": "Commander Legends",
        "cards": "cmr/cmr_cards_merged.json",
        "sealed": "cmr/booster/sealed_basic_data_cmr.json",
        "search": "cmr/scryfall_booster_cards_CMR.json",
        "chosen_color_commander": "1",
    },
    "CLB": {
        "name": "Commander Legends: Battle for Baldur's Gate",
        "cards": "clb/clb_cards_merged.json",
        "sealed": "clb/booster/sealed_basic_data_clb.json",
        "search": "clb/scryfall_booster_cards_CLB.json",
        "chosen_color_commander": "1",
    },
}


def build(shared: Path, code: str) -> dict[str, Any]:
    spec = SETS[code]
    scryfall_ids = scryfall_ids_from_search(shared / spec["search"])
    records = json.loads((shared / spec["cards"]).read_text())["cards"]
    for record in records:
        record.setdefault("set", code)
    cards = [card_facts(record, scryfall_ids) for record in records]
    cards.sort(key=lambda card: (card["number"].zfill(6)))
    sealed = json.loads((shared / spec["sealed"]).read_text())
    return {
        "set": code,
        "name": spec["name"],
        "generated_by": "scripts/build_card_data.py from ../shared/data (facts only)",
        "chosen_color_commander": spec["chosen_color_commander"],
        "booster": booster_sheets(sealed, code),
        "cards": cards,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--set", dest="sets", action="append", choices=sorted(SETS))
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="output folder")
    args = parser.parse_args(argv)
    if not args.shared.is_dir():
        print(f"error: no shared data folder at {args.shared}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    for code in args.sets or ["CMR"]:
        data = build(args.shared, code)
        out = args.out / f"{code.lower()}.json"
        out.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n")
        print(f"{code}: {len(data['cards'])} cards, "
              f"{len(data['booster']['sheets'])} sheets -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
