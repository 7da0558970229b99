"""`prismatic cards import`: all or nothing, one-line errors with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from server.cli import cli
from server.cli.card_commands import imported_cards, make_settings
from tests.draft.test_imports import HIPPOGRIFF, scryfall


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def write(tmp_path: Path, document: Any) -> str:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(document))
    return str(path)


def test_a_scryfall_file_is_imported_and_its_cards_become_known(tmp_path: Path) -> None:
    data = tmp_path / "data"
    result = run("cards", "import", write(tmp_path, [scryfall()]), "--data-dir", str(data))
    assert result.exit_code == 0, result.output
    assert "imported 1 cards from scryfall (1 with rules text)" in result.output
    assert [card.name for card in imported_cards(make_settings(None, data))] == ["Faceless One"]


def test_an_mtgjson_set_file_is_imported(tmp_path: Path) -> None:
    document = {"data": {"code": "CLB", "cards": HIPPOGRIFF}}
    result = run("cards", "import", write(tmp_path, document), "--data-dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "from mtgjson" in result.output


def test_a_bad_record_imports_nothing_and_says_which(tmp_path: Path) -> None:
    data = tmp_path / "data"
    run("cards", "import", write(tmp_path, [scryfall()]), "--data-dir", str(data))
    bad = [scryfall(collector_number="7", name="New"), scryfall(collector_number="8", name=None)]
    result = run("cards", "import", write(tmp_path, bad), "--data-dir", str(data))
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "Error: nothing imported: card 2: missing 'name'"
    ]
    assert [card.name for card in imported_cards(make_settings(None, data))] == ["Faceless One"]


def test_a_truncated_file_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text(json.dumps([scryfall()])[:-20])
    result = run("cards", "import", str(path), "--data-dir", str(tmp_path))
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and "not valid JSON" in result.output


def test_a_large_file_shows_progress(tmp_path: Path) -> None:
    records = [scryfall(collector_number=str(n)) for n in range(1, 2502)]
    result = run("cards", "import", write(tmp_path, records), "--data-dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "imported 2501 cards" in result.output
    assert "Checking cards" in result.output and "Storing cards" in result.output


def test_a_cube_names_cards_imported_into_the_data_dir(tmp_path: Path) -> None:
    katana = scryfall(name="Ancestral Katana", set="neo", collector_number="1", rarity="common",
                      type_line="Artifact — Equipment", oracle_text="Equip {1}")
    run("cards", "import", write(tmp_path, [katana]), "--data-dir", str(tmp_path))
    cube = tmp_path / "cube.txt"
    cube.write_text("20 Ancestral Katana\n")
    result = run("packs", "--cube", str(cube), "--seed", "1", "--json", "--data-dir",
                 str(tmp_path))
    assert result.exit_code == 0, result.output
    assert {c["name"] for c in json.loads(result.output)["packs"][0]} == {"Ancestral Katana"}
