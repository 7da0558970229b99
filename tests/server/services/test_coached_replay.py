"""The replay that coaches: beside each pick of a seat the viewer may open, the bot's
choice from that pack with that pool and why, and the colors flowing each round."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.server.services.test_replays import SEATS, drafted_pod, listed, seat_of
from tests.server.support.databases import SQLITE_ONLY


@SQLITE_ONLY
def test_each_pick_shows_the_bots_choice_and_the_bot_agrees_with_its_own_seat(
        client: TestClient) -> None:
    pod, seats = drafted_pod(client, "after_draft")
    people = {seat_of(client, seats[name]) for name in seats}
    [bot_seat] = set(range(SEATS)) - people
    bot = client.get(pod.url(f"/replay/{bot_seat}"), headers=seats["Ann"].auth).json()
    assert len(bot["bot_picks"]) == len(bot["picks"]) == 30
    assert all(choice["same"] for choice in bot["bot_picks"])  # deterministic: same seed, seat
    ann = client.get(pod.url(f"/replay/{seat_of(client, seats['Ann'])}"),
                     headers=seats["Ann"].auth).json()
    for pick, choice in zip(ann["picks"], ann["bot_picks"], strict=True):
        pack = {card["id"] for card in pick["pack"]}
        assert set(choice["took"]) <= pack and len(choice["took"]) == len(pick["taken"])
        assert choice["same"] == (set(choice["took"]) == {c["id"] for c in pick["taken"]})
        assert [why["id"] for why in choice["why"]] == choice["took"]
    assert [flow["round"] for flow in ann["flow"]] == [1, 2, 3]


@SQLITE_ONLY
def test_a_seat_the_rule_hides_shows_no_coaching(client: TestClient) -> None:
    pod, seats = drafted_pod(client, "own_seat")
    other = seat_of(client, seats["Bob"])
    hidden = client.get(pod.url(f"/replay/{other}"), headers=seats["Ann"].auth)
    assert hidden.status_code == 403 and "bot_picks" not in hidden.text


@SQLITE_ONLY
@pytest.mark.parametrize("mode", ["nobody", "own_seat", "after_night"])
def test_while_the_rule_hides_other_seats_the_coaching_names_only_what_the_seat_saw(
        client: TestClient, mode: str) -> None:
    """The bot's choice and the colors flowing are read from the packs that reached the
    seat: a seat's coaching never names a card of a pack it did not see, and every seat the
    rule hides (the bot's included) answers 403 with no coaching at all."""
    pod, seats = drafted_pod(client, mode)
    ann = seats["Ann"]
    mine = seat_of(client, ann)
    opened = listed(client, pod, ann.auth)
    assert opened == ([] if mode == "nobody" else [mine])
    for seat in range(SEATS):
        reply = client.get(pod.url(f"/replay/{seat}"), headers=ann.auth)
        if seat not in opened:
            assert reply.status_code == 403, (seat, reply.text)
            assert reply.json()["error"]["code"] == "replay_hidden"
            assert not {"bot_picks", "took", "pack"} & set(reply.text.replace('"', " ").split())
            continue
        body = reply.json()
        seen = {card["id"] for pick in body["picks"] for card in pick["pack"]}
        named = {card for choice in body["bot_picks"] for card in choice["took"]}
        named |= {why["id"] for choice in body["bot_picks"] for why in choice["why"]}
        assert named and named <= seen
        assert all(set(flow) == {"round", "colors"} for flow in body["flow"])
