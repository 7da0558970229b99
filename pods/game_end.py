"""How a game at the table ends: concessions, draws, the host's word, confirmations, awards.

Why the end is folded from the same log as the life taps: the order players went out is
the order of the log entries that put them out (a tap, an undo or a concession), so the
placings are a fold like the totals, survive a restart by replaying the log, and follow
every undo. Players who went out with the same entry share a place.

What decides the result, strongest first:
1. the host's correction (explicit placings, a draw, or the winner the host recorded;
   the winner's other players are placed by the order they went out, else share 2nd);
2. the table: one player left wins; everyone still in agreeing to a draw, or the host
   calling time, makes a draw that the players still in share.
A confirmation is for one result: when the result changes, every confirmation drops.
Why a result counts only once confirmed (`Ending.counts`): one phone may tap everyone
out; the season must not take its word alone. The author of the entry that made the
result is its reporter, who cannot confirm it; another player at the table or the host
does. A player may dispute it instead: then only the host's word (a confirmation or a
correction) makes it count. A result the host made (a correction, a recorded winner,
the host's own taps) counts at once.
Achievement claims are separate from the result: a claim becomes an `Award` once
another player at the table or the host confirms it.

This module knows nothing of life totals: `pods.tracker` says who is out after each
entry and calls `settle`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from pods.results import Award, GameResult, Placing

HOST = "host"


class EndError(ValueError):
    """An end-of-game entry the table's tracker refuses; the game is unchanged."""

    code = "game_end_refused"

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Concede:
    """`player` concedes (their own phone, or the host for someone who left the table)."""

    seq: int
    author: str
    player: str


@dataclass(frozen=True, slots=True)
class DrawVote:
    """The author, still in the game, offers or agrees to a draw."""

    seq: int
    author: str


@dataclass(frozen=True, slots=True)
class CallTime:
    """The host calls time: the players still in draw."""

    seq: int
    author: str


@dataclass(frozen=True, slots=True)
class SetWinner:
    """The host records the winner (`None` clears the host's word on the result)."""

    seq: int
    author: str
    winner: str | None


@dataclass(frozen=True, slots=True)
class Correct:
    """The host sets the placings (player → place; a draw shares place 1), or clears the
    host's word (`placings` empty) so the table's own result counts again."""

    seq: int
    author: str
    placings: tuple[tuple[str, int], ...]
    draw: bool = False


@dataclass(frozen=True, slots=True)
class Confirm:
    """A player confirms the result that last changed at entry `result_seq`."""

    seq: int
    author: str
    result_seq: int


@dataclass(frozen=True, slots=True)
class Dispute:
    """A player says the result that last changed at entry `result_seq` is wrong."""

    seq: int
    author: str
    result_seq: int


@dataclass(frozen=True, slots=True)
class Claim:
    """The author claims an achievement for themselves, worth `points` when claimed."""

    seq: int
    author: str
    achievement: str
    points: int


@dataclass(frozen=True, slots=True)
class ConfirmClaim:
    """Another player at the table, or the host, confirms the claim made at entry `claim`."""

    seq: int
    author: str
    claim: int


EndEntry = (Concede | DrawVote | CallTime | SetWinner | Correct | Confirm | Dispute | Claim
            | ConfirmClaim)
UNDOABLE = (Concede, DrawVote, CallTime, Claim)
"""Entries their author may take back; a correction or a confirmation is replaced instead."""


@dataclass(frozen=True, slots=True)
class Claimed:
    """A claim in the game: confirmed by `confirmed_by`, or still waiting (`None`)."""

    seq: int
    player: str
    achievement: str
    points: int
    confirmed_by: str | None = None


@dataclass(frozen=True)
class Ending:
    """What the log says about the end of the game so far."""

    out_at: Mapping[str, int] = field(default_factory=dict)
    """Player → seq of the entry that put them out (only players out now)."""
    conceded: Mapping[str, int] = field(default_factory=dict)
    draw_votes: Mapping[str, int] = field(default_factory=dict)
    time_called: int | None = None
    correction: SetWinner | Correct | None = None
    result: GameResult | None = None
    """Placings and draw, without awards (`awards` adds them)."""
    result_seq: int = 0
    """The seq of the entry that last changed `result`; a confirmation names it."""
    by_host: bool = False
    """The result is the host's word (a correction or a recorded winner)."""
    reported_by: str = HOST
    """The author of the entry at `result_seq`: who made the result (never its confirmer)."""
    confirmed: frozenset[str] = frozenset()
    disputed: frozenset[str] = frozenset()
    """The players who said the current result is wrong: the host decides it."""
    claims: tuple[Claimed, ...] = ()

    @property
    def counts(self) -> bool:
        """The result counts for a season: the host's word made or confirmed it, or a
        player other than its reporter confirmed it and nobody disputes it."""
        if self.result is None:
            return False
        if self.by_host or self.reported_by == HOST or HOST in self.confirmed:
            return True
        return not self.disputed and bool(self.confirmed - {self.reported_by})

    @property
    def awards(self) -> tuple[Award, ...]:
        return tuple(Award(c.player, c.achievement, c.points)
                     for c in self.claims if c.confirmed_by is not None)

    def full_result(self) -> GameResult | None:
        """The result with the confirmed awards, or None while the game has none."""
        if self.result is None:
            return None
        return replace(self.result, awards=self.awards)


def ranking(groups: Iterable[Iterable[str]], draw: bool = False) -> GameResult:
    """Placings from groups of players, best group first: a group shares one place and
    the next group's place skips the places the group took (1, 2, 2, 4)."""
    placings: list[Placing] = []
    for group in groups:
        members = list(group)
        place = len(placings) + 1
        placings.extend(Placing(player, place) for player in members)
    return GameResult(tuple(placings), draw=draw)


def _out_groups(players: Sequence[str], out_at: Mapping[str, int],
                without: frozenset[str] = frozenset()) -> list[list[str]]:
    """The players who are out, grouped by the entry that put them out, last out first."""
    moments = sorted({out_at[p] for p in players if p in out_at and p not in without},
                     reverse=True)
    return [[p for p in players if out_at.get(p) == moment and p not in without]
            for moment in moments]


def table_result(players: Sequence[str], ending: Ending) -> GameResult | None:
    """The table's own result: one player left wins; everyone still in agreeing to a draw,
    or time called, is a draw. When everyone is out, the last to go out share place 1."""
    standing = [p for p in players if p not in ending.out_at]
    groups = _out_groups(players, ending.out_at)
    if len(standing) == 1:
        return ranking([standing, *groups])
    if not standing:
        return ranking(groups, draw=len(groups[0]) > 1) if groups else None
    agreed = all(p in ending.draw_votes for p in standing)
    if agreed or ending.time_called is not None:
        return ranking([standing, *groups], draw=True)
    return None


def winner_first(players: Sequence[str], ending: Ending, winner: str) -> GameResult:
    """The winner first; the other players still in share the next place, and the players
    out follow in the order they went out (last out first)."""
    first = frozenset({winner})
    rest = [p for p in players if p not in ending.out_at and p not in first]
    return ranking(g for g in ([winner], rest, *_out_groups(players, ending.out_at, first))
                   if g)


def corrected_result(players: Sequence[str], ending: Ending) -> GameResult | None:
    """The host's word on the result, or None when the host has not spoken (or cleared it)."""
    correction = ending.correction
    if isinstance(correction, SetWinner):
        if correction.winner is None:
            return None
        return winner_first(players, ending, correction.winner)
    if isinstance(correction, Correct) and correction.placings:
        given = dict(correction.placings)
        values = sorted(set(given.values()))
        return ranking(([p for p in players if given[p] == v] for v in values),
                       draw=correction.draw)
    return None


def result_of(players: Sequence[str], ending: Ending) -> GameResult | None:
    return corrected_result(players, ending) or table_result(players, ending)


def settle(players: Sequence[str], ending: Ending, out_now: Iterable[str], seq: int,
           author: str = HOST) -> Ending:
    """The ending after entry `seq` by `author`: who is out since when, the result, and —
    when the result changed — its new reporter, no confirmations and no disputes."""
    out = frozenset(out_now)
    out_at = {p: ending.out_at.get(p, seq) for p in players if p in out}
    draw_votes = {p: s for p, s in ending.draw_votes.items() if p not in out}
    settled = replace(ending, out_at=out_at, draw_votes=draw_votes)
    by_host = corrected_result(players, settled)
    result = by_host or table_result(players, settled)
    settled = replace(settled, result=result, by_host=by_host is not None)
    if result == ending.result:
        return settled
    return replace(settled, result_seq=seq, reported_by=author, confirmed=frozenset(),
                   disputed=frozenset())


def check_placings(players: Sequence[str], placings: Mapping[str, int], draw: bool) -> None:
    """The host's placings name every player of the game once, with places 1 to the
    number of players; a draw shares place 1 between two or more, a win gives it to one."""
    if set(placings) != set(players):
        raise EndError("give a place to every player of this game, and only to them",
                       "bad_placings")
    if any(not 1 <= place <= len(players) for place in placings.values()):
        raise EndError(f"places run from 1 to {len(players)}", "bad_placings")
    first = [p for p, place in placings.items() if place == min(placings.values())]
    if draw and len(first) < 2:
        raise EndError("a draw needs two or more players sharing the first place",
                       "bad_placings")
    if not draw and len(first) != 1:
        raise EndError("one player wins; players sharing the first place is a draw",
                       "bad_placings")


def apply_end(players: Sequence[str], ending: Ending, entry: EndEntry) -> Ending:
    """The ending after one more end-of-game entry (before `settle`), or an `EndError`."""
    ids = frozenset(players)
    author = entry.author
    if author != HOST and author not in ids:
        raise EndError(f"{author!r} is not at this table", "unknown_player")
    host_only = (CallTime, SetWinner, Correct)
    if isinstance(entry, host_only) and author != HOST:
        raise EndError("only the host calls time or corrects the result", "host_only")
    players_only = (DrawVote, Dispute, Claim)
    if isinstance(entry, players_only) and author == HOST:
        raise EndError("this is for the players at the table", "players_only")
    if isinstance(entry, Concede):
        return _concede(ids, ending, entry)
    if isinstance(entry, DrawVote):
        if ending.result is not None:
            raise EndError("this game already has a result", "game_ended")
        if author in ending.out_at:
            raise EndError("only players still in the game agree to a draw", "already_out")
        if author in ending.draw_votes:
            raise EndError("you already agreed to a draw", "already_agreed")
        return replace(ending, draw_votes={**ending.draw_votes, author: entry.seq})
    if isinstance(entry, CallTime):
        if ending.result is not None:
            raise EndError("this game already has a result", "game_ended")
        return replace(ending, time_called=entry.seq)
    if isinstance(entry, SetWinner):
        if entry.winner is not None and entry.winner not in ids:
            raise EndError(f"{entry.winner!r} does not play in this game", "unknown_player")
        return replace(ending, correction=entry)
    if isinstance(entry, Correct):
        if entry.placings:
            check_placings(players, dict(entry.placings), entry.draw)
        return replace(ending, correction=entry)
    if isinstance(entry, Confirm | Dispute):
        return _confirm(ending, entry)
    if isinstance(entry, Claim):
        return _claim(ending, entry)
    return _confirm_claim(ending, entry)


def _concede(ids: frozenset[str], ending: Ending, entry: Concede) -> Ending:
    if entry.player not in ids:
        raise EndError(f"{entry.player!r} is not at this table", "unknown_player")
    if entry.author not in (HOST, entry.player):
        raise EndError("players concede only for themselves", "not_yours")
    if entry.player in ending.conceded:
        raise EndError("that player already conceded", "already_conceded")
    if ending.result is not None:
        raise EndError("this game already has a result", "game_ended")
    if entry.player in ending.out_at:
        raise EndError("that player is already out", "already_out")
    return replace(ending, conceded={**ending.conceded, entry.player: entry.seq})


def _confirm(ending: Ending, entry: Confirm | Dispute) -> Ending:
    """A confirmation or a dispute of the current result; either replaces the author's
    other word on it (a player may change their mind, never their reporter's role)."""
    if ending.result is None:
        raise EndError("there is no result to confirm yet", "no_result")
    if entry.result_seq != ending.result_seq:
        raise EndError("the result changed; look at it again", "result_changed")
    if entry.author == ending.reported_by and entry.author != HOST:
        raise EndError("another player at the table or the host confirms your result",
                       "own_result")
    author = frozenset({entry.author})
    if isinstance(entry, Dispute):
        if entry.author in ending.disputed:
            raise EndError("you already disputed this result", "already_disputed")
        return replace(ending, disputed=ending.disputed | author,
                       confirmed=ending.confirmed - author)
    if entry.author in ending.confirmed:
        raise EndError("you already confirmed this result", "already_confirmed")
    return replace(ending, confirmed=ending.confirmed | author,
                   disputed=ending.disputed - author)


def _claim(ending: Ending, entry: Claim) -> Ending:
    if any(c.player == entry.author and c.achievement == entry.achievement
           for c in ending.claims):
        raise EndError("you already claimed that achievement in this game", "already_claimed")
    claimed = Claimed(entry.seq, entry.author, entry.achievement, entry.points)
    return replace(ending, claims=(*ending.claims, claimed))


def _confirm_claim(ending: Ending, entry: ConfirmClaim) -> Ending:
    claim = next((c for c in ending.claims if c.seq == entry.claim), None)
    if claim is None:
        raise EndError(f"there is no claim {entry.claim} in this game", "unknown_claim")
    if claim.player == entry.author:
        raise EndError("another player or the host confirms your claim", "own_claim")
    if claim.confirmed_by is not None:
        raise EndError("that claim is already confirmed", "already_confirmed")
    confirmed = replace(claim, confirmed_by=entry.author)
    return replace(ending, claims=tuple(confirmed if c is claim else c for c in ending.claims))


def undo_end(ending: Ending, entry: EndEntry) -> Ending:
    """The ending without `entry` (a concession, draw vote, time call or claim)."""
    if isinstance(entry, Concede):
        return replace(ending, conceded={p: s for p, s in ending.conceded.items()
                                         if p != entry.player})
    if isinstance(entry, DrawVote):
        return replace(ending, draw_votes={p: s for p, s in ending.draw_votes.items()
                                           if p != entry.author})
    if isinstance(entry, CallTime):
        return replace(ending, time_called=None)
    if isinstance(entry, Claim):
        return replace(ending, claims=tuple(c for c in ending.claims if c.seq != entry.seq))
    raise EndError("a correction or a confirmation is not undone; correct it again",
                   "undo_refused")
