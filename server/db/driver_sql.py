"""A statement compiled once for an engine, run on the driver's own cursor.

Why: the hottest writes (a pick's INSERT, a cluster pick's revision bump) skip SQLAlchemy's
per-statement work and go to the DB-API cursor (`repo.DriverPickLog`,
`cluster_repo.DriverBump`). The driver wants the values in the form the compiled SQL asks
for: a tuple in the statement's order for positional styles (`?`, `%s`), the dict itself
for named ones (`%(name)s`). One place says how, so the two cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy.sql.compiler import SQLCompiler


@dataclass(frozen=True)
class DriverStatement:
    """The SQL text and the order of its positional parameters (None: named)."""

    sql: str
    order: tuple[str, ...] | None

    @classmethod
    def compile(cls, statement: sa.ClauseElement, engine: sa.Engine) -> DriverStatement:
        compiled = cast(SQLCompiler, statement.compile(dialect=engine.dialect))
        order = compiled.positiontup
        return cls(str(compiled), tuple(order) if order is not None else None)

    def parameters(self, values: dict[str, Any]) -> Any:
        """`values` as the driver takes them for this statement."""
        return values if self.order is None else tuple(values[name] for name in self.order)
