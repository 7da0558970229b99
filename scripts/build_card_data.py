"""Build the bundled card facts (`draft/data/<set>.json`) from `../shared/data`.

Why a script: the project may carry card *facts* only (names, numbers, costs, types,
rarities, colours, identities, booster sheets, Scryfall ids) and never rules text,
flavor text or artist credits. This script is the one place that reads the shared
sources and decides what crosses that line, so rerunning it is always safe and the
output is byte-for-byte deterministic (sorted keys, stable card order).

Baldur's Gate (CLB) showcase printings, and why they are folded: the CLB draft sheets
(`clb/booster/sealed_basic_data_clb.json`) list showcase printings by collector numbers
#362-450 that no file in `../shared/data` names (`clb_cards_merged.json` holds #1-361;
the Scryfall commander subset's `scryfall_uri`s point at base or precon numbers only; the
Cockatrice spoiler has one entry per printing but no numbers). We never invent a name for
a number, so an unnamed showcase entry is dropped and its weight is *folded back* into
the base printings it belongs with. `mse_clb-draft.yaml` says how the weights are built:
a card with a showcase version keeps its base printing at a reduced weight and gets the
remainder from its showcase printing(s), so every card's total rate equals that of its
peers without a showcase (commons 3 = 2 + 1; mythics 6 = 4 + 2, or 4 + 1 + 1 for the
dragons with two showcase versions). Folding therefore raises each reduced base entry to
its peers' full rate (`FULL_RATES`, the YAML's rates in each compiled sheet's units). The
build checks that the weight added equals the weight dropped, sheet by sheet, so each
sheet's total and each card's total rate are exactly the data's. What is lost is only the
*printing*: a drawn card is always the base printing (no showcase art or number).
Uncertainty: the rates themselves are the YAML's guesses ("based on a few pack opening
videos"); folding assumes, as the YAML's queries state, that the reduced-weight bases are
exactly the cards with showcase versions.

Entries that are distinct unnamed cards, not showcase versions, cannot be folded: CLB's
Background sheet lists four mythic-rate Backgrounds #608, #614, #624, #633 (the Cockatrice
spoiler names four mythic Backgrounds outside #1-361, but gives no numbers, so which is
which is unknown). They are skipped (`SKIPPED`), so a pack's Background is never mythic;
the other Backgrounds keep their relative rates. Adventure cards appear in the sheets as
`NNNa` (the card's first half); they are the card `NNN`.

Commander Masters (CMM) names each card's booster-fun printing (#622-703) on the sheets;
the merged records say which card each is, so those weights join their card's entry
(`fold_printings`) and a card keeps exactly its total rate.

Each card also gets `pick_value`, the bots' per-card value (a number computed here from the
facts, the text's removal words and Scryfall's `edhrec_rank`; method in docs/bots.md).

Usage: python scripts/build_card_data.py [--shared ../shared/data] [--set CMR] [--set CLB]
[--set CMM]
"""

from __future__ import annotations

import argparse
import json
import math
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
    if facts["layout"] == "adventure" and not facts["faces"]:
        facts["faces"] = adventure_faces(facts)
    if facts["supertypes"] is None:
        # An adventure card is its main half for every type question.
        facts.update(split_type_line(facts["type_line"].split(" // ")[0]))
    if facts["mana_value"] is None:
        facts["mana_value"] = mana_value(facts["mana_cost"].split(" // ")[0])
    return facts


def adventure_faces(facts: dict[str, Any]) -> list[dict[str, Any]]:
    """The two halves of an adventure card, from its `A // B` name, cost and type line."""
    parts = [facts[key].split(" // ") for key in ("name", "mana_cost", "type_line")]
    if any(len(part) != 2 for part in parts):
        return []
    return [
        {"name": name, "mana_cost": cost, "type_line": type_line, "color_indicator": None}
        for name, cost, type_line in zip(*parts, strict=True)
    ]


def mana_value(mana_cost: str) -> int:
    """The mana value of a {}-form cost (X counts 0, a hybrid symbol counts 1)."""
    total = 0
    for symbol in re.findall(r"\{([^}]+)\}", mana_cost):
        if symbol.isdigit():
            total += int(symbol)
        elif symbol not in ("X", "Y", "Z"):
            total += 2 if symbol.startswith("2/") else 1
    return total


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


# The YAML's full per-card rates (cards without a showcase version), in the units of each
# compiled CLB sheet, by rarity. Only sheets that list showcase printings need an entry.
FULL_RATES: dict[str, dict[str, dict[str, int]]] = {
    "CLB": {
        "nonlegendary_common_with_showcase": {"common": 3},
        "nonlegendary_uncommon_with_showcase": {"uncommon": 3},
        "nonlegendary_rare_mythic_with_showcase": {"rare": 12, "mythic": 6},
        "legendary_with_showcase": {"uncommon": 12, "rare": 6, "mythic": 3},
        "dedicated_foil": {"common": 68640, "uncommon": 18612, "rare": 8460, "mythic": 4230},
    },
}
# Unnamed entries that are distinct cards (not showcase versions): dropped, see above.
SKIPPED: dict[str, set[str]] = {"CLB": {"608", "614", "624", "633"}}


class FoldError(ValueError):
    """The showcase weights do not match the structure the collation YAML describes."""


def card_number(number: str, known: set[str]) -> str:
    """A sheet's number as a card number: adventure halves `NNNa` are the card `NNN`."""
    if number not in known and number[:-1] in known and number[-1] in "ab":
        return number[:-1]
    return number


def fold_sheet(
    code: str, name: str, cards: list[list[Any]], rarity: dict[str, str]
) -> list[list[Any]]:
    """Drop unnamed showcase entries and raise their bases to the full rate (see above)."""
    named = [entry for entry in cards if entry[0] in rarity]
    unnamed = [entry for entry in cards if entry[0] not in rarity]
    skipped = [entry for entry in unnamed if entry[0] in SKIPPED.get(code, set())]
    dropped = sum(entry[1] for entry in unnamed if entry not in skipped)
    if not dropped:
        return named
    full = FULL_RATES.get(code, {}).get(name)
    if full is None:
        raise FoldError(f"{code} sheet {name} has unnamed entries but no full rates")
    added = 0
    for entry in named:
        target = full.get(rarity[entry[0]])
        if target is not None and entry[1] < target:
            added += target - entry[1]
            entry[1] = target
    if added != dropped:
        raise FoldError(f"{code} sheet {name}: folding adds {added} but drops {dropped}")
    return named


def booster_sheets(
    sealed: list[dict[str, Any]],
    code: str,
    rarity: dict[str, str],
    printings: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The draft booster: weighted pack variants over named, weighted sheets.

    `printings` maps another printing's number to its card's main number (CMM's
    booster-fun printings); those entries are folded into the card (see `fold_printings`).
    """
    draft = next(obj for obj in sealed if obj["code"] == code.lower())
    sheets = {}
    known = set(rarity)
    for name, sheet in draft["sheets"].items():
        cards = []
        for key, weight in sheet["cards"].items():
            _set, number, *rest = key.split(":")
            cards.append([card_number(number, known), weight, rest == ["foil"]])
        if printings:
            cards = fold_printings(cards, printings)
        cards = fold_sheet(code, name, cards, rarity)
        cards.sort(key=lambda entry: (entry[0].zfill(6), entry[2]))
        sheets[name] = {"balance_colors": bool(sheet.get("balance_colors")), "cards": cards}
    variants = [
        # A list of [sheet, count] pairs: slot order is meaningful and sort_keys must not touch it.
        {"weight": variant["weight"], "slots": [[name, n] for name, n in variant["sheets"].items()]}
        for variant in draft["boosters"]
    ]
    return {"variants": variants, "sheets": dict(sorted(sheets.items()))}


def other_printings(records: list[dict[str, Any]]) -> dict[str, str]:
    """Number of each booster-fun printing → the main number of its card (CMM).

    Why fold them: the CMM sheets name the borderless printings (#622-703) by number, and
    the merged records list each one under its card (`draft_booster_variants`). A drawn
    borderless printing is the same card for drafting and deck rules; we keep one printing
    per card, so its weight joins its card's (a card's total rate is unchanged).
    """
    return {
        str(variant["number"]): str(record["number"])
        for record in records
        for variant in record.get("draft_booster_variants") or []
    }


def fold_printings(cards: list[list[Any]], printings: dict[str, str]) -> list[list[Any]]:
    """A sheet's entries with other printings' weights added to their card's entry."""
    merged: dict[tuple[str, bool], list[Any]] = {}
    for number, weight, foil in cards:
        main = printings.get(number, number)
        entry = merged.setdefault((main, foil), [main, 0, foil])
        entry[1] += weight
    return list(merged.values())


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


SETS: dict[str, dict[str, Any]] = {
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
    "CMM": {
        "name": "Commander Masters",
        "cards": "cmm/cmm_cards_merged.json",
        "sealed": "cmm/booster/cmm_draft_sheets_compiled.json",
        "search": "cmm/scryfall_booster_cards_CMM.json",
        "chosen_color_commander": "1",
        "fold_printings": True,
    },
}


# Where Scryfall's `edhrec_rank` (how many EDHREC decks lead with a card, as a rank) is found
# for the commander-capable cards of the bundled sets; a name in both files has one rank.
EDHREC_SOURCES = (
    "common/scryfall_commanders_subset_cmr_clb.json",
    "cmm/scryfall_commanders_subset_cmm.json",
)
RARITY_BASE = {"mythic": 2.3, "rare": 2.0, "uncommon": 1.5, "common": 1.0}
# Ranks span about 250 to 28,000; a rank is placed on a log scale between these two.
BEST_RANK, WORST_RANK = 200, 30000
# Text that says a card answers a creature or a spell. Only the resulting number is bundled.
REMOVAL = re.compile(
    r"(destroy|exile) (target|each|all)|damage to (any|target|each)|fights?\b"
    r"|gets -\d+/-\d+|counter target|return target [^.]*to (its|their) owner's hand",
    re.IGNORECASE,
)


def edhrec_ranks(shared: Path) -> dict[str, int]:
    """Card name → `edhrec_rank`, from every commander subset in `../shared/data`."""
    ranks: dict[str, int] = {}
    for name in EDHREC_SOURCES:
        path = shared / name
        if path.is_file():
            for entry in json.loads(path.read_text()):
                if entry.get("edhrec_rank") is not None:
                    ranks.setdefault(entry["name"], int(entry["edhrec_rank"]))
    return ranks


def pick_value(facts: dict[str, Any], text: str, ranks: dict[str, int]) -> float:
    """What a card is worth to a drafter, before it meets a pool (method: docs/bots.md).

    Rarity first; a creature (a Commander deck wants many), its stats for its cost, and
    removal add; a costly card loses; a commander adds by how often EDHREC decks lead with
    it. A choose-a-colour commander (the Piper, Faceless One) is worth little: anyone may
    add two after the draft.
    """
    if "Basic" in (facts["supertypes"] or []) or facts["rarity"] == "land":
        return 0.0
    if facts["chooses_color"]:
        return 0.5
    mana = float(facts["mana_value"] or 0)
    value = RARITY_BASE.get(facts["rarity"], 1.0)
    if "Creature" in (facts["types"] or []):
        value += 0.3 + 0.1 * min(_stats(facts) / max(mana, 1.0), 2.5)
    if REMOVAL.search(text):
        value += 0.6
    if "Land" in (facts["types"] or []):
        value -= 0.4
    value -= 0.08 * max(0.0, mana - 4) + 0.01 * mana
    rank = ranks.get(facts["name"])
    if facts["can_be_commander"] and rank is not None:
        span = math.log(WORST_RANK) - math.log(BEST_RANK)
        fame = (math.log(WORST_RANK) - math.log(min(max(rank, BEST_RANK), WORST_RANK))) / span
        value += 1.0 + 1.5 * fame
    elif facts["can_be_commander"]:
        value += 1.0
    return round(value, 4)


def _stats(facts: dict[str, Any]) -> float:
    """Power plus toughness, a `*` counted as 1."""
    total = 0.0
    for key in ("power", "toughness"):
        match = re.match(r"\d+", str(facts.get(key) or ""))
        total += int(match.group()) if match else 1
    return total


def add_pick_values(cards: list[dict[str, Any]], records: list[dict[str, Any]],
                    ranks: dict[str, int], drafted: set[str]) -> None:
    """Write each card's `pick_value` (the bots' per-card fact) into its bundled record.

    Then, per rarity, each colour's mono-coloured cards are shifted together so that their
    mean value over the draft sheets (`drafted` numbers) is the same for all five colours:
    a colour whose commons deal damage must not pull every bot at the table into it.
    """
    text = {record["number"]: record.get("oracle_text") or "" for record in records}
    for card in cards:
        card["pick_value"] = pick_value(card, text.get(card["number"], ""), ranks)
    groups: dict[tuple[str, str], list[float]] = {}
    for card in cards:
        if card["number"] in drafted and len(card["color_identity"]) == 1:
            groups.setdefault((card["rarity"], card["color_identity"][0]), []).append(
                card["pick_value"])
    shift: dict[tuple[str, str], float] = {}
    for rarity in {rarity for rarity, _color in groups}:
        means = {color: sum(v) / len(v) for (r, color), v in groups.items() if r == rarity}
        target = sum(means.values()) / len(means)
        shift.update({(rarity, color): target - mean for color, mean in means.items()})
    for card in cards:
        if len(card["color_identity"]) == 1 and card["pick_value"]:
            key = (card["rarity"], card["color_identity"][0])
            card["pick_value"] = round(card["pick_value"] + shift.get(key, 0.0), 4)


def build(shared: Path, code: str) -> dict[str, Any]:
    spec = SETS[code]
    scryfall_ids = scryfall_ids_from_search(shared / spec["search"])
    records = json.loads((shared / spec["cards"]).read_text())["cards"]
    for record in records:
        record.setdefault("set", code)
    cards = [card_facts(record, scryfall_ids) for record in records]
    cards.sort(key=lambda card: (card["number"].zfill(6)))
    sealed = json.loads((shared / spec["sealed"]).read_text())
    printings = other_printings(records) if spec.get("fold_printings") else None
    rarity = {c["number"]: c["rarity"] for c in cards}
    booster = booster_sheets(sealed, code, rarity, printings)
    drafted = {entry[0] for sheet in booster["sheets"].values() for entry in sheet["cards"]}
    add_pick_values(cards, records, edhrec_ranks(shared), drafted)
    return {
        "set": code,
        "name": spec["name"],
        "generated_by": "scripts/build_card_data.py from ../shared/data (facts only)",
        "chosen_color_commander": spec["chosen_color_commander"],
        "booster": booster,
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
