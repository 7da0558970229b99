"""What the whole table shares besides life: whose turn it is, the monarch, the initiative
and each player's way through Undercity, as entries of the game's log (`pods.tracker`).

Why histories and not current values: each entry is undone by its author, in any order,
and a restart replays the log. A history of `(seq, who)` pairs makes an undo the removal of
its pair, and the current value the last pair left, so an undo never needs to know what the
table looked like before. An undo that would leave a later entry standing on nothing (a
turn passed before the last one, a venture before the player's last) is refused.

Why the first player is drawn from the game's seed and then logged (a `FirstDrawn` entry,
seq 0, stored with the game's first change): until something happens every process shows
the same draw without storing anything, and once the game has a log the draw is in it, so
a restart or another process replays what the table saw, not a derivation that a change
of the draw (or of the seating) would silently rewrite. The host or the table may pick
another player before the first turn passes (a `FirstPlayer` entry).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from pods.undercity import LAST_ROOM, next_rooms

HOST = "host"


class TableMoveError(ValueError):
    """A turn, monarch, initiative or venture entry the table refuses; `code` says why."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    """The host or a player picks who takes the first turn instead of the draw."""

    seq: int
    author: str
    player: str


@dataclass(frozen=True, slots=True)
class FirstDrawn:
    """The draw of the first player, logged as entry 0 with the game's first change.
    Nobody's move: it is never undone, and the board's log does not show it."""

    seq: int
    author: str
    player: str


DRAW_SEQ = 0
"""The `seq` of a game's `FirstDrawn`: before the first change's, which stays 1."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """The active player (or the host) ends the turn: the next player still in begins."""

    seq: int
    author: str


@dataclass(frozen=True, slots=True)
class BecomeMonarch:
    """`player` becomes the monarch (a card said so, or combat damage to the monarch)."""

    seq: int
    author: str
    player: str


@dataclass(frozen=True, slots=True)
class TakeInitiative:
    """`player` takes the initiative and ventures into Undercity, to `room` (CR 725.2)."""

    seq: int
    author: str
    player: str
    room: str


@dataclass(frozen=True, slots=True)
class Venture:
    """The initiative's holder ventures into Undercity, to `room` (their upkeep)."""

    seq: int
    author: str
    player: str
    room: str


TableEntry = FirstPlayer | EndTurn | BecomeMonarch | TakeInitiative | Venture
TABLE_ENTRIES = (FirstPlayer, EndTurn, BecomeMonarch, TakeInitiative, Venture)
MOVE_NAMES: dict[type, str] = {
    FirstPlayer: "first_player", EndTurn: "end_turn", BecomeMonarch: "monarch",
    TakeInitiative: "initiative", Venture: "venture",
}
"""Each move's name: in the protocol (`move`), the board's log and the stored kind."""

Pair = tuple[int, str]
"""`(seq, player)`: the entry that made `player` the turn's, the monarch or the holder."""


@dataclass(frozen=True, slots=True)
class Ventured:
    seq: int
    player: str
    room: str


@dataclass(frozen=True)
class TableState:
    """The turns, the monarch, the initiative and the ventures, as histories."""

    drawn: str
    """The first player drawn from the game's seed."""
    picks: tuple[Pair, ...] = ()
    turns: tuple[Pair, ...] = ()
    """One pair per turn passed: the `EndTurn` and the player whose turn began."""
    monarchs: tuple[Pair, ...] = ()
    holders: tuple[Pair, ...] = ()
    ventures: tuple[Ventured, ...] = ()

    @property
    def first_player(self) -> str:
        return self.picks[-1][1] if self.picks else self.drawn

    @property
    def turn_number(self) -> int:
        return len(self.turns) + 1

    @property
    def turn_player(self) -> str:
        """Whose turn began last (who may be out since: see `active`)."""
        return self.turns[-1][1] if self.turns else self.first_player

    @property
    def monarch(self) -> str | None:
        return self.monarchs[-1][1] if self.monarchs else None

    @property
    def initiative(self) -> str | None:
        return self.holders[-1][1] if self.holders else None

    def room(self, player: str) -> str | None:
        """The player's room in Undercity, or None before their first venture."""
        mine = [v for v in self.ventures if v.player == player]
        return mine[-1].room if mine else None

    def completed(self, player: str) -> int:
        """How many times the player reached Undercity's last room."""
        return sum(1 for v in self.ventures if v.player == player and v.room == LAST_ROOM)


def seed_of(game_id: str) -> int:
    """A game's seed from its stored id: the same in every process and after a restart."""
    return int.from_bytes(hashlib.sha256(game_id.encode()).digest()[:8], "big")


def draw_first(players: Sequence[str], seed: int) -> str:
    """The first player, drawn from the game's seed: the same on every replay."""
    return random.Random(seed).choice(list(players))


def first_drawn(state: TableState) -> FirstDrawn:
    """The entry that logs the draw the table shows, for the game's first change."""
    return FirstDrawn(DRAW_SEQ, HOST, state.drawn)


def apply_drawn(state: TableState, entry: FirstDrawn, players: Sequence[str]) -> TableState:
    """The table with the logged draw in place of the seed's."""
    if entry.player not in players:
        raise TableMoveError(f"{entry.player!r} is not at this table", "unknown_player")
    return replace(state, drawn=entry.player)


def active(state: TableState, players: Sequence[str], standing: Sequence[str]) -> str | None:
    """Whose turn it is: the player whose turn began, or, once they are out, the next player
    still in after them in seat order; None when nobody is left."""
    return _next_standing(state.turn_player, players, standing, include_self=True)


def _next_standing(after: str, players: Sequence[str], standing: Sequence[str],
                   include_self: bool) -> str | None:
    start = players.index(after)
    order = [players[(start + step) % len(players)] for step in range(len(players) + 1)]
    candidates = order if include_self else order[1:]
    return next((p for p in candidates if p in standing), None)


def apply_table(state: TableState, entry: TableEntry, players: Sequence[str],
                standing: Sequence[str], ended: bool) -> TableState:
    """The table after `entry`, or a `TableMoveError` and the table unchanged."""
    if entry.author != HOST and entry.author not in players:
        raise TableMoveError(f"{entry.author!r} is not at this table", "unknown_player")
    if ended:
        raise TableMoveError("this game already has a result", "game_ended")
    if isinstance(entry, EndTurn):
        return _end_turn(state, entry, players, standing)
    if entry.player not in players:
        raise TableMoveError(f"{entry.player!r} is not at this table", "unknown_player")
    if entry.player not in standing:
        raise TableMoveError("that player is already out", "already_out")
    pair = (entry.seq, entry.player)
    if isinstance(entry, FirstPlayer):
        if state.turns:
            raise TableMoveError("the first turn has passed", "turns_started")
        return replace(state, picks=(*state.picks, pair))
    if isinstance(entry, BecomeMonarch):
        if state.monarch == entry.player:
            raise TableMoveError("that player is already the monarch", "already_monarch")
        return replace(state, monarchs=(*state.monarchs, pair))
    if isinstance(entry, Venture):
        if state.initiative != entry.player:
            raise TableMoveError("only the initiative's holder ventures into Undercity",
                                 "no_initiative")
        if entry.author not in (HOST, entry.player):
            raise TableMoveError("players venture only for themselves", "not_yours")
    return replace(state, holders=(*state.holders, pair) if isinstance(entry, TakeInitiative)
                   else state.holders, ventures=(*state.ventures, _venture(state, entry)))


def _end_turn(state: TableState, entry: EndTurn, players: Sequence[str],
              standing: Sequence[str]) -> TableState:
    now = active(state, players, standing)
    if now is None:
        raise TableMoveError("nobody is left in the game", "game_ended")
    if entry.author not in (HOST, now):
        raise TableMoveError("only the active player ends their turn", "not_your_turn")
    following = _next_standing(now, players, standing, include_self=False)
    assert following is not None  # `now` itself is still in
    return replace(state, turns=(*state.turns, (entry.seq, following)))


def _venture(state: TableState, entry: TakeInitiative | Venture) -> Ventured:
    offered = next_rooms(state.room(entry.player))
    if entry.room not in offered:
        raise TableMoveError(f"from here a venture leads to {', '.join(offered)}",
                             "not_an_exit")
    return Ventured(entry.seq, entry.player, entry.room)


def undo_table(state: TableState, entry: TableEntry) -> TableState:
    """`state` without `entry`, refused when a later entry stands on it."""
    if isinstance(entry, EndTurn):
        if state.turns[-1][0] != entry.seq:
            raise TableMoveError("undo the later turns first", "undo_later_first")
        return replace(state, turns=state.turns[:-1])
    if isinstance(entry, FirstPlayer):
        if state.turns:
            raise TableMoveError("the first turn has passed", "turns_started")
        return replace(state, picks=_without(state.picks, entry.seq))
    if isinstance(entry, BecomeMonarch):
        return replace(state, monarchs=_without(state.monarchs, entry.seq))
    mine = [v for v in state.ventures if v.player == entry.player]
    if mine[-1].seq != entry.seq:
        raise TableMoveError("undo the later ventures first", "undo_later_first")
    ventures = tuple(v for v in state.ventures if v.seq != entry.seq)
    return replace(state, holders=_without(state.holders, entry.seq), ventures=ventures)


def _without(pairs: tuple[Pair, ...], seq: int) -> tuple[Pair, ...]:
    return tuple(pair for pair in pairs if pair[0] != seq)
