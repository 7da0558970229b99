"""Connections that cannot pile up: uvicorn's HTTP protocol with a header deadline, a
body deadline, a header size cap and a per-client connection cap; and the open-file limit
raised at start where the system has one to raise (`resource` is POSIX only: Windows has
neither).

Why in the protocol and not in ASGI middleware: the app sees a request only once its
headers are complete, so a client that sends half a request line (or nothing) and waits,
or sends a header of 64 MB, never reaches it. uvicorn closes idle keep-alive connections
(`timeout_keep_alive`) but not a fresh one that has not finished its first request, and its
httptools parser has no header size limit (h11's `h11_max_incomplete_event_size` only
applies to the h11 parser, which is slower). So the protocol itself keeps:

- a deadline from a request's first byte (or the connection's opening) to the end of its
  headers: past it, 408 and close;
- a deadline from the end of a request's headers to the end of its body: past it, 408
  (if no answer has begun) and close, so a body sent one byte at a time cannot hold a
  connection and its buffer;
- a cap on the bytes of one request's head (request line and headers), however the head
  is split into reads (counted as it arrives, and again as the parser hands it over, for a
  head that came whole in one read): past it, 431 and close;
- at most `max_connections_per_client` open connections per client address (sockets
  included, the host's laptop exempt): a connection past it is closed at once.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from server.core.settings import Settings

STATUS_TIMEOUT = b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
STATUS_TOO_LARGE = (b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n"
                    b"connection: close\r\n\r\n")


class HeadTooLarge(Exception):
    """Raised from a parser callback to stop parsing a head past the cap (already refused)."""


class ClientConnections:
    """Open transports by client address (closed ones are dropped when next counted).

    Why transports and not a counter: a connection upgraded to a WebSocket is handed to
    another protocol object, so this one never hears it close; the transport, which both
    share, says whether it is still open."""

    def __init__(self, limit: int, exempt: frozenset[str]) -> None:
        self.limit, self.exempt = limit, exempt
        self._open: dict[str, set[asyncio.BaseTransport]] = {}

    def admit(self, client: str, transport: asyncio.BaseTransport) -> bool:
        if client in self.exempt:
            return True
        held = self._open.setdefault(client, set())
        for stale in [t for t in held if t.is_closing()]:
            held.discard(stale)
        if len(held) >= self.limit:
            return False
        held.add(transport)
        return True

    def release(self, client: str, transport: asyncio.BaseTransport) -> None:
        held = self._open.get(client)
        if held is not None:
            held.discard(transport)
            if not held:
                del self._open[client]


def guarded_protocol(settings: Settings) -> type[HttpToolsProtocol]:
    """uvicorn's httptools protocol with this server's connection limits (`Config(http=…)`)."""
    clients = ClientConnections(settings.max_connections_per_client,
                                frozenset(settings.rate_limit_exempt_addresses()))

    class GuardedHttp(HttpToolsProtocol):
        header_timeout = settings.header_timeout_seconds
        body_timeout = settings.body_timeout_seconds
        max_head_bytes = settings.max_header_bytes

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._awaiting_head = True
            self._head_bytes = 0
            """Bytes received since the request began, while its head is incomplete."""
            self._parsed_head_bytes = 0
            """The head's bytes as the parser hands them over (a head read in one piece)."""
            self._refused = False
            self._deadline: asyncio.TimerHandle | None = None
            self._body_deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if self.client is not None and not clients.admit(self.client[0], transport):
                transport.abort()
                return
            self._start_deadline()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_deadline()
            self._stop_body_deadline()
            if self.client is not None:
                clients.release(self.client[0], self.transport)
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._refused:
                return
            if self._awaiting_head:
                self._head_bytes += len(data)
            super().data_received(data)
            if (self._awaiting_head and self._head_bytes > self.max_head_bytes
                    and not self.transport.is_closing()):
                self._refuse(STATUS_TOO_LARGE)

        def send_400_response(self, msg: str) -> None:
            if not self._refused:  # a refusal stops the parser with an error: no 400 after it
                super().send_400_response(msg)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._awaiting_head, self._head_bytes, self._parsed_head_bytes = True, 0, 0
            self._start_deadline()

        def on_url(self, url: bytes) -> None:
            self._count_head(len(url))
            super().on_url(url)

        def on_header(self, name: bytes, value: bytes) -> None:
            self._count_head(len(name) + len(value) + 4)  # ": " and CRLF
            super().on_header(name, value)

        def on_headers_complete(self) -> None:
            self._awaiting_head = False
            self._stop_deadline()
            super().on_headers_complete()
            if not self.parser.should_upgrade():  # a socket's life is not a body
                self._start_body_deadline()

        def on_message_complete(self) -> None:
            self._stop_body_deadline()
            super().on_message_complete()

        def _count_head(self, size: int) -> None:
            """Refuse a head past the cap, and stop the parser before it dispatches it."""
            self._parsed_head_bytes += size
            if self._parsed_head_bytes > self.max_head_bytes and not self._refused:
                self._refuse(STATUS_TOO_LARGE)
            if self._refused:
                raise HeadTooLarge

        def _start_deadline(self) -> None:
            self._stop_deadline()
            self._deadline = self.loop.call_later(self.header_timeout, self._too_slow)

        def _stop_deadline(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _start_body_deadline(self) -> None:
            self._stop_body_deadline()
            self._body_deadline = self.loop.call_later(self.body_timeout, self._body_too_slow)

        def _stop_body_deadline(self) -> None:
            if self._body_deadline is not None:
                self._body_deadline.cancel()
                self._body_deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if self._awaiting_head and not self.transport.is_closing():
                self._refuse(STATUS_TIMEOUT)

        def _body_too_slow(self) -> None:
            """The body did not end in time: answer 408 unless the app already began its
            answer, and close (the app's `receive` then reads a disconnect)."""
            self._body_deadline = None
            if self.transport.is_closing():
                return
            if self.cycle is not None and self.cycle.response_started:
                self._refused = True
                self.transport.close()
            else:
                self._refuse(STATUS_TIMEOUT)

        def _refuse(self, status_line: bytes) -> None:
            self._refused = True
            self._stop_deadline()
            self._stop_body_deadline()
            self.transport.write(status_line)
            self.transport.close()

    return GuardedHttp


def raise_open_file_limit() -> int | None:
    """Raise the soft open-file limit to the hard one (a laptop's default is often 256,
    which a few hundred phones and sockets exhaust); returns the soft limit now in force,
    or `None` on a system without the limit (Windows: no `resource`, no such limit)."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft == resource.RLIM_INFINITY or soft >= target:
        return soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ValueError, OSError):  # macOS caps the soft limit below an "unlimited" hard one
        target = min(target, 10240)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):
            return soft
    return target
