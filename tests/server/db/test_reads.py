"""`read` runs a query off the event loop, in a session of its own that it closes."""

from __future__ import annotations

import asyncio
import threading

import sqlalchemy as sa
from sqlmodel import Session

from server.db.reads import InFlightReads, PoolReads, read


def test_a_read_runs_in_a_worker_thread_with_its_own_session() -> None:
    engine = sa.create_engine("sqlite://")
    opened: list[Session] = []

    def factory() -> Session:
        opened.append(Session(engine))
        return opened[-1]

    def query(session: Session) -> tuple[int, str, bool]:
        try:
            asyncio.get_running_loop()
            on_a_loop = True
        except RuntimeError:
            on_a_loop = False
        value = int(session.connection().execute(sa.text("SELECT 7")).scalar_one())
        return value, threading.current_thread().name, on_a_loop

    async def scenario() -> tuple[int, str, bool]:
        return await read(factory, query)

    value, thread, on_a_loop = asyncio.run(scenario())
    assert value == 7
    assert thread != threading.main_thread().name and not on_a_loop
    assert len(opened) == 1 and not opened[0].in_transaction()


def test_a_read_whose_caller_is_cancelled_runs_to_its_end_and_shutdown_waits_for_it() -> None:
    """A loop cancelled at shutdown must not leave its query's session open past the
    engine's disposal (it was dropped still open: a ResourceWarning in a later test)."""
    engine = sa.create_engine("sqlite://")
    opened: list[Session] = []
    started, release = threading.Event(), threading.Event()

    def factory() -> Session:
        opened.append(Session(engine))
        return opened[-1]

    def query(session: Session) -> int:
        session.connection().execute(sa.text("SELECT 1"))
        started.set()
        assert release.wait(10), "the test never released the read"
        return 1

    async def scenario() -> tuple[bool, bool, bool]:
        reads = InFlightReads()
        caller = asyncio.create_task(reads.read(factory, query))
        assert await asyncio.to_thread(started.wait, 10)
        caller.cancel()
        await asyncio.gather(caller, return_exceptions=True)
        settling = asyncio.create_task(reads.settle())
        await asyncio.sleep(0)
        settled_while_running = settling.done()
        release.set()
        await asyncio.wait_for(settling, 10)
        return caller.cancelled(), settled_while_running, opened[0].in_transaction()

    cancelled, settled_while_running, still_open = asyncio.run(scenario())
    assert cancelled and not settled_while_running and not still_open


def test_slow_side_reads_queue_in_their_own_pool_and_leave_the_phones_reads_free() -> None:
    """Twenty standings reads stuck at once hold at most their pool's threads, and a
    phone's read (the default pool) still answers while every one of them waits."""
    engine = sa.create_engine("sqlite://")
    release = threading.Event()
    running: set[str] = set()
    most_at_once = 0
    lock = threading.Lock()

    def stuck(session: Session) -> int:
        nonlocal most_at_once
        with lock:
            running.add(threading.current_thread().name)
            most_at_once = max(most_at_once, len(running))
        assert release.wait(10), "the test never released the side reads"
        with lock:
            running.discard(threading.current_thread().name)
        return 1

    def phone(session: Session) -> int:
        return int(session.connection().execute(sa.text("SELECT 2")).scalar_one())

    async def scenario() -> tuple[int, bool, int]:
        side = PoolReads(lambda: Session(engine), threads=2)
        try:
            stuck_reads = [asyncio.create_task(side.read(stuck)) for _ in range(20)]
            answer = await asyncio.wait_for(read(lambda: Session(engine), phone), 10)
            none_done = not any(task.done() for task in stuck_reads)
            release.set()
            results = await asyncio.gather(*stuck_reads)
            return answer, none_done, sum(results)
        finally:
            release.set()
            side.close()

    answer, none_done, finished = asyncio.run(scenario())
    assert answer == 2 and none_done and finished == 20
    assert most_at_once == 2
