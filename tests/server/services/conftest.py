"""Fixtures the service tests share: a pod whose draft is over."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.server.support.builders import (
    PodHandle,
    SeatHandle,
    draft_until_done,
    join,
    new_pod,
    start,
)


@pytest.fixture
def built(client: TestClient) -> tuple[PodHandle, list[SeatHandle]]:
    """A 3-seat pod of three people whose draft has finished."""
    pod = new_pod(client, seats=3, seed=9)
    seats = [join(client, pod, name) for name in ("Ann", "Bob", "Cid")]
    start(client, pod)
    draft_until_done(client, seats)
    return pod, seats
