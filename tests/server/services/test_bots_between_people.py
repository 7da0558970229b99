"""The pod option "seat the people between the bots": on by default, stored with the pod,
and replayed with it after a restart."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from draft.engine import seat_players
from server.core.settings import Settings
from tests.server.support.builders import join, new_pod, start


def seating(client: Any, pod: Any) -> list[tuple[str, bool]]:
    """(name, bot) in seat order, as the host sees it."""
    players = client.get(pod.url("/host"), headers=pod.host).json()["players"]
    return [(p["name"], p["bot"]) for p in sorted(players, key=lambda p: p["seat"])]


def test_four_people_and_four_bots_alternate_by_default_and_after_a_restart(
    make_settings: Callable[..., Settings], app_client: Any
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        pod = new_pod(client, seats=8, seed=3)
        for name in ("Ann", "Bob", "Cid", "Dee"):
            join(client, pod, name)
        start(client, pod)
        before = seating(client, pod)
    assert all(before[i][1] != before[(i + 1) % 8][1] for i in range(8))
    with app_client(settings) as client:
        assert seating(client, pod) == before


def test_five_people_and_three_bots_leave_no_two_bots_side_by_side(
    make_settings: Callable[..., Settings], app_client: Any
) -> None:
    with app_client(make_settings()) as client:
        for seed in range(4):
            pod = new_pod(client, seats=8, seed=seed)
            for name in ("Ann", "Bob", "Cid", "Dee", "Eve"):
                join(client, pod, name)
            start(client, pod)
            order = seating(client, pod)
            assert not any(order[i][1] and order[(i + 1) % 8][1] for i in range(8))


def test_with_the_option_off_the_seating_is_the_plain_seeded_shuffle(
    make_settings: Callable[..., Settings], app_client: Any
) -> None:
    with app_client(make_settings()) as client:
        pod = new_pod(client, seats=4, seed=9, bots_between_people=False)
        join(client, pod, "Ann"), join(client, pod, "Bob")
        start(client, pod)
        players = client.get(pod.url("/host"), headers=pod.host).json()["players"]
    id_of = {p["name"]: p["player_id"] for p in players}
    joined = [id_of[name] for name in ("Ann", "Bob", "Bot 1", "Bot 2")]
    by_seat = [p["player_id"] for p in sorted(players, key=lambda p: p["seat"])]
    assert by_seat == list(seat_players(joined, 9))


def test_a_person_the_host_hands_to_a_bot_mid_draft_keeps_the_table_after_a_restart(
    make_settings: Callable[..., Settings], app_client: Any
) -> None:
    """Rule: the seating is replayed from the bots that filled empty seats at the start,
    not from whoever is a bot now (a seat handed to a bot, or a kicked player)."""
    settings = make_settings()
    with app_client(settings) as client:
        pod = new_pod(client, seats=8, seed=3)
        for name in ("Ann", "Bob", "Cid", "Dee"):
            join(client, pod, name)
        start(client, pod)
        before = seating(client, pod)
        players = client.get(pod.url("/host"), headers=pod.host).json()["players"]
        ids = {p["name"]: p["player_id"] for p in players}
        handed = client.post(pod.url(f"/players/{ids['Ann']}/bot"), headers=pod.host,
                             json={"bot": True})
        assert handed.status_code == 200, handed.text
        kicked = client.delete(pod.url(f"/players/{ids['Bob']}"), headers=pod.host)
        assert kicked.status_code in (200, 204), kicked.text
        names = [name for name, _bot in seating(client, pod)]
    assert names == [name for name, _bot in before]
    with app_client(settings) as client:
        assert [name for name, _bot in seating(client, pod)] == names
