"""The app factory: `create_app(settings)` builds a fresh app; nothing happens on import.

Why a lifespan: the database engine, migrations, restoring unfinished pods and the pick
timer all start when the server starts and stop when it stops, in one visible place.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from functools import partial
from typing import Any

from fastapi import FastAPI
from starlette.types import ASGIApp

from server.core.settings import Settings
from server.db.engine import (
    DatabaseConfigError,
    check_connection,
    create_db_engine,
    make_private,
)
from server.db.migrate import upgrade_to_head
from server.edge.body_budget import BodyBudget
from server.edge.body_limit import MAX_BODY_BYTES, BodyLimit
from server.edge.compression import Compression
from server.edge.conditional import ConditionalGet
from server.edge.error_handlers import install_error_handlers
from server.edge.hangups import QuietHangUps
from server.edge.hosts import HostGuard
from server.edge.lan import lan_ip
from server.edge.log_redaction import install_token_redaction
from server.edge.security_headers import SecurityHeaders
from server.edge.socket_dispatch import SocketDispatch
from server.protocol.bodies import ERROR_RESPONSES
from server.realtime.hub import Hub
from server.realtime.trace import Trace
from server.routes import (
    arrivals,
    building,
    cards,
    events,
    games,
    health,
    images,
    lobbies,
    pages,
    pods,
    recap,
    replays,
    screen,
    season_stats,
    seasons,
    store_wifi,
    ws,
)
from server.runtime import Runtime
from server.services import season_reads, warm_start
from server.services.cards.card_data import (
    fetch_text_on_start,
    initial_image_mode,
    refresh_media,
    settle_image_mode,
)
from server.services.expiry import run_expiry_loop
from server.services.night.restore import restore_pods
from server.services.night.timer_gaps import save_timers
from server.services.night.timers import run_timer_loop
from server.services.tables.round_clock import restore_clocks, save_clocks
from server.views.season import standings_json


def build_runtime(settings: Settings) -> Runtime:
    """Engine, hub and registry for `settings` (the database is checked, not migrated)."""
    if settings.db_url is None:
        settings.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    engine = create_db_engine(settings)
    check_connection(engine)
    make_private(engine, settings.data_dir)
    rt = Runtime(settings=settings, engine=engine, base_url=settings.base_url(lan_ip()),
                 hub=Hub(settings.hub_queue_size))
    if settings.cluster:
        if engine.url.get_backend_name() != "postgresql":
            raise DatabaseConfigError(
                "several server processes need PostgreSQL (--db postgresql+psycopg://...); "
                "SQLite serves one process")
        from server.cluster.node import Cluster  # a cluster's modules: imported for one only

        rt.mode = Cluster(rt)
    if engine.url.get_backend_name() == "postgresql":
        from server.cluster.mode import claim_database  # SQLite serves one process: no claim

        rt.claim = claim_database(engine, settings.cluster)
    return rt


class PrismaticApp(FastAPI):
    """FastAPI with the socket routes (`server.routes.ws.SOCKET_ROUTES`) served as plain
    ASGI in front of the middleware stack (`server.edge.socket_dispatch`): the HTTP
    middleware added below never sees a socket frame."""

    def __init__(self, settings: Settings, **options: Any) -> None:
        self.settings = settings  # the socket routes' Host and Origin checks read it
        super().__init__(**options)

    def build_middleware_stack(self) -> ASGIApp:
        return SocketDispatch(super().build_middleware_stack(), ws.SOCKET_ROUTES,
                              self.settings)


def create_app(settings: Settings, runtime: Runtime | None = None) -> FastAPI:
    """A Prismatic app. `runtime` may be prebuilt (the CLI does, to report errors early)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        install_token_redaction()
        rt = runtime or build_runtime(settings)
        if settings.migrate_on_start:
            upgrade_to_head(rt.engine)
        make_private(rt.engine, settings.data_dir)
        rt.media.set_images(initial_image_mode(settings.images))
        refresh_media(rt)
        if not rt.restored:
            restore_pods(rt)
        restore_clocks(rt)  # after the pods: they show the clocks
        rt.standings_render = standings_json  # what a season's warm-up writes ahead
        rt.warm_season = partial(season_reads.warm, rt)
        rt.warm_night_season = partial(season_reads.warm_event, rt)
        rt.statistics_replies = season_stats.pages_replies  # what the start writes ahead
        await asyncio.to_thread(pages.assets)  # hashed and encoded once, before any phone
        app.state.runtime = rt
        if settings.trace_path is not None:
            rt.trace = Trace(settings.trace_path)
            rt.trace.start()
        await rt.mode.start()
        warm_start.warm_every_season(rt)  # in the background: the start does not wait
        background = [asyncio.create_task(run_timer_loop(rt)),
                      asyncio.create_task(settle_image_mode(rt)),
                      asyncio.create_task(run_expiry_loop(rt))]
        if not settings.cluster:  # a cluster's members would each download the same text
            background.append(asyncio.create_task(fetch_text_on_start(rt)))
        try:
            yield
        finally:
            for task in background:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            if rt.mode.keeps_time_left and rt.time_left_stored:  # a restart gives it back
                with contextlib.suppress(Exception):
                    await save_timers(rt)
                with contextlib.suppress(Exception):
                    await save_clocks(rt)
            await rt.close_writer()
            await rt.season_warming.close()
            await rt.settle_reads()
            rt.close_season_reads()
            if rt.trace is not None:
                await rt.trace.stop()
            await rt.mode.stop()
            if rt.claim is not None:
                rt.claim.release()
            rt.engine.dispose()

    # No /docs or /redoc: both load their scripts from a CDN (the CSP forbids it, and the
    # table often has no Internet); /openapi.json stays for tools.
    app = PrismaticApp(settings, title="Prismatic", lifespan=lifespan,
                       responses=ERROR_RESPONSES, docs_url=None, redoc_url=None)
    app.add_middleware(ConditionalGet)  # innermost: tags the body before it is encoded
    app.add_middleware(Compression)
    app.add_middleware(BodyLimit, budget=BodyBudget(total_bytes=settings.max_body_buffer_bytes,
                                                    small_body_bytes=MAX_BODY_BYTES))
    app.add_middleware(HostGuard, settings=settings)  # before any route runs
    app.add_middleware(SecurityHeaders)  # on every answer
    app.add_middleware(QuietHangUps)  # outermost: a phone that left is no server error
    install_error_handlers(app)
    app.include_router(health.router)
    app.include_router(pods.router)
    app.include_router(replays.router)
    app.include_router(recap.router)
    app.include_router(building.router)
    app.include_router(games.router)
    app.include_router(events.router)
    app.include_router(seasons.router)
    app.include_router(season_stats.router)  # the season's cards and commanders
    app.include_router(lobbies.router)  # the laptop's list of every night and lobby
    app.include_router(store_wifi.router)  # the store's Wi-Fi, for the TV's QR code
    app.include_router(arrivals.router)
    app.include_router(screen.router)  # the store's screen: its view (its socket: SOCKET_ROUTES)
    app.include_router(images.router)
    app.include_router(cards.router)
    app.include_router(pages.router)  # the web UI's pages and static files
    return app
