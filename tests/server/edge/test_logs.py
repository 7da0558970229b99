"""Tokens are masked in log lines."""

from __future__ import annotations

from server.edge.log_redaction import redact


def test_a_token_in_a_query_string_is_masked() -> None:
    line = '127.0.0.1:5 - "WebSocket /ws/pods/abc?token=SECRET-x_1" [accepted]'
    assert redact(line) == '127.0.0.1:5 - "WebSocket /ws/pods/abc?token=***" [accepted]'
