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


def test_picks_queued_while_a_lost_race_unwinds_are_all_told_to_try_again_not_busy(
    engine: sa.Engine,
) -> None:
    """Picks keep coming while a lost race unwinds: every one of them was built on a
    stale pod, so each hears `StaleError` (the caller catches up and picks again, the
    phone sees `ack` or `stale_pick`), never the writer's "an earlier pick of this pod
    was not stored" (`db_busy`), which a phone shows as "the server is busy".

    The pipeline's rule is modelled as `server.services.night.drafting.queue_step` keeps
    it: a write is valid while its epoch is current, and the first failure of an epoch
    starts the next. The interleaving is forced through the writes' own callbacks, which
    run on the loop in the order the writer settles them: W3 and W4 are queued after W1
    lost its race but before the writer takes the next batch (which voids W2), and W5
    while that batch is with the writer thread."""
    a = live_pod("a")
    revisions = Revisions(behind=lambda _pod: None)
    epoch = [0]
    futures: dict[str, asyncio.Future[None]] = {}

    def pick(writer: GroupWriter, name: str, seq: int,
             then: list[tuple[str, int]] | None = None) -> None:
        mine = epoch[0]
        loop = asyncio.get_running_loop()

        def failed() -> None:
            if epoch[0] == mine:
                epoch[0] += 1
            for later, later_seq in then or []:  # picks arriving meanwhile
                loop.call_soon(pick, writer, later, later_seq)

        futures[name] = revisions.submit(writer, a, Write(  # type: ignore[arg-type]
            stage=None, committed=lambda: None, failed=failed,
            valid=lambda: epoch[0] == mine,
            picks=("a", [(seq, 0, (seq, seq + 100), False)])))

    async def night() -> dict[str, type[BaseException] | None]:
        writer = GroupWriter(lambda: Session(engine), lock_rows=cluster_repo.lock_rows)
        with engine.begin() as connection:  # another process moved pod a on first
            connection.execute(sa.text("UPDATE pod SET revision = 7 WHERE id = 'a'"))
        pick(writer, "W1", 1, then=[("W3", 1), ("W4", 2)])
        await asyncio.sleep(0)  # W1's batch is with the writer thread
        pick(writer, "W2", 2, then=[("W5", 3)])
        while len(futures) < 5 or not all(f.done() for f in futures.values()):
            await asyncio.sleep(0.01)
        await writer.close()
        return {name: None if f.exception() is None else type(f.exception())
                for name, f in sorted(futures.items())}

    outcomes = asyncio.run(night())

    assert outcomes == dict.fromkeys(("W1", "W2", "W3", "W4", "W5"), StaleError)
    assert stored(engine) == ({"a": 7, "b": 0}, [])
