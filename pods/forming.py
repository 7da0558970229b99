"""Nights bigger than one pod: dealing an event's players into pods of at most eight.

Why balanced by default: a pod of 5 and a pod of 5 both split into playable games, while
8 + 2 leaves two people drafting with six bots. The host may still ask for full pods
(fill with bots) when the players prefer eight-seat drafts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

MAX_POD = 8
MIN_POD = 2

T = TypeVar("T")


class FormingError(ValueError):
    """The players cannot be dealt into pods as asked."""

    code = "bad_pod_forming"


class PodPolicy(Enum):
    """Balanced: equal pods (12 → 6+6, 10 → 5+5). Fill: full pods, bots fill the last (10 → 8+2)."""

    BALANCED = "balanced"
    FILL = "fill"


@dataclass(frozen=True, slots=True)
class FormedPod:
    """One pod of the night: its players and the empty seats bots will take."""

    number: int
    players: tuple[str, ...]
    seats: int

    @property
    def bots(self) -> int:
        return self.seats - len(self.players)


def pod_sizes(count: int, policy: PodPolicy = PodPolicy.BALANCED) -> list[int]:
    """How many players go to each pod, largest first."""
    if count < MIN_POD:
        raise FormingError(f"a pod needs at least {MIN_POD} players, not {count}")
    pods = -(-count // MAX_POD)
    if policy is PodPolicy.FILL:
        sizes = [MAX_POD] * (count // MAX_POD)
        if count % MAX_POD:
            sizes.append(count % MAX_POD)
        return sizes
    base, extra = divmod(count, pods)
    return [base + 1] * extra + [base] * (pods - extra)


def form_pods(
    players: Sequence[T], rng: random.Random, policy: PodPolicy = PodPolicy.BALANCED
) -> list[tuple[T, ...]]:
    """Shuffle the players with the seeded `rng` and deal them into pods."""
    if len(set(players)) != len(players):
        raise FormingError("every player joins a night once")
    order = list(players)
    rng.shuffle(order)
    pods: list[tuple[T, ...]] = []
    start = 0
    for size in pod_sizes(len(order), policy):
        pods.append(tuple(order[start : start + size]))
        start += size
    return pods


def seats_of(players: int, policy: PodPolicy) -> int:
    """A pod's seats: a FILL pod always has eight (bots take the rest), a balanced pod
    one per player."""
    return MAX_POD if policy is PodPolicy.FILL else players


def seat_plan(count: int, policy: PodPolicy) -> list[tuple[int, int]]:
    """What forming `count` players would make, as (players, seats) per pod; none under two.

    Why: the host reads it before pressing "Form pods" (6 players, balanced: one pod of
    six and no bots), instead of finding out after."""
    if count < MIN_POD:
        return []
    return [(size, seats_of(size, policy)) for size in pod_sizes(count, policy)]


def plan_pods(
    players: Sequence[str], rng: random.Random, policy: PodPolicy = PodPolicy.BALANCED
) -> list[FormedPod]:
    """The pods of the night with their seat counts (`seats_of`)."""
    return [
        FormedPod(number=i + 1, players=pod, seats=seats_of(len(pod), policy))
        for i, pod in enumerate(form_pods(players, rng, policy))
    ]
