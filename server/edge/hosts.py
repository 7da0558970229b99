"""Only the server's own names reach it: the `Host` check and the `Origin` check.

Why: a web page the host opens on the laptop can make its own name resolve to 127.0.0.1
(DNS rebinding); the browser then treats the server as that page's origin and lets it
create pods, fill lobbies and open sockets. That page cannot change the name the browser
sends as `Host`, so a request whose `Host` is not one of the server's names — loopback,
the laptop's interface addresses (the LAN address `serve` prints is one),
`PRISMATIC_PUBLIC_URL` and `PRISMATIC_ALLOWED_HOSTS` — is refused before any route runs.

A WebSocket handshake and a form post are not held back by the same-origin policy, so a
browser's `Origin` must also be the server itself (the same host and port as `Host`, or
`PRISMATIC_PUBLIC_URL`): checked on every socket and on every request that can change
something. Clients that are not browsers (the bench, scripts) send no `Origin`.

Each refused name is logged, at most once a minute per name: a phone that reaches the
laptop under a name the server does not know (a `.local` name, another interface's
address) is refused too, and the log line tells the host which setting lets it in.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from server.core.settings import Settings
from server.edge import lan
from server.edge.refusals import send_refusal

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
WS_POLICY_VIOLATION = 1008
LOG_EVERY_SECONDS = 60.0
REMEMBERED_NAMES = 256
"""Refused names whose last log line is remembered; past that, new ones go unlogged until
a minute has passed (a client sending random names cannot grow memory or flood the log)."""

log = logging.getLogger(__name__)


def host_name(netloc: str) -> str:
    """`Host`'s name without its port, lower-cased; `[::1]:80` → `::1`."""
    netloc = netloc.strip().lower()
    if netloc.startswith("["):
        return netloc[1:].partition("]")[0]
    if netloc.count(":") == 1:
        return netloc.partition(":")[0]
    return netloc.rstrip(".")


def allowed_names(settings: Settings) -> frozenset[str]:
    """Every name this server answers to (read once, when the app is made)."""
    names = set(LOOPBACK_NAMES)
    names.update(lan.interface_addresses())
    if settings.host not in ("0.0.0.0", "::", ""):
        names.add(host_name(settings.host))
    if settings.public_url:
        names.add(host_name(urlsplit(settings.public_url).netloc))
    names.update(host_name(name) for name in settings.extra_host_names())
    names.discard("")
    return frozenset(names)


class RefusalLog:
    """Logs a refused `Host` or `Origin` at most once a minute per value, naming the
    setting that would let it in."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._last: dict[tuple[str, str], float] = {}

    def refused(self, kind: str, value: str, client: str) -> None:
        now, key = self.clock(), (kind, value[:200])
        last = self._last.get(key)
        if last is not None and now - last < LOG_EVERY_SECONDS:
            return
        if last is None and len(self._last) >= REMEMBERED_NAMES:
            self._last = {k: t for k, t in self._last.items() if now - t < LOG_EVERY_SECONDS}
            if len(self._last) >= REMEMBERED_NAMES:
                return
        self._last[key] = now
        if kind == "Host":
            log.warning("Refused Host %r from %s: not a name of this server. If phones reach "
                        "the laptop by that name, add it to PRISMATIC_ALLOWED_HOSTS "
                        "(comma-separated) and restart.", host_name(key[1]), client)
        else:
            log.warning("Refused Origin %r from %s: not this server's own page. If phones "
                        "reach the server through that address (a proxy), set "
                        "PRISMATIC_PUBLIC_URL to it and restart.", key[1], client)


class HostGuard:
    """ASGI middleware: 400 `bad_host` for a foreign `Host`, 403 `bad_origin` (or a
    refused handshake) for a foreign `Origin`."""

    def __init__(self, app: ASGIApp, settings: Settings,
                 refusals: RefusalLog | None = None) -> None:
        self.app = app
        self.refusals = refusals or RefusalLog()
        self.names = allowed_names(settings)
        public = urlsplit(settings.public_url or "")
        self.public_origin = f"{public.scheme}://{public.netloc}".lower() if public.netloc else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers", ()))
        host = headers.get(b"host", b"").decode("latin-1")
        origin = headers.get(b"origin")
        client = (scope.get("client") or ("?",))[0]
        if host_name(host) not in self.names:
            self.refusals.refused("Host", host, client)
            await _refuse(scope, send, 400, "bad_host",
                          "This server does not answer to that name.")
            return
        check_origin = kind == "websocket" or scope.get("method") not in SAFE_METHODS
        if check_origin and origin is not None and not self._own_origin(origin, host):
            self.refusals.refused("Origin", origin.decode("latin-1"), client)
            await _refuse(scope, send, 403, "bad_origin",
                          "Requests from other sites are not accepted.")
            return
        await self.app(scope, receive, send)

    def _own_origin(self, origin: bytes, host: str) -> bool:
        text = origin.decode("latin-1").strip().lower()
        if text == self.public_origin:
            return True
        parts = urlsplit(text)
        return parts.scheme in ("http", "https") and parts.netloc == host.strip().lower()


async def _refuse(scope: Scope, send: Send, status: int, code: str, message: str) -> None:
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": WS_POLICY_VIOLATION, "reason": code})
        return
    await send_refusal(scope, send, status, code, message)
