"""Group commit: one transaction per batch, after-commit steps in order, failures clean."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlmodel import Session

from server.errors import BusyError
from server.writer import GroupWriter, Write


def make_writer(tmp_path: Path) -> tuple[GroupWriter, sa.Engine]:
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'w.db'}")
    with engine.begin() as connection:
        connection.execute(sa.text("CREATE TABLE t (n INTEGER NOT NULL UNIQUE)"))
    return GroupWriter(lambda: Session(engine)), engine


def insert(n: int) -> Write:
    return Write(stage=lambda s: s.connection().execute(sa.text(f"INSERT INTO t VALUES ({n})")),
                 committed=lambda: None, failed=lambda: None)


def stored(engine: sa.Engine) -> list[int]:
    with engine.connect() as connection:
        return [row[0] for row in connection.execute(sa.text("SELECT n FROM t ORDER BY n"))]


def test_writes_queued_together_share_one_commit_and_run_after_it_in_order(
    tmp_path: Path,
) -> None:
    writer, engine = make_writer(tmp_path)
    seen: list[tuple[int, list[int]]] = []

    def write(n: int) -> Write:
        w = insert(n)
        w.committed = lambda: seen.append((n, stored(engine)))
        return w

    async def main() -> None:
        futures = [writer.submit(write(n)) for n in range(50)]
        await asyncio.gather(*futures)
        await writer.close()

    asyncio.run(main())
    assert writer.batches == 1 and writer.writes == 50
    assert [n for n, _ in seen] == list(range(50))
    assert all(rows == list(range(50)) for _, rows in seen)  # committed before any ack


def test_a_failed_commit_fails_every_write_in_it_and_stores_none(tmp_path: Path) -> None:
    writer, engine = make_writer(tmp_path)
    failed: list[int] = []

    def write(n: int) -> Write:
        w = insert(n)
        w.failed = lambda: failed.append(n)
        w.committed = lambda: pytest.fail("nothing may go live")
        return w

    async def main() -> list[BaseException | None]:
        futures = [writer.submit(write(n)) for n in (1, 2, 2)]  # the duplicate breaks it
        results = await asyncio.gather(*futures, return_exceptions=True)
        await writer.close()
        return list(results)  # type: ignore[arg-type]

    results = asyncio.run(main())
    assert all(isinstance(r, BusyError) and r.code == "db_busy" for r in results)
    assert failed == [1, 2, 2]
    assert stored(engine) == []


def test_a_write_voided_while_queued_is_failed_without_writing(tmp_path: Path) -> None:
    writer, engine = make_writer(tmp_path)

    async def main() -> tuple[BaseException | None, BaseException | None]:
        void = insert(1)
        void.valid = lambda: False
        results = await asyncio.gather(writer.submit(void), writer.submit(insert(2)),
                                       return_exceptions=True)
        await writer.close()
        return results[0], results[1]

    first, second = asyncio.run(main())
    assert isinstance(first, BusyError) and second is None
    assert stored(engine) == [2]
