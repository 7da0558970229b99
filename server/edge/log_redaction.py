"""Keep tokens out of logs.

Why: uvicorn logs each WebSocket handshake with its query string, and the socket token
travels as `?token=`. A filter on uvicorn's loggers masks it before any handler sees it.
"""

from __future__ import annotations

import logging
import re

_TOKEN = re.compile(r"(token=)[^&\s\"']+", re.IGNORECASE)
LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access")


def redact(text: str) -> str:
    return _TOKEN.sub(r"\1***", text)


class RedactTokens(logging.Filter):
    """Rewrites a record's message with every `token=` value masked."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


def install_token_redaction() -> None:
    """Attach the filter once to uvicorn's loggers (idempotent)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
