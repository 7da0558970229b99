"""A host's list of achievements: readable names of at most 40 characters, 1–100 points,
at most 20, no name twice."""

from __future__ import annotations

from typing import Any

import pytest

from pods.achievements import (
    Achievement,
    AchievementError,
    as_json,
    find,
    from_json,
    parse_achievements,
)


def test_names_are_cleaned_like_player_names() -> None:
    parsed = parse_achievements([{"name": "  First\u200b   blood ", "points": 2}])
    assert parsed == (Achievement("First blood", 2),)
    assert from_json(as_json(parsed)) == parsed


def test_a_name_of_40_characters_is_fine() -> None:
    assert parse_achievements([{"name": "x" * 40, "points": 100}])[0].points == 100


@pytest.mark.parametrize("items", [
    [{"name": "x" * 41, "points": 1}],
    [{"name": "", "points": 1}],
    [{"name": "\u200b", "points": 1}],
    [{"name": "Bad", "points": 0}],
    [{"name": "Bad", "points": 101}],
    [{"name": "Bad", "points": True}],
    [{"name": "Bad", "points": 2.5}],
    [{"points": 2}],
    [{"name": "Twice", "points": 1}, {"name": "TWICE", "points": 2}],
    [{"name": f"A{n}", "points": 1} for n in range(21)],
])
def test_bad_lists_are_refused(items: list[dict[str, Any]]) -> None:
    with pytest.raises(AchievementError) as caught:
        parse_achievements(items)
    assert caught.value.code == "bad_achievements"


def test_a_claim_names_an_achievement_as_names_are_compared() -> None:
    listed = (Achievement("First blood", 2),)
    assert find(listed, "first BLOOD") == listed[0]
    assert find(listed, "Last blood") is None
