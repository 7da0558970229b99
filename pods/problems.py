"""`Problem`: one thing a player should fix, in a form both people and programs can use.

Why params alongside the English message: the server renders the same problem in other
languages from `code` + `params`; tests and the CLI use `code` and `message` directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a deck is illegal or a line unreadable: code, card name, sentence, params."""

    code: str
    card: str | None
    message: str
    params: dict[str, Any] = field(default_factory=dict)
