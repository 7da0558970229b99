"""A hand-checked pick frame accepts and refuses exactly what the `WsPick` model does, and
a refused frame is refused in the model's own words."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from server.protocol import pick_frame
from server.protocol.bodies import WsPick

# What `orjson.loads` can hand the socket: JSON values only.
scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**64, 2**64),
                    st.floats(allow_nan=False, allow_infinity=False),
                    st.text(max_size=70), st.sampled_from(["pick", "Pick", "pick ", ""]))
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12)

near_ints = st.one_of(st.integers(-3, 3), st.integers(998, 1002), st.integers(99_998, 100_002),
                      st.booleans(), st.floats(0, 5), st.sampled_from(["3", None, 1.0]))
near_frames = st.fixed_dictionaries(
    {"type": st.sampled_from(["pick", "Pick", 1, None, "snapshot"]),
     "pick": near_ints,
     "cards": st.one_of(st.lists(near_ints, max_size=5), near_ints, st.just({}))},
    optional={"ref": st.one_of(st.none(), st.text(max_size=70), st.integers(0, 2)),
              "extra": json_values, "Ref": st.none()})
"""Frames near the edge of every rule: each field's bounds, types a strict model refuses,
an extra key, a ref of 63 to 65 characters."""


def model_accepts(data: Any) -> bool:
    try:
        WsPick.model_validate(data)
    except ValidationError:
        return False
    return True


@settings(max_examples=1500, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(near_frames, json_values))
@example({"type": "pick", "pick": 1, "cards": [0]})
@example({"type": "pick", "pick": 1000, "cards": [100_000, 0, 5], "ref": "r" * 64})
@example({"type": "pick", "pick": 1, "cards": [0], "ref": "r" * 65})
@example({"type": "pick", "pick": True, "cards": [0]})
@example({"type": "pick", "pick": 1, "cards": [False]})
@example({"type": "pick", "pick": 1.0, "cards": [1]})
@example({"type": "pick", "pick": 1, "cards": []})
@example({"type": "pick", "pick": 1, "cards": [1, 2, 3, 4]})
@example({"type": "pick", "pick": 1, "cards": [1], "ref": None})
@example({"type": "pick", "pick": 1, "cards": [1], "seat": 2})
@example({"pick": 1, "cards": [1]})
@example([{"type": "pick"}])
def test_the_hand_check_accepts_exactly_what_the_model_accepts(data: Any) -> None:
    assert pick_frame.accepts(data) == model_accepts(data)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(near_frames)
def test_an_accepted_frame_has_the_model_s_values(data: Any) -> None:
    if not model_accepts(data):
        return
    body = WsPick.model_validate(data)
    frame = pick_frame.parse(data)
    assert (frame.pick, frame.cards, frame.ref) == (body.pick, body.cards, body.ref)


@pytest.mark.parametrize("raw", [
    b'{"type": "pick", "pick": 0, "cards": [1]}',
    b'{"type": "pick", "pick": 1, "cards": [1, 2, 3, 4], "ref": "a"}',
    b'{"type": "pick", "pick": "1", "cards": [true]}',
])
def test_a_refused_frame_raises_the_model_s_own_errors(raw: bytes) -> None:
    data = orjson.loads(raw)
    with pytest.raises(ValidationError) as by_model:
        WsPick.model_validate(data)
    with pytest.raises(ValidationError) as by_frame:
        pick_frame.parse(data)
    assert by_frame.value.errors() == by_model.value.errors()
