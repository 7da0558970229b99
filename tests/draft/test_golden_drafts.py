"""A seed deals the same draft forever: packs and bot picks equal the golden files.

Restarts rebuild pods from seed + pick log, so any change here would break stored pods.
When a change to generation is intended, regenerate with
`python scripts/golden_drafts.py --write` and say so in the commit (docs/reliability.md).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "golden_drafts.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_drafts", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


golden = load_script()


@pytest.mark.parametrize("set_code", golden.SETS)
@pytest.mark.parametrize("seed", golden.SEEDS)
def test_a_seed_deals_the_golden_packs_and_bot_picks(set_code: str, seed: int) -> None:
    path = golden.golden_path(set_code, seed)
    assert path.is_file(), f"no golden file {path.name}: run scripts/golden_drafts.py --write"
    assert golden.render(golden.golden_draft(set_code, seed)) == path.read_text(
        encoding="utf-8"), f"{path.name} differs: generation changed (see module docstring)"


def test_another_seed_would_not_match() -> None:
    """The comparison can fail: the next seed deals a different draft."""
    path = golden.golden_path("CMR", golden.SEEDS[0])
    assert golden.render(golden.golden_draft("CMR", golden.SEEDS[0] + 1)) != path.read_text(
        encoding="utf-8")


def test_a_whole_draft_is_pinned() -> None:
    data = golden.golden_draft("CMR", golden.SEEDS[0])
    assert len(data["packs"]) == 24
    assert all(len(pool) == 60 for pool in data["pools"])
