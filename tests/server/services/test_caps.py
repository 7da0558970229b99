"""The host can always open a night: strangers on the Wi-Fi fill at most their own share of
the pods and nights (per address, and in total short of the host's reserve), and the laptop
and a season's host use the reserve they cannot reach (issue #42, item 1)."""

from __future__ import annotations

from typing import Any

from tests.server.support.builders import bearer
from tests.server.support.databases import SQLITE_ONLY
from tests.server.support.peers import strict_peers  # noqa: F401 (the `strict` fixture)

pytestmark = SQLITE_ONLY

GENEROUS = {"rate_create_burst": 100, "rate_join_burst": 100, "rate_limit_exempt": "127.0.0.1"}
"""No rate limit in the way: the caps alone are what these tests probe."""


def _code(answer: Any) -> tuple[int, str | None]:
    return answer.status_code, answer.json().get("error", {}).get("code")


def test_strangers_cannot_use_up_the_pods_the_laptop_needs(strict: Any) -> None:
    caps = {"max_pods": 6, "pods_reserved_for_host": 2, "max_pods_per_client": 2}
    first = strict("192.168.1.50", **GENEROUS, **caps)
    codes = [_code(first.post("/api/pods", json={"seats": 2})) for _ in range(3)]
    assert codes == [(201, None), (201, None), (409, "device_pods_full")]
    second = strict("192.168.1.51")
    assert [_code(second.post("/api/pods", json={"seats": 2}))[0] for _ in range(2)] == [201, 201]
    third = strict("192.168.1.52")
    assert _code(third.post("/api/pods", json={"seats": 2})) == (409, "too_many_pods")
    laptop = strict("127.0.0.1")
    assert [laptop.post("/api/pods", json={"seats": 2}).status_code for _ in range(2)] == [201, 201]
    assert _code(laptop.post("/api/pods", json={"seats": 2})) == (409, "too_many_pods")


def test_strangers_cannot_use_up_the_nights_the_host_needs(strict: Any) -> None:
    caps = {"max_open_events": 5, "events_reserved_for_host": 3,
            "events_reserved_for_laptop": 1, "max_open_events_per_client": 1}
    strangers = [strict(f"192.168.1.{60 + n}", **GENEROUS, **caps) for n in range(3)]
    assert strangers[0].post("/api/events", json={"set": "CMR"}).status_code == 201
    again = strangers[0].post("/api/events", json={"set": "CMR"})
    assert _code(again) == (409, "device_events_full")
    codes = [_code(s.post("/api/events", json={"set": "CMR"})) for s in strangers[1:]]
    assert codes == [(201, None), (409, "too_many_events")]
    season = strict("127.0.0.1").post("/api/seasons", json={"name": "Friday"}).json()
    host_phone = strict("192.168.1.99")
    tonight = host_phone.post("/api/events", headers=bearer(season["host_token"]),
                              json={"set": "CMR", "season_id": season["season_id"]})
    assert tonight.status_code == 201, tonight.text  # "Open tonight's night"
    second = host_phone.post("/api/events", headers=bearer(season["host_token"]),
                             json={"set": "CMR", "season_id": season["season_id"]})
    assert _code(second) == (409, "season_events_full"), "one season, one open night"
    laptop = strict("127.0.0.1")
    assert [laptop.post("/api/events", json={"set": "CMR"}).status_code
            for _ in range(2)] == [201, 201]
    assert _code(laptop.post("/api/events", json={"set": "CMR"})) == (409, "too_many_events")


def test_the_laptops_night_forms_its_pods_from_the_reserve(strict: Any) -> None:
    caps = {"max_pods": 3, "pods_reserved_for_host": 2, "max_pods_per_client": 1}
    stranger = strict("192.168.1.70", **GENEROUS, **caps)
    assert stranger.post("/api/pods", json={"seats": 2}).status_code == 201
    other = strict("192.168.1.71").post("/api/pods", json={"seats": 2})
    assert _code(other) == (409, "too_many_pods"), "the last two are the host's"
    laptop = strict("127.0.0.1")
    night = laptop.post("/api/events", json={"set": "CMR"}).json()
    for n in range(10):
        joined = strict(f"192.168.1.{100 + n}").post(
            f"/api/events/{night['event_id']}/players", json={"name": f"P{n}"})
        assert joined.status_code == 201
    formed = laptop.post(f"/api/events/{night['event_id']}/pods",
                         headers=bearer(night["host_token"]), json={"policy": "balanced"})
    assert formed.status_code == 200, formed.text
    assert len(formed.json()["pods"]) == 2


def test_a_stranger_who_makes_seasons_cannot_use_up_the_laptops_nights(strict: Any) -> None:
    """Anyone may make a season, and its token reached the host's reserve: a stranger who
    made seasons opened nights with their tokens until the laptop was refused. A season
    made on a stranger's phone is now a stranger's (its per-address share, and strangers'
    total), and the laptop keeps a reserve of its own that no token reaches."""
    caps = {"max_open_events": 4, "events_reserved_for_host": 2,
            "events_reserved_for_laptop": 1, "max_open_events_per_client": 1}
    strict("127.0.0.1", **GENEROUS, **caps)
    stranger = strict("192.168.1.80")
    codes = []
    for n in range(2):
        season = stranger.post("/api/seasons", json={"name": f"Junk {n}"}).json()
        codes.append(_code(stranger.post("/api/events", headers=bearer(season["host_token"]),
                                         json={"set": "CMR", "season_id": season["season_id"]})))
    assert codes == [(201, None), (409, "device_events_full")]
    for n in range(3):
        other = strict(f"192.168.1.{81 + n}")
        season = other.post("/api/seasons", json={"name": f"More junk {n}"}).json()
        codes.append(_code(other.post("/api/events", headers=bearer(season["host_token"]),
                                      json={"set": "CMR", "season_id": season["season_id"]})))
    assert codes[2:] == [(201, None)] + [(409, "too_many_events")] * 2
    laptop = strict("127.0.0.1")
    assert [laptop.post("/api/events", json={"set": "CMR"}).status_code
            for _ in range(2)] == [201, 201]
    assert _code(laptop.post("/api/events", json={"set": "CMR"})) == (409, "too_many_events")


def test_a_stranger_who_makes_seasons_cannot_use_up_the_laptops_pods(strict: Any) -> None:
    """The same for pods: a season's night forms its pods from the host's reserve only if
    the season was made on the laptop; a stranger's season's nights stop where strangers
    do, and the laptop's own part is left whole."""
    caps = {"max_pods": 4, "pods_reserved_for_host": 2, "pods_reserved_for_laptop": 1,
            "max_pods_per_client": 4}
    stranger = strict("192.168.1.81", **GENEROUS, **caps)
    codes = []
    for n in range(4):
        season = stranger.post("/api/seasons", json={"name": f"Junk {n}"}).json()
        night = stranger.post("/api/events", headers=bearer(season["host_token"]),
                              json={"set": "CMR", "season_id": season["season_id"]}).json()
        for name in ("Ann", "Bob"):
            joined = stranger.post(f"/api/events/{night['event_id']}/players",
                                   json={"name": name})
            assert joined.status_code == 201, joined.text
        codes.append(_code(stranger.post(f"/api/events/{night['event_id']}/pods",
                                         headers=bearer(night["host_token"]),
                                         json={"policy": "balanced"})))
    assert codes == [(200, None)] * 2 + [(409, "too_many_pods")] * 2
    laptop = strict("127.0.0.1")
    assert [laptop.post("/api/pods", json={"seats": 2}).status_code
            for _ in range(2)] == [201, 201]
    assert _code(laptop.post("/api/pods", json={"seats": 2})) == (409, "too_many_pods")


def test_strangers_who_make_seasons_cannot_lock_out_a_real_seasons_host(strict: Any) -> None:
    """The issue's "a season's host is never refused by caps that strangers fill": a season
    made on a stranger's phone is a stranger's, its token no key to the host's reserve, so
    the store's season (made on the laptop) opens tonight's night from a phone whatever
    strangers' seasons did."""
    caps = {"max_open_events": 5, "events_reserved_for_host": 3,
            "events_reserved_for_laptop": 1, "max_open_events_per_client": 1}
    store = strict("127.0.0.1", **GENEROUS, **caps).post("/api/seasons", json={"name": "Fri"})
    codes = []
    for n in range(4):
        stranger = strict(f"192.168.1.{120 + n}")
        junk = stranger.post("/api/seasons", json={"name": f"Junk {n}"}).json()
        codes.append(_code(stranger.post("/api/events", headers=bearer(junk["host_token"]),
                                         json={"set": "CMR", "season_id": junk["season_id"]})))
    assert codes == [(201, None)] * 2 + [(409, "too_many_events")] * 2
    season = store.json()
    tonight = strict("192.168.1.99").post(
        "/api/events", headers=bearer(season["host_token"]),
        json={"set": "CMR", "season_id": season["season_id"]})
    assert tonight.status_code == 201, tonight.text
