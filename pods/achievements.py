"""Achievements a host offers for a night: "First blood", "Won with The Prismatic Piper", …

Why a pure list with points fixed when claimed: a store keeps its achievements "on a
spreadsheet" and changes them between nights; a claim stores the points it was worth,
so changing the list later never rewrites a finished game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pods.errors import BadNameError, ReservedNameError
from pods.player_names import clean_name, same_name

MAX_ACHIEVEMENTS = 20
NAME_MAX = 40
MIN_POINTS, MAX_POINTS = 1, 100


class AchievementError(ValueError):
    """A list of achievements the host cannot set; nothing changes."""

    code = "bad_achievements"


@dataclass(frozen=True, slots=True)
class Achievement:
    name: str
    points: int


def parse_achievements(items: Iterable[Mapping[str, Any]]) -> tuple[Achievement, ...]:
    """The host's list, names cleaned like player names, or `AchievementError`."""
    parsed: list[Achievement] = []
    for item in items:
        name, points = item.get("name"), item.get("points")
        if not isinstance(name, str):
            raise AchievementError("each achievement has a name")
        try:
            cleaned = clean_name(name, NAME_MAX)
        except (BadNameError, ReservedNameError) as error:
            raise AchievementError(f"achievement {name[:NAME_MAX]!r}: {error}") from error
        if isinstance(points, bool) or not isinstance(points, int) \
                or not MIN_POINTS <= points <= MAX_POINTS:
            raise AchievementError(f"{cleaned!r} is worth {MIN_POINTS} to {MAX_POINTS} points")
        if any(same_name(cleaned, other.name) for other in parsed):
            raise AchievementError(f"{cleaned!r} is in the list twice")
        parsed.append(Achievement(cleaned, points))
        if len(parsed) > MAX_ACHIEVEMENTS:
            raise AchievementError(f"at most {MAX_ACHIEVEMENTS} achievements")
    return tuple(parsed)


def as_json(achievements: Iterable[Achievement]) -> list[dict[str, Any]]:
    return [{"name": a.name, "points": a.points} for a in achievements]


def from_json(items: Iterable[Mapping[str, Any]] | None) -> tuple[Achievement, ...]:
    """A stored list (already checked when the host set it)."""
    return tuple(Achievement(str(i["name"]), int(i["points"])) for i in items or ())


def find(achievements: Iterable[Achievement], name: str) -> Achievement | None:
    """The achievement called `name` (compared as names are), or None."""
    return next((a for a in achievements if same_name(a.name, name)), None)
