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

from typing import Any, NamedTuple

from server.protocol.bodies import WsPick

PICK_MAX = 1000
CARD_MAX = 100_000
CARDS_MAX = 3
REF_MAX = 64


class PickFrame(NamedTuple):
    """A valid pick frame's values (those of `WsPick`)."""

    pick: int
    cards: list[int]
    ref: str | None


def accepts(data: Any) -> bool:
    """Whether `WsPick` would accept `data`: a strict model, so no coercion (`type(x) is
    int`: a bool is an int subclass, and strict pydantic refuses it) and no extra key
    (three keys, or four with `ref`, and each of them present)."""
    if type(data) is not dict:
        return False
    size = len(data)
    if size == 4:
        ref = data.get("ref", 0)  # 0: absent, so the fourth key is another one
        if ref is not None and (type(ref) is not str or len(ref) > REF_MAX):
            return False
    elif size != 3:
        return False
    kind = data.get("type")
    if type(kind) is not str or kind != "pick":
        return False
    pick = data.get("pick")
    if type(pick) is not int or not 1 <= pick <= PICK_MAX:
        return False
    cards = data.get("cards")
    if type(cards) is not list or not 1 <= len(cards) <= CARDS_MAX:
        return False
    for card in cards:  # noqa: SIM110 - a loop, not all(...): no generator per frame
        if type(card) is not int or not 0 <= card <= CARD_MAX:
            return False
    return True


def parse(data: Any) -> PickFrame:
    """The frame's values; a frame `WsPick` refuses raises its `ValidationError`."""
    if accepts(data):
        return PickFrame(data["pick"], data["cards"], data.get("ref"))
    body = WsPick.model_validate(data)  # raises: the refusal names every problem
    return PickFrame(body.pick, body.cards, body.ref)  # pragma: no cover - accepts() agrees
