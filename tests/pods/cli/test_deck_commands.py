"""`prismatic deck check|export` and `prismatic split`: exit codes and output people rely on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from server.cli import cli

ROOT = Path(__file__).resolve().parents[3]
DECK = """Commander
1 Alharu, Solemn Ritualist (CMR) 4
1 The Prismatic Piper (CMR) 1

Deck
2 Angel of the Dawn
56 Plains
"""
POOL = "1 Alharu, Solemn Ritualist\n3 Angel of the Dawn\n1 Boarding Party\n"


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    deck, pool = tmp_path / "deck.txt", tmp_path / "pool.txt"
    deck.write_text(DECK)
    pool.write_text(POOL)
    return deck, pool


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_a_legal_deck_exits_zero_and_says_legal(files: tuple[Path, Path]) -> None:
    code, output = run("deck", "check", str(files[0]), "--pool", str(files[1]), "--piper", "U")
    assert code == 0, output
    assert "Legal." in output
    assert "white and blue" in output


def test_the_json_report_has_the_promised_keys(files: tuple[Path, Path]) -> None:
    code, output = run(
        "deck", "check", str(files[0]), "--pool", str(files[1]), "--piper", "blue", "--json"
    )
    assert code == 0
    assert json.loads(output) == {
        "legal": True,
        "size": 60,
        "commanders": ["Alharu, Solemn Ritualist", "The Prismatic Piper"],
        "color_identity": ["W", "U"],
        "problems": [],
    }


def test_an_illegal_deck_exits_one_and_lists_every_problem(
    files: tuple[Path, Path], tmp_path: Path
) -> None:
    deck = tmp_path / "bad.txt"
    deck.write_text(DECK.replace("56 Plains", "55 Plains\n1 Boarding Party\n1 Forest"))
    code, output = run("deck", "check", str(deck), "--pool", str(files[1]), "--json",
                       "--size", "exact")
    assert code == 1
    problems = json.loads(output)["problems"]
    assert {(p["code"], p["card"]) for p in problems} == {
        ("deck_size", None),
        ("color_not_chosen", "The Prismatic Piper"),
        ("outside_identity", "Boarding Party"),
        ("outside_identity", "Forest"),
    }


def test_at_least_60_is_the_default_and_exactly_60_an_option(
    files: tuple[Path, Path], tmp_path: Path
) -> None:
    deck = tmp_path / "big.txt"
    deck.write_text(DECK.replace("56 Plains", "57 Plains"))
    args = ["deck", "check", str(deck), "--pool", str(files[1]), "--piper", "U"]
    assert run(*args)[0] == 0
    code, output = run(*args, "--size", "exact", "--json")
    assert code == 1
    assert [p["code"] for p in json.loads(output)["problems"]] == ["deck_size"]


def test_packs_decide_which_commanders_may_be_added(files: tuple[Path, Path]) -> None:
    args = ["deck", "check", str(files[0]), "--pool", str(files[1]), "--piper", "U", "--json"]
    assert run(*args, "--packs", "CMM,CLB,CLB")[0] == 0
    code, output = run(*args, "--packs", "CLB,CLB,CLB")
    assert code == 1
    (problem,) = json.loads(output)["problems"]
    assert problem["code"] == "added_not_allowed" and "CR 903.13e" in problem["message"]


def test_packs_with_cmm_give_two_mono_colored_legends_partner(tmp_path: Path) -> None:
    deck, pool = tmp_path / "deck.txt", tmp_path / "pool.txt"
    deck.write_text("Commander\n1 Anafenza, Kin-Tree Spirit\n1 Inga Rune-Eyes\n\n"
                    "Deck\n29 Plains\n29 Island\n")
    pool.write_text("1 Anafenza, Kin-Tree Spirit\n1 Inga Rune-Eyes\n")
    args = ["deck", "check", str(deck), "--pool", str(pool), "--json"]
    assert run(*args, "--packs", "CMM,CMR,CMR")[0] == 0
    code, output = run(*args, "--packs", "CMR,CLB,CLB")
    assert code == 1
    assert [p["code"] for p in json.loads(output)["problems"]] == ["illegal_pair"]


def test_a_bad_packs_option_is_a_usage_error(files: tuple[Path, Path]) -> None:
    args = ["deck", "check", str(files[0]), "--pool", str(files[1])]
    assert run(*args, "--packs", "CMM,CLB")[0] == 2
    assert run(*args, "--packs", "CMM,XYZ,CLB")[0] == 2


def test_a_typo_in_the_deck_is_reported_with_suggestions(
    files: tuple[Path, Path], tmp_path: Path
) -> None:
    deck = tmp_path / "typo.txt"
    deck.write_text(DECK.replace("Angel of the Dawn", "Angel of teh Dawn"))
    code, output = run("deck", "check", str(deck), "--pool", str(files[1]), "--piper", "U")
    assert code == 1
    assert "Did you mean Angel of the Dawn" in output


def test_a_typo_is_one_problem_and_does_not_cascade(
    files: tuple[Path, Path], tmp_path: Path
) -> None:
    deck, pool = tmp_path / "typo.txt", tmp_path / "pool.txt"
    deck.write_text(DECK.replace("Alharu, Solemn Ritualist (CMR) 4", "Alharu, Solem Ritualist")
                    .replace("Angel of the Dawn", "Angel of teh Dawn"))
    pool.write_text(POOL.replace("Alharu, Solemn", "Alharu, Solem"))
    code, output = run("deck", "check", str(deck), "--pool", str(pool), "--piper", "U", "--json")
    assert code == 1
    problems = json.loads(output)["problems"]
    assert [(p["code"], p["card"]) for p in problems] == [
        ("unknown_card", "Alharu, Solem Ritualist"), ("unknown_card", "Angel of teh Dawn")]


def prismatic(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "server", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    "extra",
    [["--set", "XYZ"], ["--piper", "purple"], ["--piper", "U", "--piper", "R", "--piper", "G"]],
)
def test_unreadable_input_is_one_line_on_stderr_and_exit_two(
    files: tuple[Path, Path], extra: list[str]
) -> None:
    result = prismatic("deck", "check", str(files[0]), "--pool", str(files[1]), *extra)
    assert result.returncode == 2
    assert result.stderr.startswith("prismatic: error: ")
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_a_missing_deck_file_exits_two(files: tuple[Path, Path]) -> None:
    result = prismatic("deck", "check", "no-such-deck.txt", "--pool", str(files[1]))
    assert result.returncode == 2
    assert result.stderr.startswith("prismatic: error: ")


def test_a_binary_deck_file_exits_two(files: tuple[Path, Path], tmp_path: Path) -> None:
    binary = tmp_path / "deck.txt"
    binary.write_bytes(b"\xff\xfe\x00\x81garbage")
    result = prismatic("deck", "check", str(binary), "--pool", str(files[1]))
    assert (result.returncode, result.stderr[:18]) == (2, "prismatic: error: ")


def test_export_prints_the_deck_in_the_chosen_format(files: tuple[Path, Path]) -> None:
    code, output = run("deck", "export", str(files[0]), "--piper", "red", "--to", "json")
    assert code == 0
    data = json.loads(output)
    assert data["commanders"][1]["chosen_color"] == "R"
    assert data["commanders"][1]["added"] is True
    assert data["name"] == "deck"
    code, output = run("deck", "export", str(files[0]), "--to", "arena")
    assert "\nCommander\n1 Alharu, Solemn Ritualist (CMR) 4\n" in output


def test_export_as_pool_writes_the_pool_as_one_list(files: tuple[Path, Path]) -> None:
    code, output = run("deck", "export", str(files[1]), "--as-pool", "--to", "mtgo")
    assert (code, output) == (
        0,
        "1 Alharu, Solemn Ritualist\n3 Angel of the Dawn\n1 Boarding Party\n",
    )


def test_split_is_repeatable_by_seed_and_keeps_neighbours_apart() -> None:
    args = [
        "split",
        "--players",
        "A,B,C,D,E,F,G,H",
        "--seed",
        "7",
        "--keep-neighbours-apart",
        "--json",
    ]
    first, second = run(*args), run(*args)
    assert first == second
    data = json.loads(first[1])
    assert [len(t["players"]) for t in data["tables"]] == [4, 4]
    assert data["neighbours_together"] == 0


def test_split_refuses_a_table_of_two_unless_allowed() -> None:
    result = prismatic("split", "--players", "A,B,C,D,E", "--seed", "1", "--sizes", "3,2")
    assert result.returncode == 2
    assert "too small" in result.stderr
    code, output = run(
        "split", "--players", "A,B,C,D,E", "--seed", "1", "--sizes", "3,2", "--allow-small"
    )
    assert code == 0
    assert output.count("Table") == 2
