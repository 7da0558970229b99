"""View details that phones rely on."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from server.db.repo import as_utc
from server.views import iso


def test_deadlines_are_sent_in_utc_whatever_zone_the_database_used() -> None:
    paris = timezone(timedelta(hours=1))
    moment = datetime(2026, 11, 29, 21, 15, 3, tzinfo=paris)
    assert iso(moment) == "2026-11-29T20:15:03Z"
    assert as_utc(moment) == datetime(2026, 11, 29, 20, 15, 3, tzinfo=UTC)
    assert as_utc(datetime(2026, 11, 29, 20, 15, 3)) == datetime(2026, 11, 29, 20, 15, 3,
                                                                 tzinfo=UTC)
