"""The bundled card file is exactly what the build script makes from ../shared/data."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data"


@pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared/data next to the checkout")
@pytest.mark.parametrize("code", ["CMR", "CLB", "CMM"])
def test_bundled_file_is_reproducible_from_shared_data(tmp_path: Path, code: str) -> None:
    subprocess.run(
        [sys.executable, "scripts/build_card_data.py", "--set", code, "--out", str(tmp_path)],
        cwd=ROOT, check=True, capture_output=True,
    )
    name = f"{code.lower()}.json"
    assert (tmp_path / name).read_bytes() == (ROOT / "draft" / "data" / name).read_bytes()


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_card_data",
                                                  ROOT / "scripts" / "build_card_data.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def facts(**values: Any) -> dict[str, Any]:
    base = {"name": "X", "rarity": "uncommon", "mana_value": 3, "types": ["Creature"],
            "supertypes": [], "power": "2", "toughness": "2", "chooses_color": False,
            "can_be_commander": False}
    return base | values


def test_a_commander_more_decks_lead_with_is_worth_more() -> None:
    script = load_script()
    ranks = {"Popular": 300, "Obscure": 25000}
    popular = script.pick_value(facts(name="Popular", can_be_commander=True), "", ranks)
    obscure = script.pick_value(facts(name="Obscure", can_be_commander=True), "", ranks)
    plain = script.pick_value(facts(name="Plain"), "", ranks)
    assert popular > obscure > plain


def test_removal_adds_and_a_basic_land_or_a_piper_is_worth_little() -> None:
    script = load_script()
    bolt = script.pick_value(facts(types=["Instant"]), "It deals 3 damage to any target.", {})
    assert bolt > script.pick_value(facts(types=["Instant"]), "Draw a card.", {})
    assert script.pick_value(facts(supertypes=["Basic"], types=["Land"]), "", {}) == 0.0
    assert script.pick_value(facts(can_be_commander=True, chooses_color=True), "", {}) == 0.5


@pytest.mark.parametrize("code", ["CMR", "CLB", "CMM"])
def test_each_colour_is_worth_the_same_on_average_per_rarity(code: str) -> None:
    data = json.loads((ROOT / "draft" / "data" / f"{code.lower()}.json").read_text())
    drafted = {entry[0] for sheet in data["booster"]["sheets"].values()
               for entry in sheet["cards"]}
    groups: dict[tuple[str, str], list[float]] = {}
    for card in data["cards"]:
        assert isinstance(card["pick_value"], float | int)
        if card["number"] in drafted and len(card["color_identity"]) == 1:
            key = (card["rarity"], card["color_identity"][0])
            groups.setdefault(key, []).append(card["pick_value"])
    for rarity in {r for r, _c in groups}:
        means = [sum(v) / len(v) for (r, _c), v in groups.items() if r == rarity]
        assert max(means) - min(means) < 0.01
