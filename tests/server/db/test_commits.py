"""The commit count moves with every commit SQLAlchemy makes on a watched engine, on any
thread, and never on a rollback: while it stands still, nothing this process could have
written changed (`server.db.commits`, which the standings' in-memory version trusts)."""

from __future__ import annotations

import threading

import sqlalchemy as sa
from sqlmodel import Session

from server.db.commits import CommitCount
from server.db.tables import SeasonRow


def season(season_id: str) -> SeasonRow:
    return SeasonRow(id=season_id, name=season_id, scoring="win-draw-loss", points_json="{}",
                     host_token_hash="h")


def test_a_commit_moves_the_count_and_a_rollback_or_a_read_does_not(tmp_path: object) -> None:
    engine = sa.create_engine(f"sqlite:///{tmp_path}/c.db")
    SeasonRow.__table__.create(engine)  # type: ignore[attr-defined]
    commits = CommitCount()
    commits.watch(engine)
    commits.watch(engine)  # asked twice, counted once
    with Session(engine) as session:
        session.add(season("s1"))
        session.commit()
    assert commits.value == 1
    with Session(engine) as session:
        session.add(season("s2"))
        session.rollback()
        session.get(SeasonRow, "s1")
    assert commits.value == 1

    def write() -> None:
        with engine.begin() as connection:
            connection.execute(sa.text("UPDATE season SET version = version + 1"))

    thread = threading.Thread(target=write)
    thread.start()
    thread.join()
    assert commits.value == 2
    engine.dispose()


def test_the_count_moves_again_once_a_commit_is_done(tmp_path: object) -> None:
    """A reader that takes the count while a commit is under way (its rows not yet
    visible) must not see that count again after the commit: else it keeps the version it
    read then, the old one, as current until the next commit."""
    engine = sa.create_engine(f"sqlite:///{tmp_path}/c.db")
    SeasonRow.__table__.create(engine)  # type: ignore[attr-defined]
    commits = CommitCount()
    commits.watch(engine)
    during: list[int] = []
    sa.event.listen(engine, "commit", lambda _connection: during.append(commits.value))
    with commits.session(engine) as session:
        session.add(season("s1"))
        session.commit()
    assert len(during) == 1 and commits.value != during[0]
    engine.dispose()
