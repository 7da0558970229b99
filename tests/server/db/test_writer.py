"""Group commit: concurrent changes share transactions; one bad change fails alone."""

from __future__ import annotations

import asyncio

import sqlalchemy as sa
from sqlmodel import Session

from server.db.engine import create_db_engine
from server.db.migrate import upgrade_to_head
from server.db.writer import GroupWriter, Stage
from server.settings import Settings


def insert_pod(pod_id: str) -> Stage:
    def stage(session: Session) -> None:
        session.connection().execute(sa.text(
            "INSERT INTO pod (id, set_code, seats, bots_allowed, seed, host_token_hash, phase,"
            " paused, version, created_at, updated_at) VALUES (:id, 'CMR', 8, true, 1, 'h',"
            " 'lobby', false, 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"), {"id": pod_id})
    return stage


def test_concurrent_writes_are_all_committed_in_fewer_transactions(db_url: str) -> None:
    engine = create_db_engine(Settings(db_url=db_url))
    upgrade_to_head(engine)

    async def scenario() -> int:
        writer = GroupWriter(engine)
        writer.start()
        await asyncio.gather(*(writer.write(insert_pod(f"p{i}")) for i in range(50)))
        await writer.stop()
        return writer.batches

    batches = asyncio.run(scenario())
    with engine.connect() as connection:
        count = connection.execute(sa.text("SELECT count(*) FROM pod")).scalar()
    engine.dispose()
    assert count == 50
    assert batches < 50


def test_one_failing_change_does_not_fail_the_others(db_url: str) -> None:
    engine = create_db_engine(Settings(db_url=db_url))
    upgrade_to_head(engine)

    async def scenario() -> list[object]:
        writer = GroupWriter(engine)
        writer.start()
        results = await asyncio.gather(
            writer.write(insert_pod("a")), writer.write(insert_pod("a")),
            writer.write(insert_pod("b")), return_exceptions=True)
        await writer.stop()
        return list(results)

    results = asyncio.run(scenario())
    engine.dispose()
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], Exception)

