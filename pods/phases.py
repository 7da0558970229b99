"""Where a pod is in its night: the five phases, in order.

A pure value, here rather than in the wire shapes: the live state and the services keep a
pod's phase and the restore checks a stored one, and neither may import a protocol shape.
"""

from __future__ import annotations

from typing import Literal, get_args

Phase = Literal["lobby", "drafting", "building", "playing", "done"]
"""Where a pod is in its night; stored as this text in `pod.phase`."""
PHASES: tuple[Phase, ...] = get_args(Phase)


def as_phase(text: str) -> Phase:
    """A stored phase, checked (a restored pod with an unknown phase is set aside)."""
    for phase in PHASES:
        if phase == text:
            return phase
    raise ValueError(f"unknown pod phase {text!r}")
