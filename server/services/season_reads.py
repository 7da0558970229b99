"""A season's book for its readers (standings, the host page, the export): cached per
season version and read in the standings' own bounded pool.

Why both: standings are public and a season can hold thousands of games, so a read that
recomputes them costs far more than a phone's view. The cache makes repeated reads cost
one small query (`season_repo.season_version`: a rename, a merge, a game's entry or a new
night changes it; an import makes a new season, a delete removes it), and the pool of
`standings_threads` threads keeps twenty readers at once from taking the threads that
every other read of the server shares (`server.db.reads.PoolReads`).
"""

from __future__ import annotations

from server.db import Session, season_repo
from server.runtime import Runtime
from server.services.seasons.season_book import SeasonBook, read_book


async def cached_book(rt: Runtime, season_id: str) -> SeasonBook | None:
    """The season's book as stored now (None for an unknown season)."""

    def query(session: Session) -> SeasonBook | None:
        version = season_repo.season_version(session, season_id)
        if version is None:
            return None
        book: SeasonBook | None = rt.season_books.get(season_id, version)
        if book is None:
            book = read_book(session, season_id)
            if book is not None:
                rt.season_books.put(season_id, version, book)
        return book

    return await rt.season_reads.read(query)
