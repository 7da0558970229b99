"""One phone's keep-alive HTTP/1.1 connection, just enough of HTTP to POST JSON.

Why not httpx: with 400 phones picking over HTTP, httpx's pool cost the bench client
~4.8 ms of CPU per pick, so the client saturated its core and the figures measured the
client, not the server. A phone's browser holds one keep-alive connection and sends a
small request on it; this does the same with asyncio streams.
"""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit


class HttpError(RuntimeError):
    """The server's answer could not be read as HTTP/1.1 with a Content-Length."""


class Http1Connection:
    """Requests go one at a time, in order, on one connection (reopened if the server
    closed it between requests)."""

    def __init__(self, base_url: str, timeout: float) -> None:
        parts = urlsplit(base_url)
        if parts.scheme != "http" or parts.hostname is None:
            raise ValueError(f"only plain http:// URLs are supported, not {base_url!r}")
        self.host, self.port = parts.hostname, parts.port or 80
        self.timeout = timeout
        self._streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def post_json(self, path: str, body: bytes, token: str) -> tuple[int, bytes]:
        """(status, body) of `POST path` with a JSON body and a bearer token."""
        head = (f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        for attempt in (1, 2):
            reader, writer = await self._open()
            try:
                writer.write(head + body)
                return await asyncio.wait_for(self._read_response(reader), self.timeout)
            except (ConnectionError, asyncio.IncompleteReadError) as error:
                await self.close()
                if attempt == 2:
                    raise HttpError(f"the connection failed twice: {error}") from error
        raise AssertionError("unreachable")

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self._streams is None or self._streams[1].is_closing():
            self._streams = await asyncio.wait_for(
                asyncio.open_connection(self.host, self.port), self.timeout)
        return self._streams

    async def _read_response(self, reader: asyncio.StreamReader) -> tuple[int, bytes]:
        status_line = await reader.readuntil(b"\r\n")
        parts = status_line.split(b" ", 2)
        if len(parts) < 2 or not parts[0].startswith(b"HTTP/1."):
            raise HttpError(f"not an HTTP/1.1 status line: {status_line!r}")
        length, close = None, False
        while (line := await reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.partition(b":")
            key = name.strip().lower()
            if key == b"content-length":
                length = int(value)
            elif key == b"transfer-encoding":
                raise HttpError("a chunked answer; the bench expects Content-Length")
            elif key == b"connection" and value.strip().lower() == b"close":
                close = True
        if length is None:
            raise HttpError("an answer without Content-Length")
        body = await reader.readexactly(length)
        if close:
            await self.close()
        return int(parts[1]), body

    async def close(self) -> None:
        if self._streams is not None:
            writer = self._streams[1]
            self._streams = None
            writer.close()
            with contextlib.suppress(ConnectionError):
                await writer.wait_closed()
