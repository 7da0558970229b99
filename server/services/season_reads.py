"""A season's book for its readers (standings, the host page, the export): cached per
season version and read in the standings' own bounded pool.

Why both: standings are public and a season can hold thousands of games, so a read that
recomputes them costs far more than a phone's view. The cache makes repeated reads cost
one small query (`season_repo.season_version`: a rename, a merge, a game's entry or a new
night changes it; an import makes a new season, a delete removes it), and the pool of
`standings_threads` threads keeps twenty readers at once from taking the threads that
every other read of the server shares (`server.db.reads.PoolReads`).

The public standings are cached once more as the finished reply (JSON or CSV bytes), so a
repeated read is the version query and a dict hit: turning 2,000 lines into JSON cost more
than the query. Concurrent reads of a version nobody has cached yet compute it once
(`server.core.single_flight`). The version is read before the book, in the same session,
so a cached reply is never older than the version it is kept under.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from server.db import Session, season_repo
from server.runtime import Runtime
from server.services.seasons.season_book import SeasonBook, read_book

REPLY_FORMATS = ("json", "csv")
"""The formats a standings reply is cached in (the route renders them)."""


@dataclass(frozen=True)
class StandingsReply:
    """The standings as sent: the body's bytes, and the season's name (the CSV's file)."""

    body: bytes
    season_name: str


async def cached_book(rt: Runtime, season_id: str) -> SeasonBook | None:
    """The season's book as stored now (None for an unknown season)."""

    def query(session: Session) -> SeasonBook | None:
        version = season_repo.season_version(session, season_id)
        return None if version is None else _book_at(rt, session, season_id, version)

    return await rt.season_reads.read(query)


async def standings_reply(rt: Runtime, season_id: str, format: str,
                          render: Callable[[SeasonBook], bytes]) -> StandingsReply | None:
    """The season's standings as stored now, as `render` writes them in `format` (one of
    `REPLY_FORMATS`), ready to send; None for an unknown season."""
    version = await rt.season_reads.read(
        lambda session: season_repo.season_version(session, season_id))
    if version is None:
        return None
    found: StandingsReply | None = rt.season_standings.get((season_id, format), version)
    if found is not None:
        return found

    def query(session: Session) -> StandingsReply | None:
        now = season_repo.season_version(session, season_id)
        if now is None:
            return None
        book = _book_at(rt, session, season_id, now)
        if book is None:
            return None
        reply = StandingsReply(render(book), book.row.name)
        rt.season_standings.put((season_id, format), now, reply)
        return reply

    key: Hashable = (season_id, format, version)
    reply: StandingsReply | None = await rt.standings_flight.run(
        key, lambda: rt.season_reads.read(query))
    return reply


def _book_at(rt: Runtime, session: Session, season_id: str,
             version: tuple[int, ...]) -> SeasonBook | None:
    book: SeasonBook | None = rt.season_books.get(season_id, version)
    if book is None:
        book = read_book(session, season_id, rt.imported_results)
        if book is not None:
            rt.season_books.put(season_id, version, book)
    return book

