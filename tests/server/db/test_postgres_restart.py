"""PostgreSQL restarting under a running night: every connection the server holds is cut
(what a restart of the database server does to its clients), and the night goes on.

Rule: a pick sent while the connections are dead is either stored or refused with "try
again" (503 `db_busy`), never half stored; the retry succeeds without restarting our
server, and memory still equals the replay of the stored log.

Why `pg_terminate_backend` and not a real restart: the PostgreSQL server is shared with
other test sessions; terminating the backends of this session's database is exactly what
its clients see of a restart, and touches nobody else.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
import sqlalchemy as sa

from tests.server.db.test_db_faults import assert_memory_is_the_replay, pick_body, started_pod
from tests.server.support.builders import me
from tests.server.support.live import LiveServer


def cut_every_connection(db_url: str) -> int:
    """Terminate every other backend of the database; returns how many there were."""
    engine = sa.create_engine(db_url)
    try:
        with engine.connect() as connection:
            return len(connection.execute(sa.text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()")).all())
    finally:
        engine.dispose()


@pytest.mark.slow
@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_picks_go_on_after_postgresql_cut_every_connection(
    live_server: Callable[..., LiveServer], db_url: str
) -> None:
    server = live_server()
    with server.client() as client:
        pod, ann = started_pod(client)
        for _ in range(2):
            assert client.post(pod.url("/picks"), headers=ann.auth,
                               json=pick_body(me(client, ann))).status_code == 200
        assert cut_every_connection(db_url) >= 1
        view = me(client, ann)
        first = client.post(pod.url("/picks"), headers=ann.auth, json=pick_body(view))
        assert first.status_code in (200, 503), first.text
        if first.status_code == 503:
            assert first.json()["error"]["code"] == "db_busy"
            retried = client.post(pod.url("/picks"), headers=ann.auth, json=pick_body(view))
            assert retried.status_code == 200, retried.text
        assert assert_memory_is_the_replay(client, db_url, pod, ann)["pick"] == 4
        assert client.post(pod.url("/picks"), headers=ann.auth,
                           json=pick_body(me(client, ann))).status_code == 200
        assert assert_memory_is_the_replay(client, db_url, pod, ann)["pick"] == 5
