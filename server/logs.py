"""Logging hygiene: no token ever reaches a log line.

Why a filter: uvicorn logs every WebSocket handshake with its query string
(`"WebSocket /ws/pods/abc?token=…" [accepted]`), and the access log (when turned on) logs
request paths. Tokens are credentials, so the filter rewrites `token=<value>` and
`Bearer <value>` to `[redacted]` before any handler formats the record.
"""

from __future__ import annotations

import logging
import re

_SECRET = re.compile(r"((?:token|host_token|seat_token)=|Bearer\s+)[^\s&\"'#]+", re.IGNORECASE)
LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "fastapi", "server")


def redact(text: str) -> str:
    """`text` with every token value replaced by `[redacted]`."""
    return _SECRET.sub(r"\1[redacted]", text)


class RedactTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


def install_redaction(names: tuple[str, ...] = LOGGERS) -> None:
    """Attach the filter to the loggers that may see request lines (idempotent)."""
    for name in names:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
