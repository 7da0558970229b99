"""A phone's `pick` frame, checked by hand: the one frame every seat sends every pick.

Why not `WsPick.model_validate` on every frame: at table pace a pick is one frame at a
time, and building and discarding a pydantic model for it was a measurable share of
the server's CPU per pick (docs/performance.md, "One pick at table pace"). This accepts
exactly the frames `server.protocol.bodies.WsPick` accepts (a property test holds the
two together: tests/server/protocol/test_pick_frame.py) and returns their values
without a model. A frame it refuses is handed to the model, so a refusal names its
problems exactly as before (`server.edge.refusal_for`): only the good frames, the hot
ones, skip pydantic.

Its input is what `orjson.loads` returns: dicts, lists, str, int, float, bool and None.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from server.protocol.bodies import WsPick

_KEYS = frozenset({"type", "pick", "cards"})
_KEYS_WITH_REF = frozenset({"type", "pick", "cards", "ref"})
PICK_MAX = 1000
CARD_MAX = 100_000
CARDS_MAX = 3
REF_MAX = 64


@dataclass(frozen=True, slots=True)
class PickFrame:
    """A valid pick frame's values (those of `WsPick`)."""

    pick: int
    cards: list[int]
    ref: str | None


def _card(value: Any) -> bool:
    # `type(...) is int`: strict pydantic refuses a bool (an int subclass) as an int
    return type(value) is int and 0 <= value <= CARD_MAX


def accepts(data: Any) -> bool:
    """Whether `WsPick` would accept `data` (a strict model: no coercion, no extra key)."""
    if type(data) is not dict or data.get("type") != "pick" or type(data["type"]) is not str:
        return False
    keys = data.keys()
    if keys != _KEYS and keys != _KEYS_WITH_REF:
        return False
    pick = data["pick"]
    if type(pick) is not int or not 1 <= pick <= PICK_MAX:
        return False
    cards = data["cards"]
    if type(cards) is not list or not 1 <= len(cards) <= CARDS_MAX:
        return False
    if not all(_card(card) for card in cards):
        return False
    ref = data.get("ref")
    return ref is None or (type(ref) is str and len(ref) <= REF_MAX)


def parse(data: Any) -> PickFrame:
    """The frame's values; a frame `WsPick` refuses raises its `ValidationError`."""
    if accepts(data):
        return PickFrame(data["pick"], data["cards"], data.get("ref"))
    body = WsPick.model_validate(data)  # raises: the refusal names every problem
    return PickFrame(body.pick, body.cards, body.ref)  # pragma: no cover - accepts() agrees
