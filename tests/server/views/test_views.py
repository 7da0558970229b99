"""View details that phones rely on."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone

from fastapi.testclient import TestClient

from server.db.repo import as_utc
from server.realtime.live import LivePlayer, LivePod
from server.runtime import Runtime
from server.views.pod import PoolSent, iso, pod_views, seat_text, seat_view, seat_view_text
from tests.server.support.builders import SeatHandle, join, me, new_pod, start, take_first


def test_deadlines_are_sent_in_utc_whatever_zone_the_database_used() -> None:
    paris = timezone(timedelta(hours=1))
    moment = datetime(2026, 11, 29, 21, 15, 3, tzinfo=paris)
    assert iso(moment) == "2026-11-29T20:15:03Z"
    assert as_utc(moment) == datetime(2026, 11, 29, 20, 15, 3, tzinfo=UTC)
    assert as_utc(datetime(2026, 11, 29, 20, 15, 3)) == datetime(2026, 11, 29, 20, 15, 3,
                                                                 tzinfo=UTC)


def test_the_sockets_seat_view_text_is_the_seat_view(client: TestClient) -> None:
    pod = new_pod(client, bots=True)
    seat = join(client, pod, "Ann")
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    live = rt.registry.get(pod.pod_id)
    player = live.player(seat.player_id)
    lobby_version, lobby_text = seat_view_text(live, player)
    assert json.loads(lobby_text) == seat_view(live, player)
    start(client, pod)
    for _ in range(3):
        assert take_first(client, seat).status_code == 200
    version, text = seat_view_text(live, player)
    view = seat_view(live, player)
    assert json.loads(text) == view and version == view["version"] > lobby_version
    assert len(view["pool"]) == 6 and view["pack"]


def test_the_sockets_seat_view_text_is_ascii_whatever_the_names_and_cards(
        client: TestClient) -> None:
    """Card types ("Creature — Elf") and names ("Аня") are sent as JSON escapes, so a
    frame's UTF-8 encoding is a copy (#45); the phone parses the same view."""
    pod = new_pod(client, bots=True)
    seat = join(client, pod, "Аня 🂡")
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    live = rt.registry.get(pod.pod_id)
    player = live.player(seat.player_id)
    start(client, pod)
    assert take_first(client, seat).status_code == 200
    _, text = seat_view_text(live, player)
    view = seat_view(live, player)
    assert not json.dumps(view, ensure_ascii=False).isascii()  # there is something to escape
    assert text.isascii() and json.loads(text) == view
    assert view["me"]["name"] == "Аня 🂡"


def ann_after_one_pick(client: TestClient) -> tuple[LivePod, LivePlayer, SeatHandle]:
    """A drafting pod (Ann and bots) in which Ann has made her first pick."""
    pod = new_pod(client, bots=True)
    seat = join(client, pod, "Ann")
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    live = rt.registry.get(pod.pod_id)
    start(client, pod)
    assert take_first(client, seat).status_code == 200
    return live, live.player(seat.player_id), seat


def test_a_socket_is_sent_its_pool_once_then_only_the_cards_added(client: TestClient) -> None:
    live, player, seat = ann_after_one_pick(client)
    sent = PoolSent()
    first = json.loads(seat_view_text(live, player, sent)[1])
    assert "pool_added" not in first and first["pool_count"] == len(first["pool"]) == 2
    again = json.loads(seat_view_text(live, player, sent)[1])
    assert "pool" not in again and again["pool_added"] == []
    assert take_first(client, seat).status_code == 200
    later = json.loads(seat_view_text(live, player, sent)[1])
    assert later["pool_count"] == 4
    assert first["pool"] + later["pool_added"] == seat_view(live, player)["pool"]


def test_a_pool_that_did_not_grow_from_what_was_sent_is_sent_whole(client: TestClient) -> None:
    live, player, _seat = ann_after_one_pick(client)
    sent = PoolSent(count=2, last_id=-1)  # not this pool's second card
    view = json.loads(seat_view_text(live, player, sent)[1])
    assert "pool_added" not in view and len(view["pool"]) == 2
    assert (sent.count, sent.last_id) == (2, view["pool"][-1]["id"])


def test_packs_a_bot_passed_do_not_count_as_people_waiting(client: TestClient) -> None:
    pod = new_pod(client, seats=4, seed=3, bots=True)
    ann = join(client, pod, "Ann")
    start(client, pod)
    take_first(client, ann)  # the bots have passed on already: packs queue for Ann
    view = me(client, ann)
    assert view["packs_waiting"] >= 1
    assert view["packs_from_people"] == 0


def test_a_seats_view_is_built_once_per_pod_version_and_shared(client: TestClient) -> None:
    """Two sockets of one seat (and the HTTP answer) at one version share one encoded
    view; every seat of the pod shares the player lines; a new version builds anew."""
    live, player, seat = ann_after_one_pick(client)
    first = seat_text(live, player)
    assert seat_text(live, player) is first
    one, two = PoolSent(), PoolSent()
    assert seat_view_text(live, player, one) == seat_view_text(live, player, two)
    views = pod_views(live)
    bot = next(p for p in live.night.players if p.bot and p.seat is not None)
    seat_text(live, bot)
    assert set(views.seats) == {(player.id, "en"), (bot.id, "en")}
    assert views.players is not None
    assert seat_view(live, bot)["players"] == views.players
    # The part every seat shows alike is encoded once and spliced into each seat's text.
    assert views.head is not None
    assert all(views.seats[key].head.startswith("{" + views.head + ",") for key in views.seats)
    assert json.loads(seat_view_text(live, bot)[1]) == seat_view(live, bot)

    assert take_first(client, seat).status_code == 200  # the pod moves on: a new version

    fresh = seat_text(live, player)
    assert fresh is not first and fresh.version > first.version
    assert json.loads(seat_view_text(live, player)[1]) == seat_view(live, player)
    assert pod_views(live) is not views
