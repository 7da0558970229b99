"""The settings every in-process test app runs with (`make_settings` in
tests/server/conftest.py), in one place so a fixture of a wider scope builds the same."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server.core.settings import Settings


def app_settings(db_url: str, data_dir: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "db_url": db_url,
        "data_dir": data_dir,
        "public_url": "http://prismatic.test",
        "allowed_hosts": "testserver",  # TestClient's own Host
        "rate_limit_exempt": "testclient",  # its peer; tests/server/edge/test_rate_limits.py
        "min_pick_timer_seconds": 1,
        "timer_tick_seconds": 0.05,
        "images": "local",  # no test asks the real image host
    }
    values.update(overrides)
    return Settings(**values)
