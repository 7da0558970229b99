"""Small builders for synthetic cards and shared-data records used across pods tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from draft.cards import Card, Face, sort_colors

SHARED_DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data"


def card(name: str = "Test Card", **facts: Any) -> Card:
    """A synthetic card; types are read from the type line unless given."""
    type_line = facts.get("type_line", "")
    head = type_line.split("—")[0]
    facts.setdefault("types", tuple(t for t in head.split() if t not in {"Legendary", "Basic"}))
    facts.setdefault("subtypes", tuple(type_line.split("—")[1].split()) if "—" in type_line else ())
    facts.setdefault("supertypes", tuple(t for t in head.split() if t in {"Legendary", "Basic"}))
    facts.setdefault("is_legendary", "Legendary" in head)
    facts.setdefault("number", str(abs(hash(name)) % 10000))
    facts.setdefault("set", "TST")
    return Card(name=name, rarity=facts.pop("rarity", "common"), **facts)


def load_shared(relative: str) -> Any:
    path = SHARED_DATA / relative
    if not path.exists():
        pytest.skip(f"needs ../shared next to the checkout: {path} not found")
    return json.loads(path.read_text(encoding="utf-8"))


def card_from_merged(record: dict[str, Any]) -> Card:
    """A fact-only Card from a `*_cards_merged.json` record (rules text kept apart)."""
    faces = tuple(
        Face(
            name=f["name"],
            mana_cost=f.get("mana_cost") or "",
            type_line=f.get("type_line") or "",
            color_indicator=tuple(f["color_indicator"]) if f.get("color_indicator") else None,
        )
        for f in record.get("faces") or ()
    )
    indicator = record.get("color_indicator")
    return Card(
        set=record.get("set", ""),
        number=str(record["number"]),
        name=record["name"],
        rarity=record["rarity"],
        mana_cost=record.get("mana_cost") or "",
        type_line=record.get("type_line") or "",
        types=tuple(record.get("types") or ()),
        subtypes=tuple(record.get("subtypes") or ()),
        color_indicator=tuple(indicator) if indicator else None,
        color_identity=sort_colors(record.get("color_identity") or ()),
        layout=record.get("layout") or "normal",
        faces=faces,
    )
