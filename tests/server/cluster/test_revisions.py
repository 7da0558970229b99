"""The revision rule inside one batch of picks (several processes over PostgreSQL).

Rule: a write finds its pod at the revision it expects, moves it one on, and its picks are
stored; a write that finds another revision (another process wrote first) stores nothing,
nor does any write queued on top of it, and the caller hears "try again" while the pod is
caught up. The batch's writes of other pods commit all the same.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from types import SimpleNamespace

import pytest
import sqlalchemy as sa
from sqlmodel import Session

from server.cluster.revisions import Revisions
from server.core.errors import StaleError
from server.db import cluster_repo
from server.db.migrate import upgrade_to_head
from server.db.writer import GroupWriter, Write


@pytest.fixture
def engine(postgres_url: str) -> Iterator[sa.Engine]:
    engine = sa.create_engine(postgres_url)
    with engine.begin() as connection:
        connection.execute(sa.text("DROP SCHEMA public CASCADE"))
        connection.execute(sa.text("CREATE SCHEMA public"))
    upgrade_to_head(engine)
    with engine.begin() as connection:
        for pod in ("a", "b"):
            connection.execute(sa.text(
                "INSERT INTO pod (id, set_code, seats, bots_allowed, seed, host_token_hash,"
                " phase, paused, version, created_at, updated_at) VALUES (:id, 'CMR', 8, true,"
                " 1, 'h', 'drafting', false, 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"),
                {"id": pod})
    yield engine
    with engine.begin() as connection:  # leave this worker's database as it was found:
        connection.execute(sa.text("DROP SCHEMA public CASCADE"))  # these pods have no
        connection.execute(sa.text("CREATE SCHEMA public"))  # players, which no server writes
    engine.dispose()


def live_pod(pod_id: str, phase: str = "drafting") -> SimpleNamespace:
    """What the rule reads of a live pod: its id, the revision memory holds, and what
    picks its notices' channel (a pod of its own, no pick timers)."""
    return SimpleNamespace(id=pod_id, night=SimpleNamespace(revision=0, phase=phase),
                           setup=SimpleNamespace(event_id=None, timer_seconds=None))


def stored(engine: sa.Engine) -> tuple[dict[str, int], list[tuple[str, int]]]:
    with engine.connect() as connection:
        revisions = dict(connection.execute(sa.text("SELECT id, revision FROM pod")).all())
        picks = connection.execute(sa.text("SELECT pod_id, seq FROM pick ORDER BY pod_id, seq"))
        return revisions, [tuple(row) for row in picks]  # type: ignore[misc]


def test_a_stale_write_and_the_writes_on_top_of_it_store_nothing_and_ask_to_try_again(
    engine: sa.Engine,
) -> None:
    a, b = live_pod("a"), live_pod("b")
    behind: list[str] = []
    revisions = Revisions(behind=behind.append)
    outcomes: list[str] = []

    def pick(writer: GroupWriter, pod: SimpleNamespace, seq: int) -> asyncio.Future[None]:
        return revisions.submit(writer, pod, Write(  # type: ignore[arg-type]
            stage=None, committed=lambda: outcomes.append(f"{pod.id}{seq} live"),
            failed=lambda: outcomes.append(f"{pod.id}{seq} failed"),
            picks=(pod.id, [(seq, 0, (seq, seq + 100), False)])))

    async def night() -> list[BaseException | None]:
        writer = GroupWriter(lambda: Session(engine), lock_rows=cluster_repo.lock_rows)
        await pick(writer, a, 1)
        with engine.begin() as connection:  # another process moves pod a on meanwhile
            connection.execute(sa.text("UPDATE pod SET revision = 7 WHERE id = 'a'"))
        results = await asyncio.gather(pick(writer, a, 2), pick(writer, a, 3),
                                       pick(writer, b, 1), return_exceptions=True)
        await writer.close()
        return list(results)  # type: ignore[arg-type]

    results = asyncio.run(night())

    assert [type(result) for result in results] == [StaleError, StaleError, type(None)]
    assert stored(engine) == ({"a": 7, "b": 1}, [("a", 1), ("b", 1)])
    assert a.night.revision == 1 and b.night.revision == 1
    assert outcomes == ["a1 live", "a2 failed", "a3 failed", "b1 live"]
    assert behind and set(behind) == {"a"}


def announced(engine: sa.Engine, pod: SimpleNamespace, channels: list[str]) -> list[str]:
    """The notices heard on `channels` while two picks of `pod` commit."""
    heard: list[str] = []

    async def night() -> None:
        writer = GroupWriter(lambda: Session(engine), lock_rows=cluster_repo.lock_rows)
        revisions = Revisions(behind=lambda _pod: None)
        with engine.connect() as listener:
            for channel in channels:
                listener.execute(sa.text(f'LISTEN "{channel}"'))
            listener.commit()
            await asyncio.gather(*(revisions.submit(writer, pod, Write(  # type: ignore[arg-type]
                stage=None, committed=lambda: None, failed=lambda: None,
                picks=(pod.id, [(seq, 0, (seq,), False)]))) for seq in (1, 2)))
            await writer.close()
            driver = listener.connection.driver_connection
            assert driver is not None
            heard.extend(f"{notice.channel} {notice.payload}"
                         for notice in driver.notifies(timeout=1, stop_after=2))

    asyncio.run(night())
    return heard


def test_a_drafting_pods_bumps_are_announced_on_its_own_channel(engine: sa.Engine) -> None:
    """Other processes catch up on `NOTIFY "prismatic.<pod>", '<pod>:<revision>:<origin>'`,
    sent on commit, one for each revision a batch moved; only the processes that serve
    the pod listen there, the shared channel hears nothing of it."""
    heard = announced(engine, live_pod("b"), [cluster_repo.CHANNEL, "prismatic.b"])

    assert heard == [f"prismatic.b b:1:{cluster_repo.ORIGIN}",
                     f"prismatic.b b:2:{cluster_repo.ORIGIN}"]


def test_a_pod_in_its_lobby_is_announced_to_every_process(engine: sa.Engine) -> None:
    """Any process may list a lobby to a phone, so its changes go to the shared channel."""
    heard = announced(engine, live_pod("a", phase="lobby"), [cluster_repo.CHANNEL, "prismatic.a"])

    assert heard == [f"prismatic a:1:{cluster_repo.ORIGIN}", f"prismatic a:2:{cluster_repo.ORIGIN}"]
