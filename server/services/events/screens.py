"""The store's screen of a night: finding the night by its screen token, giving the host
its link, what it shows now (`night_screen`, shaped by `server.views.screen`), and the
night's standings for it without a query per life tap.

Why on first request for older nights: a night stored before the screen existed has no
screen token hash; the first time its host opens the night's host screen, it is stored
(the token is derived from the host token, `server.services.events.screen_tokens`).

Why standings are cached by results: the screen redraws on every tap at every table,
but the standings change only when a game's result does; reading every stored game of
the night again for each tap would put a burst of queries behind each life change.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field

from pods.game_result import result_of
from pods.season.standings import Standing
from pods.store_wifi import StoreWifi
from server.core.security import hash_token
from server.db import Session, event_repo
from server.realtime.live import LivePod
from server.runtime import Runtime
from server.services.commit import commit
from server.services.events import store_wifi
from server.services.events.events import follow_night, pods_of, read_night
from server.services.events.screen_tokens import screen_hash, screen_url
from server.services.night.done_pods import load_done
from server.services.seasons import seasons
from server.services.seasons.season_book import ImportedResults, read_book
from server.services.tables.standings import finished_games, night_standings
from server.values.night import Night
from server.values.screen import FinishedGame, NightScreen, SeasonLines


async def screen_url_for_host(rt: Runtime, night: Night, host_token: str) -> str:
    """The screen link of a night whose host sent `host_token` (already checked); stores
    the token's hash first for a night that has none yet."""
    if night.row.screen_token_hash is None:
        token_hash = screen_hash(host_token)
        event_id = night.row.id
        await commit(rt, lambda session: event_repo.set_screen_hash(session, event_id,
                                                                    token_hash),
                     lambda: None)
        night.row.screen_token_hash = token_hash
    return screen_url(rt.base_url, host_token)


async def night_of_screen(rt: Runtime, token: str) -> Night | None:
    """The night whose screen token is `token`, or None (an unknown token and a token of
    no night look the same to the caller: nothing says whether a night exists)."""
    if not token:
        return None
    token_hash = hash_token(token)

    def read(session: Session) -> Night | None:
        event_id = event_repo.event_id_of_screen(session, token_hash)
        return read_night(session, event_id) if event_id is not None else None

    night = await rt.read(read)
    if night is not None:
        await follow_night(rt, night)
    return night


def results_key(pods: Sequence[LivePod]) -> list[object]:
    """What the standings depend on that memory knows: each table's current game and
    its result (compared, never hashed). A game retired from memory was finished, so its
    result is stored."""
    key: list[object] = []
    for pod in pods:
        for table, live in sorted(pod.night.games.items()):
            result = result_of(live.game, live.winner)
            key.append((pod.id, table, live.id, result))
    return key


def season_lines(session: Session, season_id: str | None,
                 imported: ImportedResults) -> SeasonLines | None:
    book = read_book(session, season_id, imported) if season_id is not None else None
    return SeasonLines(book.row.name, book.table) if book is not None else None


def tonight_results(session: Session, pod_ids: Sequence[str]) -> tuple[FinishedGame, ...]:
    """Every finished game of the night, by round, pod, table and game."""
    return tuple(sorted(finished_games(session, pod_ids),
                        key=lambda game: (game.round, game.pod, game.table, game.game)))


@dataclass
class StandingsCache:
    """One screen's standings and tonight's results, read again only when a result
    changed."""

    key: object = None
    standings: list[Standing] = field(default_factory=list)
    season: SeasonLines | None = None
    results: tuple[FinishedGame, ...] = ()
    read: bool = False

    async def of(self, rt: Runtime, night: Night, pods: Sequence[LivePod]) -> list[Standing]:
        """The night's standings under its season's scheme (5/1/0 outside a season), and
        its season's (`self.season`); a season's scheme never changes, so the results
        alone decide when to read again (another night's result is not seen until then:
        one night of a season is played at a time)."""
        key = (tuple(night.pod_ids), results_key(pods))
        if not self.read or key != self.key:
            pod_ids, event_id = list(night.pod_ids), night.row.id
            season_id = night.row.season_id

            def read(session: Session) -> tuple[list[Standing], SeasonLines | None,
                                                 tuple[FinishedGame, ...]]:
                return (night_standings(session, pod_ids,
                                        seasons.scheme_of_event(session, event_id)),
                        season_lines(session, season_id, rt.imported_results),
                        tonight_results(session, pod_ids))

            self.standings, self.season, self.results = await rt.read(read)
            self.key, self.read = key, True
        return self.standings


async def store_wifi_of(rt: Runtime) -> StoreWifi | None:
    """The store's Wi-Fi as the laptop saved it, for the TV's join page (read off the loop)."""
    return await asyncio.to_thread(store_wifi.read, rt.settings.data_dir)


async def night_screen(rt: Runtime, night: Night,
                       standings: StandingsCache | None = None) -> NightScreen:
    """The screen of `night` now: its pods in this process and its standings under its
    season's scheme. A socket passes its `standings` cache, so a life tap reads no
    stored game."""
    await load_done(rt, night.pod_ids)  # the night's end outlives a restart
    pods = pods_of(rt, night)
    cache = standings or StandingsCache()
    lines = await cache.of(rt, night, pods)
    wifi = await store_wifi_of(rt) if night.row.phase == "open" else None
    held = rt.round_clocks.get(night.row.id)
    return NightScreen(night, pods, lines, rt.event_join_url(night.row.id), cache.season,
                       wifi, held.clock if held is not None else None, rt.now(),
                       cache.results)
