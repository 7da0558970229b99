"""Dealing a night's players into pods of at most eight."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pods.forming import FormingError, PodPolicy, form_pods, plan_pods, pod_sizes, seat_plan


@pytest.mark.parametrize(
    ("players", "sizes"),
    [(8, [8]), (12, [6, 6]), (16, [8, 8]), (10, [5, 5]), (9, [5, 4]), (17, [6, 6, 5]), (3, [3])],
)
def test_pods_are_balanced_by_default(players: int, sizes: list[int]) -> None:
    assert pod_sizes(players) == sizes


def test_the_host_may_fill_pods_with_bots_instead() -> None:
    assert pod_sizes(10, PodPolicy.FILL) == [8, 2]
    second = plan_pods([f"p{i}" for i in range(10)], random.Random(1), PodPolicy.FILL)[1]
    assert second.seats == 8 and second.bots == 6


def test_one_player_is_not_a_pod() -> None:
    with pytest.raises(FormingError):
        pod_sizes(1)


def test_a_player_joins_once() -> None:
    with pytest.raises(FormingError):
        form_pods(["ann", "ann", "bob"], random.Random(1))


def test_forming_is_seeded() -> None:
    players = [f"p{i}" for i in range(20)]
    assert form_pods(players, random.Random(4)) == form_pods(players, random.Random(4))
    assert form_pods(players, random.Random(4)) != form_pods(players, random.Random(5))


@given(st.integers(2, 80), st.sampled_from(list(PodPolicy)), st.integers(0, 2**32))
def test_everyone_is_dealt_into_exactly_one_pod_of_at_most_eight(
    count: int, policy: PodPolicy, seed: int
) -> None:
    players = [f"p{i}" for i in range(count)]
    pods = form_pods(players, random.Random(seed), policy)
    dealt = [p for pod in pods for p in pod]
    assert sorted(dealt) == sorted(players)
    assert all(1 <= len(pod) <= 8 for pod in pods)
    if policy is PodPolicy.BALANCED:
        assert max(map(len, pods)) - min(map(len, pods)) <= 1


@pytest.mark.parametrize(("players", "policy", "plan"), [
    (6, PodPolicy.BALANCED, [(6, 6)]),
    (6, PodPolicy.FILL, [(6, 8)]),
    (10, PodPolicy.BALANCED, [(5, 5), (5, 5)]),
    (10, PodPolicy.FILL, [(8, 8), (2, 8)]),
    (1, PodPolicy.BALANCED, []),
])
def test_the_plan_says_each_pods_players_and_seats_before_forming(
        players: int, policy: PodPolicy, plan: list[tuple[int, int]]) -> None:
    assert seat_plan(players, policy) == plan


@given(st.integers(min_value=2, max_value=40), st.sampled_from(list(PodPolicy)))
def test_the_plan_is_what_forming_makes(players: int, policy: PodPolicy) -> None:
    names = [f"p{i}" for i in range(players)]
    formed = plan_pods(names, random.Random(1), policy)
    assert seat_plan(players, policy) == [(len(pod.players), pod.seats) for pod in formed]
