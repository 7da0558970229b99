"""A season's book for its readers (standings, the host page, the export): cached per
season version and read in the standings' own bounded pool.

Why both: standings are public and a season can hold thousands of games, so a read that
recomputes them costs far more than a phone's view. The cache makes repeated reads cost
one small query (`season_repo.season_version`, one row by its key whatever the season's
size: a rename, a merge, a game's result, confirmation or dispute (not a life tap) or a
new night changes it, the last three through the database's triggers; an import makes a
new season, a delete removes it), and the pool of `standings_threads` threads keeps twenty
readers at once from taking the threads that every other read of the server shares
(`server.db.reads.PoolReads`).

The public standings are cached once more as the finished reply (JSON or CSV bytes), so a
repeated read is the version query and a dict hit: turning 2,000 lines into JSON cost more
than the query. Concurrent reads of a version nobody has cached yet compute it once
(`server.core.single_flight`), the book once for the replies and the host's page alike.
The version is read before the book, in the same session, so a cached reply is never
older than the version it is kept under.

Why warm-ups (`warm`, `warm_event`): a write that changes the standings (a game's
confirmation, a dispute, a rename, a merge, an import, a new night) left the whole
recompute to the next reader, who paid for it (150 ms for 6,000 games, more after an
import). The writer now asks for it in the background, in the same pool and flights, so
the next reader finds it cached, or joins it under way.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from server.db import Session, season_repo
from server.edge.ready_body import ReadyBody
from server.runtime import Runtime
from server.services.seasons.season_book import read_book
from server.values.season_book import SeasonBook

REPLY_FORMATS = ("json", "csv")
"""The formats a standings reply is cached in (the route renders them)."""


@dataclass(frozen=True)
class StandingsReply:
    """The standings as sent: the body made ready (encoded and tagged once, in the pool),
    and the season's name (the CSV's file)."""

    ready: ReadyBody
    season_name: str

    @property
    def body(self) -> bytes:
        return self.ready.plain


async def cached_book(rt: Runtime, season_id: str) -> SeasonBook | None:
    """The season's book as stored now (None for an unknown season); a book nobody has
    cached yet is computed once for every caller of its version (a rename's reply and the
    warm-up its write started share it)."""
    version = await _version(rt, season_id)
    if version is None:
        return None
    found = await _book(rt, season_id, version)
    return None if found is None else found[1]


async def standings_reply(rt: Runtime, season_id: str, format: str,
                          render: Callable[[SeasonBook], bytes]) -> StandingsReply | None:
    """The season's standings as stored now, as `render` writes them in `format` (one of
    `REPLY_FORMATS`), ready to send; None for an unknown season."""
    version = await _version(rt, season_id)
    if version is None:
        return None
    found: StandingsReply | None = rt.season_standings.get((season_id, format), version)
    if found is not None:
        return found

    async def compute() -> StandingsReply | None:
        stored = await _book(rt, season_id, version)
        if stored is None:
            return None
        at, book = stored
        reply = await rt.season_reads.compute(
            lambda: StandingsReply(ReadyBody.of(render(book)), book.row.name))
        rt.season_standings.put((season_id, format), at, reply)
        return reply

    key: Hashable = (season_id, format, version)
    reply: StandingsReply | None = await rt.standings_flight.run(key, compute)
    return reply


def warm(rt: Runtime, season_id: str) -> None:
    """After a write that changed the season (a rename, a merge, an import, a new night),
    compute its book and JSON standings at the version stored now, in the standings' own
    pool and off the writer's path, so the next reader finds them cached. One warm-up per
    season at a time (`server.core.coalesced`); a reader meanwhile shares its computation."""
    rt.season_warming.ask(season_id, lambda: warm_now(rt, season_id))


def warm_event(rt: Runtime, event_id: str) -> None:
    """`warm` the season a night counts for, if any, after a change to one of its games'
    results (a confirmation, a dispute, a correction, a game's end)."""

    async def run() -> None:
        season = await rt.season_reads.read(
            lambda session: season_repo.season_of_event(session, event_id))
        if season is not None:
            await warm_now(rt, season.id)

    rt.season_warming.ask(("event", event_id), run)


async def warm_now(rt: Runtime, season_id: str) -> None:
    """Compute the season's book and JSON standings at the version stored now, if nobody
    has (the start's warm-up awaits it; a write asks for it through `warm`)."""
    render = rt.standings_render
    if render is None:
        await cached_book(rt, season_id)
    else:
        await standings_reply(rt, season_id, "json", render)


async def _version(rt: Runtime, season_id: str) -> tuple[int, ...] | None:
    """The season's version stored now. In memory, with no query, if this process is its
    database's only writer and has committed nothing since that version was read
    (`server.db.commits`); else one query for every reader that arrived while the last
    one ran (`server.core.fresh_flight`), never one read before the caller came."""
    if rt.mode.sole_writer:
        known: tuple[int, ...] | None = rt.known_versions.get(season_id, rt.commits.value)
        if known is not None:
            return known

    async def read() -> tuple[int, ...] | None:
        commits = rt.commits.value  # before the query: a commit during it moves the count
        found = await rt.season_reads.read(
            lambda session: season_repo.season_version(session, season_id))
        if found is not None:  # an unknown id is not kept: anyone may ask for any id
            rt.known_versions.put(season_id, commits, found)
        return found

    version: tuple[int, ...] | None = await rt.version_flight.run(("standings", season_id), read)
    return version


async def _book(rt: Runtime, season_id: str, version: tuple[int, ...],
                ) -> tuple[tuple[int, ...], SeasonBook] | None:
    """The book at `version` or newer, with the version it was read at: cached, or read
    once for every caller of `version` meanwhile."""
    book: SeasonBook | None = rt.season_books.get(season_id, version)
    if book is not None:
        return version, book

    def query(session: Session) -> tuple[tuple[int, ...], SeasonBook] | None:
        # The version first, in the book's own session: a book is never cached under a
        # version older than what it holds.
        now = season_repo.season_version(session, season_id)
        if now is None:
            return None
        found: SeasonBook | None = rt.season_books.get(season_id, now)
        if found is None:
            found = read_book(session, season_id, rt.imported_results)
            if found is None:
                return None
            rt.season_books.put(season_id, now, found)
        return now, found

    key: Hashable = (season_id, "book", version)
    stored: tuple[tuple[int, ...], SeasonBook] | None = await rt.standings_flight.run(
        key, lambda: rt.season_reads.read(query))
    return stored
