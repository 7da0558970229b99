"""Group commit: queued writes share one transaction, go live after it in order, and a
failed transaction fails every write in it and stores none of them ("try again"); a
refusable write's refusal fails that write alone."""

from __future__ import annotations

import asyncio

import pytest
import sqlalchemy as sa
from sqlmodel import Session

from server.core.errors import BusyError, ConflictError
from server.db import repo
from server.db.writer import GroupWriter, Rows, Write


def insert_pod(pod_id: str) -> Write:
    def stage(session: Session) -> None:
        session.connection().execute(sa.text(
            "INSERT INTO pod (id, set_code, seats, bots_allowed, seed, host_token_hash, phase,"
            " paused, version, created_at, updated_at) VALUES (:id, 'CMR', 8, true, 1, 'h',"
            " 'lobby', false, 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"), {"id": pod_id})
    return Write(stage=stage, committed=lambda: None, failed=lambda: None)


def stored(engine: sa.Engine) -> list[str]:
    with engine.connect() as connection:
        return [row[0] for row in connection.execute(sa.text("SELECT id FROM pod ORDER BY id"))]


def test_writes_queued_together_share_one_commit_and_go_live_after_it_in_order(
    engine: sa.Engine,
) -> None:
    seen: list[tuple[str, int]] = []
    names = [f"p{i:02}" for i in range(50)]

    def write(name: str) -> Write:
        w = insert_pod(name)
        w.committed = lambda: seen.append((name, len(stored(engine))))
        return w

    async def scenario() -> GroupWriter:
        writer = GroupWriter(lambda: Session(engine))
        await asyncio.gather(*(writer.submit(write(name)) for name in names))
        await writer.close()
        return writer

    writer = asyncio.run(scenario())
    assert writer.batches == 1 and writer.writes == 50
    assert [name for name, _ in seen] == names
    assert all(count == 50 for _, count in seen)  # every write was durable before going live


def test_a_failed_commit_fails_every_write_in_it_and_stores_none(engine: sa.Engine) -> None:
    failed: list[str] = []

    def write(name: str) -> Write:
        w = insert_pod(name)
        w.failed = lambda: failed.append(name)
        w.committed = lambda: pytest.fail("nothing of a failed batch may go live")
        return w

    async def scenario() -> list[BaseException | None]:
        writer = GroupWriter(lambda: Session(engine))
        results = await asyncio.gather(*(writer.submit(write(n)) for n in ("a", "b", "a")),
                                       return_exceptions=True)
        await writer.close()
        return list(results)  # type: ignore[arg-type]

    results = asyncio.run(scenario())
    assert all(isinstance(r, BusyError) and r.code == "db_busy" for r in results)
    assert failed == ["a", "b", "a"]
    assert stored(engine) == []


def test_a_write_voided_while_queued_is_failed_without_writing(engine: sa.Engine) -> None:
    async def scenario() -> list[BaseException | None]:
        writer = GroupWriter(lambda: Session(engine))
        void = insert_pod("void")
        void.valid = lambda: False
        results = await asyncio.gather(writer.submit(void), writer.submit(insert_pod("kept")),
                                       return_exceptions=True)
        await writer.close()
        return list(results)  # type: ignore[arg-type]

    first, second = asyncio.run(scenario())
    assert isinstance(first, BusyError) and second is None
    assert stored(engine) == ["kept"]


def test_without_group_commit_each_write_is_its_own_transaction(
    engine: sa.Engine,
) -> None:
    async def scenario() -> GroupWriter:
        writer = GroupWriter(lambda: Session(engine), max_batch=1)
        await asyncio.gather(*(writer.submit(insert_pod(f"p{i}")) for i in range(5)))
        await writer.close()
        return writer

    assert asyncio.run(scenario()).batches == 5
    assert len(stored(engine)) == 5


def pick_log(engine: sa.Engine) -> list[tuple[str, int, int, str]]:
    with engine.connect() as connection:
        return [tuple(row) for row in connection.execute(sa.text(  # type: ignore[misc]
            "SELECT pod_id, seq, seat, cards FROM pick ORDER BY pod_id, seq"))]


def test_the_picks_of_a_batch_are_one_statement_after_every_stage(engine: sa.Engine) -> None:
    """A pod created in the same batch as its first picks: the picks' rows come after the
    stages (the pod row exists), and all picks of the batch are one INSERT."""
    inserts: list[str] = []

    def count(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO PICK"):
            inserts.append(statement)

    writes = [insert_pod("a"), insert_pod("b")]
    writes[0].picks = ("a", [(1, 0, (4, 17), False), (2, 1, (5, 6), True)])
    writes[1].picks = ("b", [(1, 3, (9, 10), False)])

    async def scenario() -> None:
        writer = GroupWriter(lambda: Session(engine))
        await asyncio.gather(*(writer.submit(w) for w in writes))
        await writer.close()

    sa.event.listen(engine, "before_cursor_execute", count)
    try:
        asyncio.run(scenario())
    finally:
        sa.event.remove(engine, "before_cursor_execute", count)
    assert pick_log(engine) == [("a", 1, 0, "[4,17]"), ("a", 2, 1, "[5,6]"),
                                ("b", 1, 3, "[9,10]")]
    assert len(inserts) == 1


def test_a_batch_whose_picks_fail_stores_nothing_of_it(engine: sa.Engine) -> None:
    """The same pick number twice in one batch: the one INSERT fails, so the whole
    transaction (the pods the stages wrote included) is refused, none goes live."""
    first, second = insert_pod("a"), insert_pod("b")
    first.picks = ("a", [(1, 0, (4, 17), False)])
    second.picks = ("a", [(1, 1, (5, 6), False)])
    for write in (first, second):
        write.committed = lambda: pytest.fail("nothing of a failed batch may go live")

    async def scenario() -> list[BaseException | None]:
        writer = GroupWriter(lambda: Session(engine))
        results = await asyncio.gather(*(writer.submit(w) for w in (first, second)),
                                       return_exceptions=True)
        await writer.close()
        return list(results)  # type: ignore[arg-type]

    results = asyncio.run(scenario())
    assert all(isinstance(result, BusyError) for result in results)
    assert stored(engine) == [] and pick_log(engine) == []


def test_a_batch_of_picks_only_is_stored_and_a_duplicate_refuses_all_of_it(
    engine: sa.Engine,
) -> None:
    """Writes with picks and nothing else (`stage=None`) skip the ORM session; their
    transaction keeps the same all-or-nothing rule."""
    asyncio.run(_submit_all(engine, [insert_pod("a")]))
    picks = [Write(stage=None, committed=lambda: None, failed=lambda: None,
                   picks=("a", [(seq, 0, (seq, seq + 100), False)])) for seq in (1, 2)]
    assert asyncio.run(_submit_all(engine, picks)) == [None, None]
    assert pick_log(engine) == [("a", 1, 0, "[1,101]"), ("a", 2, 0, "[2,102]")]
    again = [Write(stage=None, committed=lambda: pytest.fail("refused batch went live"),
                   failed=lambda: None, picks=("a", [(seq, 1, (7, 8), False)]))
             for seq in (3, 2)]
    results = asyncio.run(_submit_all(engine, again))
    assert all(isinstance(result, BusyError) for result in results)
    assert [row[1] for row in pick_log(engine)] == [1, 2]
    after = [Write(stage=None, committed=lambda: None, failed=lambda: None,
                   picks=("a", [(3, 1, (7, 8), True)]))]
    assert asyncio.run(_submit_all(engine, after)) == [None]  # the connection is usable
    assert [row[1] for row in pick_log(engine)] == [1, 2, 3]


def test_the_writer_keeps_one_driver_connection_across_pick_batches_and_gives_it_back(
    engine: sa.Engine,
) -> None:
    """Batches of picks alone borrow the pool's connection once, not once per batch (a
    one-pick commit at table pace paid the checkout, the return and its rollback, #45);
    a failed batch and the writer's close give it back, so the engine can be disposed."""
    asyncio.run(_submit_all(engine, [insert_pod("a")]))
    checkouts: list[object] = []

    def count(dbapi_connection: object, *_: object) -> None:
        checkouts.append(dbapi_connection)

    sa.event.listen(engine.pool, "checkout", count)

    async def scenario() -> tuple[int, int, int]:
        writer = GroupWriter(lambda: Session(engine))
        for seq in (1, 2, 3):  # one batch each: each waits for the one before
            await writer.submit(Write(stage=None, committed=lambda: None, failed=lambda: None,
                                      picks=("a", [(seq, 0, (seq,), False)])))
        kept = len(checkouts)
        with pytest.raises(BusyError):  # a repeated pick number: the batch fails
            await writer.submit(Write(stage=None, committed=lambda: None,
                                      failed=lambda: None, picks=("a", [(3, 1, (9,), False)])))
        await writer.submit(Write(stage=None, committed=lambda: None, failed=lambda: None,
                                  picks=("a", [(4, 1, (9,), False)])))
        after_failure = len(checkouts)
        await writer.close()
        return kept, after_failure, engine.pool.checkedout()  # type: ignore[attr-defined]

    try:
        kept, after_failure, still_out = asyncio.run(scenario())
    finally:
        sa.event.remove(engine.pool, "checkout", count)
    assert kept == 1  # three batches, one checkout
    assert after_failure == 2  # the failed batch gave it back; the next borrowed anew
    assert still_out == 0
    assert [row[1] for row in pick_log(engine)] == [1, 2, 3, 4]


def test_picks_written_through_the_driver_read_back_like_those_of_a_session(
    engine: sa.Engine,
) -> None:
    """A batch of picks alone goes through the driver's connection, one with a stage
    through a session: the stored rows (times, flags, cards) read back the same."""
    with_stage = insert_pod("a")
    with_stage.picks = ("a", [(1, 0, (4, 17), True)])
    asyncio.run(_submit_all(engine, [with_stage, insert_pod("b")]))
    alone = Write(stage=None, committed=lambda: None, failed=lambda: None,
                  picks=("b", [(1, 0, (4, 17), True)]))
    asyncio.run(_submit_all(engine, [alone]))
    with Session(engine) as session:
        a, b = repo.load_pick_log(session, "a"), repo.load_pick_log(session, "b")
        started = [repo.get_draft_started_at(session, pod) for pod in ("a", "b")]
    assert a == b == [(1, 0, (4, 17), True)]
    assert all(moment is not None and moment.tzinfo is not None for moment in started)
    assert abs((started[1] - started[0]).total_seconds()) < 60  # type: ignore[operator]


async def _submit_all(engine: sa.Engine, writes: list[Write]) -> list[BaseException | None]:
    writer = GroupWriter(lambda: Session(engine))
    results = await asyncio.gather(*(writer.submit(w) for w in writes),
                                   return_exceptions=True)
    await writer.close()
    return list(results)  # type: ignore[arg-type]


def refusing(pod_id: str) -> Write:
    """A refusable write that stores its pod and a pick, then refuses (as forming a night
    that another process formed first does): nothing of it may stay."""
    write = insert_pod(pod_id)
    staged = write.stage
    assert staged is not None

    def stage(session: Session) -> None:
        staged(session)
        raise ConflictError("the pods are already formed", "pods_formed")

    write.stage, write.refusable = stage, True
    write.picks = (pod_id, [(1, 0, (4, 17), False)])
    return write


def test_a_refused_stage_fails_only_its_own_write_and_the_batch_commits(
    engine: sa.Engine,
) -> None:
    """A pod, a refused write and a pick of that pod in one batch: the refusal reaches its
    own caller unchanged (409 `pods_formed`), the pod and the pick commit and go live."""
    asyncio.run(_submit_all(engine, [insert_pod("a")]))
    live: list[str] = []
    failed: list[str] = []
    kept = insert_pod("b")
    refused = refusing("r")
    pick = Write(stage=None, committed=lambda: live.append("pick"),
                 failed=lambda: failed.append("pick"), picks=("a", [(1, 0, (4, 17), False)]))
    kept.committed, kept.failed = lambda: live.append("b"), lambda: failed.append("b")
    refused.committed = lambda: pytest.fail("a refused write may not go live")
    refused.failed = lambda: failed.append("r")

    kept_result, refusal, pick_result = asyncio.run(_submit_all(engine, [kept, refused, pick]))
    assert kept_result is None and pick_result is None
    assert isinstance(refusal, ConflictError)
    assert (refusal.status, refusal.code) == (409, "pods_formed")
    assert live == ["b", "pick"] and failed == ["r"]
    assert stored(engine) == ["a", "b"]
    assert pick_log(engine) == [("a", 1, 0, "[4,17]")]


def test_refused_stages_in_a_row_leave_the_batch_usable(engine: sa.Engine) -> None:
    """Two refusals around a write, the first one as the batch's first statement."""
    results = asyncio.run(_submit_all(engine, [refusing("r1"), insert_pod("b"),
                                               refusing("r2"), insert_pod("c")]))
    assert [type(result) for result in results] == [ConflictError, type(None),
                                                    ConflictError, type(None)]
    assert stored(engine) == ["b", "c"] and pick_log(engine) == []


def test_any_other_error_of_a_refusable_stage_still_fails_the_whole_batch(
    engine: sa.Engine,
) -> None:
    """Only a refusal is the caller's own: a bug or a database error may have left the
    transaction unusable, so every write of the batch is "try again" and none is stored."""
    broken = insert_pod("x")
    broken.refusable = True

    def stage(session: Session) -> None:
        raise RuntimeError("disk full")

    broken.stage = stage
    results = asyncio.run(_submit_all(engine, [insert_pod("a"), broken]))
    assert all(isinstance(r, BusyError) and r.code == "db_busy" for r in results)
    assert stored(engine) == []


def test_a_refusal_of_a_stage_not_marked_refusable_fails_the_batch(engine: sa.Engine) -> None:
    """Without a savepoint the refused stage's statements cannot be undone alone."""
    plain = refusing("r")
    plain.refusable = False
    results = asyncio.run(_submit_all(engine, [insert_pod("a"), plain]))
    assert all(isinstance(r, BusyError) for r in results)
    assert stored(engine) == []


def test_the_rows_a_batch_asks_for_are_locked_first_pods_then_events_in_id_order(
    engine: sa.Engine,
) -> None:
    """Every process takes row locks in one order, so two batches cannot deadlock."""
    calls: list[object] = []

    def lock_rows(session: Session, pods: list[str], events: list[str]) -> None:
        calls.append((pods, events))

    def asking(pod_id: str, rows: Rows) -> Write:
        write = insert_pod(pod_id)
        staged = write.stage
        assert staged is not None

        def stage(session: Session) -> None:
            calls.append(pod_id)
            staged(session)

        write.stage, write.rows = stage, rows
        return write

    writes = [asking("p2", Rows(pods=("p2", "p1"), events=("e9",))),
              asking("p1", Rows(events=("e1", "e9"))), insert_pod("p3")]

    async def scenario() -> None:
        writer = GroupWriter(lambda: Session(engine), lock_rows=lock_rows)
        await asyncio.gather(*(writer.submit(w) for w in writes))
        await writer.close()

    asyncio.run(scenario())
    assert calls == [(["p1", "p2"], ["e1", "e9"]), "p2", "p1"]


def test_a_batch_whose_writes_all_need_one_pod_row_sends_no_lock_statement(
    engine: sa.Engine,
) -> None:
    """Its writes take that one row's lock with their own first statement (the revision
    bump), and a transaction that waits for one lock while holding none cannot be part
    of a deadlock: the separate `SELECT … FOR UPDATE` would be a round trip for nothing.
    A batch that needs a second row (another pod, an event) still locks them in order."""
    calls: list[tuple[list[str], list[str]]] = []

    def lock_rows(session: Session, pods: list[str], events: list[str]) -> None:
        calls.append((pods, events))

    def needing(pod_id: str, rows: Rows) -> Write:
        write = insert_pod(pod_id)
        write.rows = rows
        return write

    async def batch(writes: list[Write]) -> None:
        writer = GroupWriter(lambda: Session(engine), lock_rows=lock_rows)
        await asyncio.gather(*(writer.submit(w) for w in writes))
        await writer.close()

    asyncio.run(batch([needing("a", Rows(pods=("p1",))), needing("b", Rows(pods=("p1",)))]))
    assert calls == []
    asyncio.run(batch([needing("c", Rows(pods=("p1",))), needing("d", Rows(pods=("p2",)))]))
    asyncio.run(batch([needing("e", Rows(pods=("p1",), events=("e1",)))]))
    asyncio.run(batch([needing("f", Rows(pods=("p1",))), insert_pod("g")]))
    assert calls == [(["p1", "p2"], []), (["p1"], ["e1"]), (["p1"], [])]


def test_a_refusable_write_that_passed_is_rolled_back_with_its_failed_batch(
    engine: sa.Engine,
) -> None:
    """Its savepoint, released, is part of the batch's transaction, even as the
    transaction's first statement (SQLite's driver would otherwise commit it there)."""
    passed = insert_pod("a")
    passed.refusable = True

    def broken(session: Session) -> None:
        raise RuntimeError("disk full")

    results = asyncio.run(_submit_all(engine, [passed, Write(
        stage=broken, committed=lambda: None, failed=lambda: None)]))
    assert all(isinstance(r, BusyError) for r in results)
    assert stored(engine) == []


def guarded_picks(pod_id: str, seq: int, calls: list[str], passes: bool = True) -> Write:
    """A cluster member's pick: a guard (the revision rule) and picks, no stage. The
    guard notes its call and lets the write through or voids it."""

    def guard(_bump: object) -> bool:
        calls.append(f"{pod_id}{seq}")
        return passes

    return Write(stage=None, committed=lambda: None, failed=lambda: None,
                 picks=(pod_id, [(seq, 0, (seq, seq + 100), False)]),
                 rows=Rows(pods=(pod_id,)), guard=guard)  # type: ignore[arg-type]


def test_a_voided_write_stores_nothing_and_the_batch_commits_the_others(
    engine: sa.Engine,
) -> None:
    """Whether the batch goes through the driver (picks alone) or a session (a stage
    too), the write whose guard says no adds neither its stage nor its picks."""
    asyncio.run(_submit_all(engine, [insert_pod("a"), insert_pod("b")]))
    calls: list[str] = []

    async def batch(writes: list[Write]) -> None:
        writer = GroupWriter(lambda: Session(engine), lock_rows=lambda *_rows: None)
        await asyncio.gather(*(writer.submit(w) for w in writes))
        await writer.close()

    asyncio.run(batch([guarded_picks("a", 1, calls), guarded_picks("b", 1, calls, False)]))
    voided_with_stage = guarded_picks("b", 2, calls, False)
    voided_with_stage.stage = insert_pod("c").stage
    asyncio.run(batch([guarded_picks("a", 2, calls), voided_with_stage, insert_pod("d")]))
    assert pick_log(engine) == [("a", 1, 0, "[1,101]"), ("a", 2, 0, "[2,102]")]
    assert stored(engine) == ["a", "b", "d"]
    assert calls == ["a1", "b1", "a2", "b2"]


def test_a_batch_of_guarded_picks_takes_its_pods_in_id_order_without_a_session(
    engine: sa.Engine,
) -> None:
    """Two processes' batches lock pod rows in one order (pods by id), so they cannot
    deadlock: a batch of cluster picks runs its guards (each bump locks its pod) in that
    order, a pod's own picks in the order they were queued (their revisions follow each
    other), on the driver's connection: no session, no lock statement of its own."""
    asyncio.run(_submit_all(engine, [insert_pod(p) for p in ("a", "b", "c")]))
    calls: list[str] = []
    transactions: list[Session] = []
    locks: list[object] = []

    def session() -> Session:
        made = Session(engine)
        sa.event.listen(made, "after_begin", lambda s, *_: transactions.append(s))
        return made

    async def scenario() -> None:
        writer = GroupWriter(session, lock_rows=lambda *rows: locks.append(rows))
        writes = [guarded_picks(pod, seq, calls)
                  for pod, seq in (("c", 1), ("a", 1), ("b", 1), ("a", 2), ("c", 2))]
        await asyncio.gather(*(writer.submit(w) for w in writes))
        await writer.close()

    asyncio.run(scenario())
    assert calls == ["a1", "a2", "b1", "c1", "c2"]
    assert len(pick_log(engine)) == 5
    assert locks == [] and transactions == []


def test_writes_submitted_while_a_batch_commits_make_the_next_batch_and_close_waits_for_it(
    engine: sa.Engine,
) -> None:
    import threading

    started, release = threading.Event(), threading.Event()
    order: list[str] = []

    def held(name: str) -> Write:
        w = insert_pod(name)
        stage = w.stage
        assert stage is not None

        def wait_then_stage(session: Session) -> None:
            started.set()
            release.wait()
            stage(session)
        w.stage = wait_then_stage
        w.committed = lambda: order.append(name)
        return w

    def queued(name: str) -> Write:
        w = insert_pod(name)
        w.committed = lambda: order.append(name)
        return w

    async def scenario() -> GroupWriter:
        writer = GroupWriter(lambda: Session(engine))
        first = writer.submit(held("a"))
        await asyncio.to_thread(started.wait)  # the first batch is on the writer thread
        later = [writer.submit(queued(f"b{i}")) for i in range(5)]
        release.set()
        await first
        await writer.close()  # returns only once the queued writes are committed
        assert all(future.done() for future in later)
        return writer

    writer = asyncio.run(scenario())
    assert (writer.batches, writer.writes) == (2, 6)
    assert order == ["a", "b0", "b1", "b2", "b3", "b4"] and len(stored(engine)) == 6
