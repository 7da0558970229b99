"""A season's moments are spelled in UTC to the second; a moment stored without its zone
(SQLite gives them back so) was stored as UTC."""

from __future__ import annotations

from datetime import UTC, datetime

from server.protocol.moments import iso_utc


def test_a_moment_without_its_zone_is_read_as_utc() -> None:
    assert iso_utc(datetime(2026, 12, 4, 19, 0, 5, 999)) == "2026-12-04T19:00:05+00:00"
    assert iso_utc(datetime(2026, 12, 4, 19, 0, 5, tzinfo=UTC)) == "2026-12-04T19:00:05+00:00"
