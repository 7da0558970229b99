"""Who is who across a season's nights: every night's names mapped to the season's players.

Why by name: a night's players join with a name and no account, so "Ann" on Friday 2 is
"Ann" of Friday 1. Names are compared as pod names are (`pods.player_names.skeleton`), so a
look-alike ("Аnn" with a Cyrillic А) is the same player. The host fixes what names cannot:
a rename keeps the old name meaning the player, and a merge (a typo) makes every name of
one entry mean the other. Those choices are *aliases*: skeleton → season player.

A name no alias covers is a player of its own, known by the first spelling the season saw.
So a season needs no stored row per player, and a night's standings never wait for one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from pods.player_names import skeleton
from pods.results import Award, GameResult, Placing


class RosterError(ValueError):
    """A rename or merge the season cannot make; `code` says which rule it breaks."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Roster:
    """The season's names: stored players (`players`: id → name) and their aliases
    (skeleton → id), plus the spellings first seen for names no alias covers."""

    players: Mapping[str, str]
    aliases: Mapping[str, str]
    _seen: dict[str, str] = field(default_factory=dict)
    _names: dict[str, str] = field(default_factory=dict)

    def name_of(self, name: str) -> str:
        """The season's name for a night's `name` (call in the nights' order).

        Remembered per spelling: once a spelling has a season name it keeps it, and a
        season of thousands of games repeats each spelling many times (a skeleton costs
        a Unicode normalization)."""
        found = self._names.get(name)
        if found is not None:
            return found
        key = skeleton(name)
        player = self.aliases.get(key)
        found = self.players[player] if player is not None else self._seen.setdefault(key, name)
        self._names[name] = found
        return found

    def known(self, name: str) -> str | None:
        """The season's name for `name` if the season has met it (stored or seen)."""
        key = skeleton(name)
        player = self.aliases.get(key)
        if player is not None:
            return self.players[player]
        return self._seen.get(key)

    def names(self) -> list[str]:
        """Every season name: the stored players' and the names first seen."""
        return sorted({*self.players.values(), *self._seen.values()})

    def result(self, result: GameResult) -> GameResult:
        """`result` with each night name replaced by the season's name (`result` itself
        when every name already is one: most are, and a season holds thousands)."""
        names = self._names  # a spelling met before: one lookup, not a call
        if all(names.get(p.player) == p.player for p in result.placings) and all(
                names.get(a.player) == a.player for a in result.awards):
            return result
        if all(self.name_of(p.player) == p.player for p in result.placings) and all(
                self.name_of(a.player) == a.player for a in result.awards):
            return result
        return GameResult(
            tuple(Placing(self.name_of(p.player), p.place) for p in result.placings),
            result.draw,
            tuple(Award(self.name_of(a.player), a.achievement, a.points)
                  for a in result.awards))

    def results(self, results: Iterable[GameResult]) -> list[GameResult]:
        return [self.result(r) for r in results]


def check_merge(results: Iterable[GameResult], source: str, target: str) -> None:
    """Refuse merging two season players (season names) who met at one table: they are
    two people, and one player cannot hold two places in one game."""
    if source == target:
        raise RosterError(f"{source!r} and {target!r} are already one player", "same_player")
    for result in results:
        if {source, target} <= set(result.players):
            raise RosterError(f"{source!r} and {target!r} played in the same game; they are "
                              "two people, not a typo", "played_together")
