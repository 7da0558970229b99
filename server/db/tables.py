"""The stored form of a pod: its configuration, its players and the append-only pick log.

Why so little: the draft state is never stored. Replaying the pick log from the seed with
the pure engine rebuilds it exactly, so a pick is one small INSERT and nothing else.
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    return datetime.now(UTC)


class PodBase(SQLModel):
    set_code: str = Field(max_length=8)
    seats: int
    pick_timer_seconds: int | None = None
    bots_allowed: bool = True
    cube_json: str | None = None
    """A cube pod's resolved card list (`Cube.to_json()`); `None` for a set's boosters."""


class PodRow(PodBase, table=True):
    """One draft night table: configuration, seed, phase and the host's token hash."""

    __tablename__ = "pod"

    id: str = Field(primary_key=True, max_length=32)
    seed: int = Field(sa_type=sa.BigInteger)
    host_token_hash: str = Field(max_length=64)
    phase: str = Field(default="lobby", max_length=16, index=True)
    paused: bool = False
    paused_at: datetime | None = Field(default=None, sa_type=sa.DateTime(timezone=True))
    version: int = 0
    tables_json: str | None = None
    """The host's table split (playing phase), as JSON: `[{"number", "players"}]`."""
    created_at: datetime = Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True))
    updated_at: datetime = Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True))


class PlayerBase(SQLModel):
    name: str = Field(max_length=32)
    bot: bool = False


class PlayerRow(PlayerBase, table=True):
    """A seat's occupant. `join_index` is the order given to the seeded seating shuffle."""

    __tablename__ = "player"
    __table_args__ = (sa.UniqueConstraint("pod_id", "join_index"),)

    id: str = Field(primary_key=True, max_length=32)
    pod_id: str = Field(foreign_key="pod.id", index=True, max_length=32)
    join_index: int
    seat: int | None = None
    kicked: bool = False
    token_hash: str | None = Field(default=None, max_length=64)
    deadline_at: datetime | None = Field(default=None, sa_type=sa.DateTime(timezone=True))
    deck_json: str | None = None
    """The last submitted deck and its legality report, as JSON (building phase)."""
    table_number: int | None = None
    created_at: datetime = Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True))


class PickRow(SQLModel, table=True):
    """One accepted pick; `seq` orders a pod's log. `cards` is compact JSON, e.g. `[4,17]`."""

    __tablename__ = "pick"
    __table_args__ = (sa.UniqueConstraint("pod_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    pod_id: str = Field(foreign_key="pod.id", max_length=32)
    seq: int
    seat: int
    cards: str = Field(max_length=64)
    by_bot: bool = False
    created_at: datetime = Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True))


class CardRow(SQLModel, table=True):
    """One imported printing: `set`/`number` as printed, `facts` is `Card.to_json()`."""

    __tablename__ = "card"

    set: str = Field(primary_key=True, max_length=16)
    number: str = Field(primary_key=True, max_length=16)
    name: str = Field(max_length=200, index=True)
    facts: str
    rules_text: str | None = None
    imported_at: datetime = Field(sa_type=sa.DateTime(timezone=True))
