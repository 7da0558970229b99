"""Restoring what can be restored: one pod whose stored log no longer replays is set aside,
logged and shown on the start page as "could not be restored"; every other pod starts.
And a runtime that `prismatic serve` already restored is not replayed a second time."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from server.app import build_runtime, create_app
from server.core.settings import Settings
from server.db.migrate import upgrade_to_head
from server.services.night.restore import restore_pods
from tests.server.support.builders import join, me, new_pod, start, take_first


def corrupt_pick_log(db_url: str, pod_id: str) -> None:
    """The pod's first stored pick now names a card no pack ever held."""
    engine = sa.create_engine(db_url)
    with engine.begin() as connection:
        connection.execute(sa.text(
            "UPDATE pick SET cards = '[987654321]' WHERE pod_id = :p AND seq = 1"),
            {"p": pod_id})
    engine.dispose()


def test_a_pod_whose_log_no_longer_replays_is_set_aside(
    make_settings: Callable[..., Settings], app_client: Any, db_url: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        broken, healthy = new_pod(client, seats=2, seed=3), new_pod(client, seats=2, seed=4)
        ann, bob = join(client, broken, "Ann"), join(client, healthy, "Bob")
        start(client, broken), start(client, healthy)
        assert take_first(client, ann).status_code == 200
        assert take_first(client, bob).status_code == 200
        bob_before = me(client, bob)
    corrupt_pick_log(db_url, broken.pod_id)
    with caplog.at_level(logging.ERROR, "server.services.night.restore"), \
            app_client(settings) as client:
        bob_after = me(client, bob)
        assert client.get(broken.url("/host"), headers=broken.host).status_code == 404
        page = client.get("/?lang=en").text
        pages = {lang: client.get(f"/?lang={lang}").text for lang in ("ru", "it")}
    bob_before.pop("version"), bob_after.pop("version")
    assert bob_after == bob_before
    assert f"Pod {broken.pod_id} (CMR): could not be restored" in page
    assert healthy.pod_id not in page
    assert "не удалось восстановить" in pages["ru"]
    assert "non è stato possibile ripristinare" in pages["it"]
    assert any(broken.pod_id in r.getMessage() and "set aside" in r.getMessage()
               for r in caplog.records)


def test_the_start_page_lists_nothing_when_every_pod_was_restored(client: TestClient) -> None:
    assert 'id="unrestored"' not in client.get("/").text


def test_a_runtime_restored_before_the_app_starts_is_not_replayed_again(
    make_settings: Callable[..., Settings], app_client: Any
) -> None:
    """`prismatic serve` restores to print the links, then starts the app on that runtime."""
    settings = make_settings()
    with app_client(settings) as client:
        pod = new_pod(client, seats=2, seed=5)
        join(client, pod, "Ann")
        start(client, pod)
    runtime = build_runtime(settings)
    upgrade_to_head(runtime.engine)
    restored = restore_pods(runtime)
    with TestClient(create_app(settings, runtime)) as client:
        assert client.get(pod.url("/host"), headers=pod.host).status_code == 200
        assert runtime.registry.all() == restored
        assert runtime.registry.get(pod.pod_id) is restored[0]


def test_a_pod_with_an_unknown_stored_phase_is_set_aside(
    make_settings: Callable[..., Settings], app_client: Any, db_url: str
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        pod = new_pod(client, seats=2, seed=6)
    engine = sa.create_engine(db_url)
    with engine.begin() as connection:
        connection.execute(sa.text("UPDATE pod SET phase = 'warming' WHERE id = :p"),
                           {"p": pod.pod_id})
    engine.dispose()
    with app_client(settings) as client:
        assert client.get(pod.url("/host"), headers=pod.host).status_code == 404
        lost = client.app.state.runtime.unrestored  # type: ignore[attr-defined]
    assert [(u.pod_id, u.reason) for u in lost] == [
        (pod.pod_id, "ValueError: unknown pod phase 'warming'")]
