"""The game at the table: life, commander damage, commander tax and counters, as an
append-only log; turns, the monarch and the initiative are `pods.table_state`.

Why a log of increments: four phones at one table tap "+1" and "−3" at the same moment.
Each tap is an increment, so two conflicting taps both apply and nothing is overwritten;
the totals are a fold over the log, so a restart or an undo simply refolds it.

Rules (Commander, as played after a Commander Draft): 40 starting life; a player dealt 21
or more combat damage by the same commander loses (partners and Piper pairs count
separately); each cast from the command zone adds {2} to that commander's next cast.
How the game ends (concessions, draws, the host's word, placings) is `pods.game_end`;
this module says who is out after each entry and lets it settle the result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum

from pods.game_end import UNDOABLE, EndEntry, EndError, Ending, apply_end, settle, undo_end
from pods.table_state import (
    TABLE_ENTRIES,
    FirstDrawn,
    TableEntry,
    TableMoveError,
    TableState,
    apply_drawn,
    apply_table,
    draw_first,
    undo_table,
)

STARTING_LIFE = 40
LETHAL_COMMANDER_DAMAGE = 21
LETHAL_POISON = 10
MAX_DELTA = 999


class TrackerError(ValueError):
    """An adjustment the table's tracker refuses; the game is unchanged."""

    code = "tracker_error"


class UnknownPlayerError(TrackerError):
    """The player is not in this game."""

    code = "unknown_player"


class UnknownCommanderError(TrackerError):
    """No player at this table has that commander."""

    code = "unknown_commander"


class BadAdjustmentError(TrackerError):
    """A zero, huge or self-inflicted commander-damage adjustment."""

    code = "bad_adjustment"


class UndoError(TrackerError):
    """Only the person who made an adjustment can undo it, and only once."""

    code = "undo_refused"


class GameEndError(TrackerError):
    """A concession, draw, correction, confirmation or claim the game refuses."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


class Kind(Enum):
    """What an adjustment changes."""

    LIFE = "life"
    COMMANDER_DAMAGE = "commander_damage"
    COMMANDER_CAST = "commander_cast"
    POISON = "poison"
    EXPERIENCE = "experience"
    ENERGY = "energy"


COUNTERS = (Kind.POISON, Kind.EXPERIENCE, Kind.ENERGY)
"""A player's counters: adjusted like life, never below 0."""


@dataclass(frozen=True, slots=True)
class CommanderRef:
    """One commander: its owner and its position (0 or 1 for partners and Piper pairs)."""

    owner: str
    index: int

    @property
    def key(self) -> str:
        return f"{self.owner}#{self.index}"


@dataclass(frozen=True, slots=True)
class Player:
    """A player at the table and the names of their commanders, in order."""

    id: str
    name: str
    commanders: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Adjustment:
    """One tap on a phone: `delta` applied to `target` (a life total, damage or casts).

    `source` is the commander that dealt commander damage, or the commander cast.
    """

    seq: int
    author: str
    kind: Kind
    target: str
    delta: int
    source: CommanderRef | None = None


@dataclass(frozen=True, slots=True)
class Undo:
    """The author takes back adjustment `undoes`."""

    seq: int
    author: str
    undoes: int


Entry = Adjustment | Undo | EndEntry | TableEntry | FirstDrawn


@dataclass(frozen=True)
class Game:
    """A game's totals, folded from its log."""

    players: tuple[Player, ...]
    life: Mapping[str, int]
    commander_damage: Mapping[tuple[str, str], int]
    casts: Mapping[str, int]
    undone: frozenset[int] = field(default_factory=frozenset)
    log: tuple[Entry, ...] = ()
    end: Ending = field(default_factory=Ending)
    table: TableState = field(default_factory=lambda: TableState(drawn=""))
    counters: Mapping[tuple[str, Kind], int] = field(default_factory=dict)
    """`(player, kind) -> count` for poison, experience and energy."""

    def counter(self, player: str, kind: Kind) -> int:
        return self.counters.get((player, kind), 0)

    def tax(self, commander: CommanderRef) -> int:
        """Extra generic mana the commander costs now: {2} per previous cast."""
        return 2 * self.casts.get(commander.key, 0)

    def damage(self, victim: str, commander: CommanderRef) -> int:
        return self.commander_damage.get((victim, commander.key), 0)

    def out(self, player: str) -> bool:
        """Out of the game: conceded, life at or below 0, ten or more poison counters
        (CR 704.5c), or 21+ damage from one commander."""
        if player in self.end.conceded or self.life[player] <= 0:
            return True
        if self.counter(player, Kind.POISON) >= LETHAL_POISON:
            return True
        return any(
            total >= LETHAL_COMMANDER_DAMAGE
            for (victim, _key), total in self.commander_damage.items()
            if victim == player
        )

    @property
    def standing(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.players if not self.out(p.id))


def new_game(players: Iterable[Player], starting_life: int = STARTING_LIFE,
             seed: int = 0) -> Game:
    """A fresh game: everyone at `starting_life`, no damage, no casts, and the first player
    drawn from `seed` (the game's, so every process draws the same until the draw is
    logged: `pods.table_state.FirstDrawn`)."""
    seated = tuple(players)
    ids = [p.id for p in seated]
    if len(set(ids)) != len(ids) or not seated:
        raise UnknownPlayerError("a game needs players with distinct ids")
    return Game(
        players=seated,
        life=dict.fromkeys(ids, starting_life),
        commander_damage={},
        casts={},
        table=TableState(drawn=draw_first(ids, seed)),
    )


def apply(game: Game, entry: Entry) -> Game:
    """The game after one more log entry, or a `TrackerError` and the game unchanged."""
    if isinstance(entry, FirstDrawn):  # no change of life or result: nothing to settle
        ids = tuple(p.id for p in game.players)
        return replace(game, table=_table(lambda: apply_drawn(game.table, entry, ids)),
                       log=(*game.log, entry))
    if isinstance(entry, Undo):
        after = _undo(game, entry)
    elif isinstance(entry, Adjustment):
        _check(game, entry)
        after = _fold(game, entry, sign=1, log=(*game.log, entry), undone=game.undone)
    elif isinstance(entry, TABLE_ENTRIES):
        ids = tuple(p.id for p in game.players)
        table = _table(lambda: apply_table(game.table, entry, ids, game.standing,
                                           game.end.result is not None))
        after = replace(game, table=table, log=(*game.log, entry))
    else:
        after = replace(game, end=_end(game, lambda ids: apply_end(ids, game.end, entry)),
                        log=(*game.log, entry))
    return _settle(after, entry.seq, entry.author)


def _end(game: Game, change: Callable[[tuple[str, ...]], Ending]) -> Ending:
    """`change` applied to the game's ending, an `EndError` raised as a `TrackerError`."""
    try:
        return change(tuple(p.id for p in game.players))
    except EndError as error:
        raise GameEndError(str(error), error.code) from error


def _table(change: Callable[[], TableState]) -> TableState:
    """`change` of the table's shared state, a `TableMoveError` raised as a `TrackerError`."""
    try:
        return change()
    except TableMoveError as error:
        raise GameEndError(str(error), error.code) from error


def _settle(game: Game, seq: int, author: str) -> Game:
    """Who is out now, since when, and the result that follows (`pods.game_end.settle`)."""
    ids = tuple(p.id for p in game.players)
    out = [p for p in ids if game.out(p)]
    return replace(game, end=settle(ids, game.end, out, seq, author))


def replay_game(
    players: Iterable[Player], entries: Iterable[Entry], starting_life: int = STARTING_LIFE,
    seed: int = 0,
) -> Game:
    """Rebuild a game from its stored log (the pod's starting life, the game's seed)."""
    game = new_game(players, starting_life, seed)
    for entry in entries:
        game = apply(game, entry)
    return game


def _check(game: Game, adjustment: Adjustment) -> None:
    ids = {p.id for p in game.players}
    if adjustment.author not in ids and adjustment.author != "host":
        raise UnknownPlayerError(f"{adjustment.author!r} is not at this table")
    if adjustment.target not in ids:
        raise UnknownPlayerError(f"{adjustment.target!r} is not at this table")
    if adjustment.delta == 0 or abs(adjustment.delta) > MAX_DELTA:
        raise BadAdjustmentError(f"an adjustment is 1 to {MAX_DELTA} up or down")
    if adjustment.kind is Kind.LIFE or adjustment.kind in COUNTERS:
        return
    source = adjustment.source
    if source is None or not _has_commander(game, source):
        raise UnknownCommanderError("name the commander, by owner and position")
    if adjustment.kind is Kind.COMMANDER_DAMAGE and source.owner == adjustment.target:
        raise BadAdjustmentError("commander damage comes from another player's commander")
    if adjustment.kind is Kind.COMMANDER_CAST and source.owner != adjustment.target:
        raise BadAdjustmentError("a commander cast is counted for its owner")


def _has_commander(game: Game, ref: CommanderRef) -> bool:
    return any(p.id == ref.owner and 0 <= ref.index < len(p.commanders) for p in game.players)


def _fold(
    game: Game, adjustment: Adjustment, sign: int, log: tuple[Entry, ...], undone: frozenset[int]
) -> Game:
    delta = sign * adjustment.delta
    life = dict(game.life)
    damage = dict(game.commander_damage)
    casts = dict(game.casts)
    counters = dict(game.counters)
    if adjustment.kind is Kind.LIFE:
        life[adjustment.target] += delta
    elif adjustment.kind in COUNTERS:
        key_of = (adjustment.target, adjustment.kind)
        counters[key_of] = _not_below_zero(counters.get(key_of, 0) + delta,
                                           f"{adjustment.kind.value} counters")
    elif adjustment.kind is Kind.COMMANDER_DAMAGE:
        assert adjustment.source is not None
        key = (adjustment.target, adjustment.source.key)
        damage[key] = _not_below_zero(damage.get(key, 0) + delta, "commander damage")
        # Commander damage is combat damage: it is also lost from the life total.
        life[adjustment.target] -= delta
    else:
        assert adjustment.source is not None
        casts[adjustment.source.key] = _not_below_zero(
            casts.get(adjustment.source.key, 0) + delta, "commander casts"
        )
    return replace(game, life=life, commander_damage=damage, casts=casts, counters=counters,
                   undone=undone, log=log)


def _not_below_zero(total: int, what: str) -> int:
    """Counts cannot go negative; refusing (not clamping) keeps every undo exact."""
    if total < 0:
        raise BadAdjustmentError(f"{what} cannot go below 0")
    return total


def _undo(game: Game, undo: Undo) -> Game:
    undoable = (Adjustment, *UNDOABLE, *TABLE_ENTRIES)
    target = next((e for e in game.log if isinstance(e, undoable)
                   and e.seq == undo.undoes), None)
    if target is None:
        raise UndoError(f"there is no change {undo.undoes} to undo")
    if target.author != undo.author:
        raise UndoError("only the person who made a change can undo it")
    if undo.undoes in game.undone:
        raise UndoError("that change was already undone")
    undone = game.undone | {undo.undoes}
    if isinstance(target, Adjustment):
        return _fold(game, target, sign=-1, log=(*game.log, undo), undone=undone)
    if isinstance(target, TABLE_ENTRIES):
        table = _table(lambda: undo_table(game.table, target))
        return replace(game, table=table, log=(*game.log, undo), undone=undone)
    end = _end(game, lambda _ids: undo_end(game.end, target))
    return replace(game, end=end, log=(*game.log, undo), undone=undone)
