"""The season host's fixes to names: rename a player, merge two entries that are one person.

Why aliases and not rewriting results: a night's games are stored with the names its
players joined under, and those logs are never edited. The season instead remembers
which names mean which of its players (`season_alias`, `pods.season.roster`), so a merge
moves every result of one entry to the other (past ones and any later night's under
either name), and nothing of a night changes.

Both edits read the season first (off the loop, every night's results) to check them, then
store through the writer; the stored step re-checks the aliases it relies on inside the
transaction (a refusable write), so a second process's edit made meanwhile is refused, not
overwritten.
"""

from __future__ import annotations

from pods.player_names import clean_name, skeleton
from pods.season.roster import RosterError, check_merge
from server.core.errors import ConflictError, UnknownPodError
from server.core.security import new_id
from server.db import Session, season_repo
from server.db.tables import SeasonAliasRow, SeasonPlayerRow
from server.runtime import Runtime
from server.services import season_reads
from server.services.commit import commit
from server.services.seasons.seasons import unknown_season
from server.values.season_book import SeasonBook


async def _book(rt: Runtime, season_id: str) -> SeasonBook:
    book = await season_reads.cached_book(rt, season_id)
    if book is None:
        raise unknown_season(season_id)
    return book


def unknown_player(name: str) -> UnknownPodError:
    return UnknownPodError(f"nobody called {name!r} has played in this season",
                           "unknown_season_player")


def _known(book: SeasonBook, name: str) -> str:
    found = book.roster.known(name)
    if found is None:
        raise unknown_player(name)
    return found


def _player_id(book: SeasonBook, season_name: str) -> str | None:
    """The stored player called `season_name`, or None for a name no edit stored yet."""
    return next((pid for pid, name in book.roster.players.items() if name == season_name),
                None)


def _stage_player(session: Session, season_id: str, player_id: str | None, name: str) -> str:
    """The stored id of the season player called `name`: created (with its name's alias)
    when no edit stored it yet."""
    if player_id is not None:
        return player_id
    row = SeasonPlayerRow(id=new_id(), season_id=season_id, name=name)
    season_repo.add_rows(session, [row])
    _stage_alias(session, season_id, row.id, name)
    return row.id


def _stage_alias(session: Session, season_id: str, player_id: str, name: str) -> None:
    """`name` means `player_id` from now on; refused if it already means someone else."""
    key = skeleton(name)
    owner = season_repo.alias_owner(session, season_id, key)
    if owner == player_id:
        return
    if owner is not None:
        raise ConflictError(f"{name!r} already means another player of this season; "
                            "merge them instead", "name_taken")
    season_repo.add_rows(session, [SeasonAliasRow(season_id=season_id, skeleton=key,
                                                  player_id=player_id, name=name)])


async def rename(rt: Runtime, season_id: str, name: str, to: str) -> None:
    """Call the season player `name` by `to` from now on; `name` still means them."""
    to = clean_name(to)
    async with rt.event_lock:
        book = await _book(rt, season_id)
        current = _known(book, name)
        taken = book.roster.known(to)
        if taken is not None and taken != current:
            raise ConflictError(f"{taken!r} is another player of this season; merge them "
                                "instead", "name_taken")
        player_id = _player_id(book, current)

        def staged(session: Session) -> None:
            stored = _stage_player(session, season_id, player_id, current)
            season_repo.rename_player(session, stored, to)
            _stage_alias(session, season_id, stored, to)
            season_repo.bump_version(session, season_id)

        await commit(rt, staged, lambda: None, refusable=True)
    season_reads.warm(rt, season_id)


async def merge(rt: Runtime, season_id: str, name: str, into: str) -> None:
    """Make the entry `name` part of `into`: every result and every name of `name` now
    counts for `into`, which keeps its own name."""
    async with rt.event_lock:
        book = await _book(rt, season_id)
        source, target = _known(book, name), _known(book, into)
        try:
            check_merge(book.results, source, target)
        except RosterError as error:
            raise ConflictError(str(error), error.code) from error
        source_id, target_id = _player_id(book, source), _player_id(book, target)

        def staged(session: Session) -> None:
            kept = _stage_player(session, season_id, target_id, target)
            if source_id is not None:
                season_repo.move_aliases(session, season_id, source_id, kept)
            else:
                _stage_alias(session, season_id, kept, source)
            season_repo.bump_version(session, season_id)

        await commit(rt, staged, lambda: None, refusable=True)
    season_reads.warm(rt, season_id)


async def split(rt: Runtime, season_id: str, name: str) -> None:
    """Undo a merge: the name `name` (merged into another entry, so one of its "also"
    names) becomes an entry of its own again, with every result played under it.

    Why by name: a merge moved the typo's aliases, and an alias is all a merge stored,
    so moving the alias back is the whole undo (no night's results were touched). 409
    `not_merged` for a name that is its entry's own name (nothing to split off)."""
    async with rt.event_lock:
        book = await _book(rt, season_id)
        current = _known(book, name)
        key = skeleton(name)
        owner = book.roster.aliases.get(key)
        if owner is None or key == skeleton(current):
            raise ConflictError(f"{name!r} is its own entry, not a name merged into another",
                                "not_merged")
        spelled = book.alias_names[key]

        def staged(session: Session) -> None:
            if season_repo.alias_owner(session, season_id, key) != owner:
                raise ConflictError(f"{name!r} was changed meanwhile; reload and try again",
                                    "not_merged")
            row = SeasonPlayerRow(id=new_id(), season_id=season_id, name=spelled)
            season_repo.add_rows(session, [row])
            season_repo.move_alias(session, season_id, key, row.id)
            season_repo.bump_version(session, season_id)

        await commit(rt, staged, lambda: None, refusable=True)
    season_reads.warm(rt, season_id)
