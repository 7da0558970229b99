"""What the runtime holds of this process's claim on a PostgreSQL database
(`server.cluster.mode.DatabaseClaim`), released at shutdown.

Why a protocol: the claim's module imports the cluster's listener, which takes the
runtime; typing `Runtime.claim` as the class itself would close an import circle
(tests/test_imports.py finds any circle, imports for the type checker included).
"""

from __future__ import annotations

from typing import Protocol


class Claim(Protocol):
    """A claim on the database, released at shutdown."""

    def release(self) -> None: ...
