"""`prismatic packs` and `prismatic simulate` print the documented shapes."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from server.cli import cli
from tests.server.support.spawn import run_cli


def run(*args: str) -> dict:  # type: ignore[type-arg]
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.output)  # type: ignore[no-any-return]


def test_packs_json_has_the_documented_fields() -> None:
    data = run("packs", "--set", "CMR", "--count", "3", "--seed", "42", "--json")
    assert data["set"] == "CMR" and data["seed"] == 42
    assert [len(pack) for pack in data["packs"]] == [20, 20, 20]
    assert set(data["packs"][0][0]) == {"id", "name", "number", "rarity", "slot", "foil"}


def test_packs_of_a_seed_are_the_packs_its_draft_opens() -> None:
    packs = run("packs", "--count", "24", "--seed", "42", "--json")["packs"]
    draft = run("simulate", "--seats", "8", "--seed", "42", "--json")
    first_picks = {p["pack_id"]: p["pack"] for p in draft["picks"] if p["pick"] == 1}
    for pack_id, names in first_picks.items():
        assert [c["name"] for c in packs[pack_id]] == names


def test_simulate_json_lists_every_pick_and_60_card_pools() -> None:
    data = run("simulate", "--set", "CMR", "--seats", "8", "--seed", "7", "--json")
    assert data["seats"] == 8 and data["set"] == "CMR" and data["seed"] == 7
    assert len(data["picks"]) == 240
    first = data["picks"][0]
    assert set(first) == {"seat", "round", "pick", "pack_id", "pack", "cards"}
    assert len(first["pack"]) == 20 and len(first["cards"]) == 2
    assert set(first["cards"]) <= set(first["pack"])
    assert {k: len(v) for k, v in data["pools"].items()} == {str(i): 60 for i in range(8)}


def test_a_pack_keeps_its_id_as_it_travels() -> None:
    data = run("simulate", "--seats", "4", "--seed", "3", "--json")
    by_pack: dict[int, list[list[str]]] = {}
    for p in data["picks"]:
        by_pack.setdefault(p["pack_id"], []).append(p["pack"])
    for sizes in by_pack.values():
        assert [len(pack) for pack in sizes] == list(range(20, 0, -2))


def test_packs_of_commander_masters_hold_20_cards() -> None:
    data = run("packs", "--set", "CMM", "--count", "2", "--seed", "5", "--json")
    assert data["set"] == "CMM" and [len(pack) for pack in data["packs"]] == [20, 20]


def test_simulate_a_line_up_opens_one_set_per_round() -> None:
    data = run("simulate", "--packs", "CMM,CLB,CLB", "--seats", "4", "--seed", "7", "--json")
    assert data["packs"] == ["CMM", "CLB", "CLB"] and data["set"] == "CMM"
    assert {k: len(v) for k, v in data["pools"].items()} == {str(i): 60 for i in range(4)}
    cmm_packs = run("packs", "--set", "CMM", "--count", "4", "--seed", "7", "--json")["packs"]
    first = {p["pack_id"]: p["pack"] for p in data["picks"] if p["pick"] == 1}
    assert first[0] == [c["name"] for c in cmm_packs[0]]


def test_readable_summaries_without_json() -> None:
    result = CliRunner().invoke(cli, ["simulate", "--seats", "2", "--seed", "1"])
    assert result.exit_code == 0 and "seat 1: 60 cards" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["packs", "--set", "XYZ"],
        ["packs", "--count", "0"],
        ["simulate", "--seats", "9"],
        ["simulate", "--seed", "-1"],
        ["simulate", "--packs", "CMM,CLB"],
        ["simulate", "--packs", "CMM,XYZ,CLB"],
        ["frobnicate"],
    ],
)
def test_bad_arguments_give_one_line_and_exit_code_2(args: list[str]) -> None:
    result = run_cli(args)
    assert result.returncode == 2
    assert result.stderr.startswith("prismatic: error: ")
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr
