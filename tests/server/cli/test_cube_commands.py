"""`prismatic packs --cube` and `prismatic simulate --cube`: a cube list instead of boosters."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from draft.cards import load_set
from server.cli import cli

NAMES = sorted({c.name for c in load_set("CMR").cards if c.rarity in ("common", "uncommon")})


def cube_file(tmp_path: Path, cards: int) -> str:
    path = tmp_path / "cube.txt"
    path.write_text("\n".join(f"1 {name}" for name in NAMES[:cards]) + "\n")
    return str(path)


def test_simulate_drafts_a_cube_to_60_card_pools(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["simulate", "--cube", cube_file(tmp_path, 240), "--seats", "4", "--seed", "2",
              "--json", "--data-dir", str(tmp_path)],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["set"] == "CUBE"
    assert {len(pool) for pool in data["pools"].values()} == {60}
    every = [name for pool in data["pools"].values() for name in pool]
    assert len(every) == len(set(every)) == 240


def test_a_cube_too_small_for_the_table_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["simulate", "--cube", cube_file(tmp_path, 200), "--seats", "4", "--seed", "2",
              "--data-dir", str(tmp_path)],
    )
    assert result.exit_code == 2
    assert "the cube has 200 cards; 4 seats × 3 packs × 20 cards need 240" in result.output


def test_packs_from_a_cube_with_an_unknown_name_fail_with_a_suggestion(tmp_path: Path) -> None:
    path = tmp_path / "cube.txt"
    path.write_text("1 Sol Rnig\n")
    result = CliRunner().invoke(cli, ["packs", "--cube", str(path), "--data-dir", str(tmp_path)])
    assert result.exit_code == 2
    assert "did you mean 'Sol Ring'" in result.output
