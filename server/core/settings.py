"""Settings for one running server, read from arguments and `PRISMATIC_*` variables.

Why a class and no module-level instance: the app factory takes a `Settings` value, so tests
build as many differently configured apps as they like and nothing is read at import time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Everything the shell can be told; defaults are the embedded laptop setup."""

    model_config = SettingsConfigDict(env_prefix="PRISMATIC_", extra="ignore")

    host: str = "0.0.0.0"
    port: int = Field(8000, ge=1, le=65535)
    data_dir: Path = Path("data")
    db_url: str | None = None
    """SQLAlchemy URL; `None` means a SQLite file `prismatic.db` in `data_dir`."""
    public_url: str | None = None
    """Base URL printed in links; `None` means `http://{LAN IPv4}:{port}`."""
    allowed_hosts: str = ""
    """More names the server answers to, comma-separated (`PRISMATIC_ALLOWED_HOSTS`), beside
    loopback, the laptop's own addresses and `public_url`'s host (see `server/edge/hosts.py`)."""
    sqlite_synchronous: Literal["FULL", "NORMAL", "OFF"] = "FULL"
    """FULL: an acknowledged pick survives a power cut. NORMAL (with WAL) is faster but the
    last few commits may roll back if the laptop loses power (never on a process crash)."""
    sqlite_busy_timeout_ms: int = 5000
    event_loop: Literal["auto", "asyncio", "uvloop"] = "auto"
    """uvicorn's event loop (`PRISMATIC_EVENT_LOOP`): `auto` is uvloop when installed (it
    is, with `uvicorn[standard]`, except on Windows, where `auto` is asyncio's); `asyncio`
    is the standard library's, for A/B runs."""
    join_help_seconds: float = Field(60.0, gt=0)
    """The host screen offers its checklist (same Wi-Fi, guest networks, firewall) when no
    phone has opened the join page this long after it showed the QR code."""
    min_pick_timer_seconds: int = Field(10, ge=1)
    max_pick_timer_seconds: int = 600
    timer_tick_seconds: float = Field(0.25, gt=0)
    timer_gap_seconds: float = Field(2.0, gt=0)
    """A timer tick this much later than planned means the server did not run (a sleeping
    laptop, a stopped process): every running deadline gets the gap back."""
    timer_save_seconds: float = Field(2.0, gt=0)
    """How often the time the running pick timers have left is stored, for a restart."""
    ws_max_message_bytes: int = 4096
    ws_rate_burst: int = 60
    ws_rate_per_second: float = 30.0
    ws_abuse_limit: int = 40
    """Refused-for-rate messages on one socket before it is closed with 4408."""
    hub_queue_size: int = 64
    waiting_view_seconds: float = Field(0.5, ge=0)
    """A seat without a pack whose only change is whom it waits for ("{name} is still
    picking.") is sent its view once per this many seconds, not once per pick elsewhere
    (`server.services.night.waiting_views`); 0 sends it at once. Everything else (a
    pick, a pack, a new round, the end, the host's views) is sent at once."""
    max_pods: int = Field(250, ge=1)
    """Live pods (not `done`) at once; `POST /api/pods` is open to anyone on the Wi-Fi."""
    pods_reserved_for_host: int = Field(50, ge=0)
    """The last of `max_pods` only the laptop and a season's host may use: strangers fill
    at most `max_pods` minus this (`server.services.caps`)."""
    pods_reserved_for_laptop: int = Field(16, ge=0)
    """The part of `pods_reserved_for_host` only the laptop may use, not even a season's
    host: anyone may make a season, so its token is no proof of being the store's host."""
    max_pods_per_client: int = Field(16, ge=1)
    """Live pods made from one client address (not the laptop's): two nights of eight pods."""
    max_open_events: int = Field(20, ge=1)
    """Events still open for joining at once (`POST /api/events` is open to anyone too)."""
    events_reserved_for_host: int = Field(5, ge=0)
    """The last of `max_open_events` only the laptop and a season's host may use."""
    events_reserved_for_laptop: int = Field(2, ge=0)
    """The part of `events_reserved_for_host` only the laptop may use (as for pods)."""
    max_open_events_per_client: int = Field(2, ge=1)
    """Open events made from one client address (not the laptop's), and open events of one
    season (its host's phone)."""
    lobby_expiry_seconds: float = Field(2 * 3600, gt=0)
    """A pod's lobby nobody has joined is ended after this (`server.services.expiry`)."""
    night_expiry_seconds: float = Field(12 * 3600, gt=0)
    """A night still open for joining with no change for this long is ended."""
    expiry_check_seconds: float = Field(60.0, gt=0)
    """How often the server looks for expired lobbies and nights."""
    rate_create_burst: int = Field(10, ge=1)
    rate_create_per_minute: float = Field(10.0, gt=0)
    """Pods and events one client may create: a burst, then this many a minute."""
    rate_join_burst: int = Field(10, ge=1)
    rate_join_per_minute: float = Field(30.0, gt=0)
    """Seats and event places one client may take (wrong join codes count too)."""
    rate_limit_exempt: str = "127.0.0.1,::1"
    """Client addresses never rate-limited, comma-separated: the host's own laptop."""
    header_timeout_seconds: float = Field(10.0, gt=0)
    """A request's head (request line and headers) must arrive within this, counted from its
    first byte or from the connection's opening: else 408 and close
    (`server/edge/connection_limits.py`)."""
    body_timeout_seconds: float = Field(10.0, gt=0)
    """A request's body must arrive whole within this of its headers' end: else 408 (when no
    answer has begun) and close (`server/edge/connection_limits.py`)."""
    max_body_buffer_bytes: int = Field(32 * 1024 * 1024, ge=256 * 1024)
    """The bytes all request bodies being received or handled may hold at once, across every
    connection (`server/edge/body_budget.py`). Files (bodies over 64 KiB: a season import)
    may take three quarters of it; past that, or past the whole for any body, 503
    `uploads_busy`."""
    idle_timeout_seconds: int = Field(5, ge=1)
    """An idle keep-alive HTTP connection is closed after this (uvicorn's keep-alive timeout)."""
    max_header_bytes: int = Field(32 * 1024, ge=1024)
    """A request's head is at most this many bytes: else 431 and close."""
    max_connections_per_client: int = Field(32, ge=1)
    """Open connections (sockets included) one client address may hold; the exempt
    addresses (`rate_limit_exempt`, the host's laptop) are not counted."""
    standings_threads: int = Field(2, ge=1, le=8)
    """Threads that read seasons' standings, apart from every other read: twenty phones
    reading standings at once wait for each other, not a phone's seat or night view."""
    max_seasons: int = Field(200, ge=1)
    """Seasons this server holds at most (created or imported): a season's host deletes
    one to make room (`docs/seasons.md`)."""
    bench_echo: bool = False
    trace_path: Path | None = None
    """Append collector pauses, loop lag and writer batches to this JSON-lines file
    (`server.realtime.trace`; `prismatic bench --trace` sets it for its server)."""
    """Serve `/ws/echo`, the bench's baseline socket (`prismatic bench --spawn` sets it)."""
    cluster: bool = False
    """Run as one of several processes over one PostgreSQL (`serve --cluster` or
    `--workers N`): writes check the pod's stored revision, LISTEN/NOTIFY fans out."""
    group_commit: bool = True
    """Commit the picks of many pods in one transaction from the writer thread; `False`
    commits each pick's write on its own (still off the event loop), for comparison."""
    migrate_on_start: bool = True
    images: Literal["auto", "remote", "off", "local"] = "auto"
    """Card images on phones. `local`: only those cached on this laptop; `remote`: cached, else
    Scryfall's; `auto`: `remote` if the server reached the image host at start-up (a short
    probe), else `local`; `off`: text cards only. No phone asks the Internet unless remote."""
    scryfall_url: str = "https://api.scryfall.com"
    """Scryfall's API (card pages for `cards fetch`, images for `images fetch` and the probe);
    tests point it at a local stand-in."""
    scryfall_delay_seconds: float = Field(0.1, ge=0)
    """Pause between two requests to the API (Scryfall asks for 50-100 ms, at most 10/s)."""
    scryfall_retries: int = Field(4, ge=0, le=10)
    """Retries of a failed request (backoff 1, 2, 4, 8 s): a dropped connection is retried."""
    image_probe_timeout_seconds: float = Field(1.5, gt=0)
    card_text_on_start: bool = True
    """When the server starts with no rules text stored and Scryfall answers, download the
    rules text of every set in the background (images stay the host's choice), so the
    first night's phones show card text. Tests set `PRISMATIC_CARD_TEXT_ON_START=0`."""

    def extra_host_names(self) -> list[str]:
        return [name.strip() for name in self.allowed_hosts.split(",") if name.strip()]

    def rate_limit_exempt_addresses(self) -> list[str]:
        return [name.strip() for name in self.rate_limit_exempt.split(",") if name.strip()]

    def database_url(self) -> str:
        """The configured URL, or the default SQLite file in the data directory."""
        if self.db_url:
            return self.db_url
        return f"sqlite:///{(self.data_dir / 'prismatic.db').resolve()}"

    def base_url(self, lan_ip: str) -> str:
        """Where phones reach the server: `public_url`, else the LAN address and port."""
        if self.public_url:
            return self.public_url.rstrip("/")
        return f"http://{lan_ip}:{self.port}"
