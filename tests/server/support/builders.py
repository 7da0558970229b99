"""Builders for server tests: make a pod, join it, pick. Work with TestClient or httpx.Client.

Reuse: `new_pod`, `join`, `bearer`, `take_first`, `draft_until_done` and `play_tables`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


class Client(Protocol):
    def get(self, url: str, **kwargs: Any) -> Any: ...
    def post(self, url: str, **kwargs: Any) -> Any: ...
    def put(self, url: str, **kwargs: Any) -> Any: ...


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class PodHandle:
    pod_id: str
    host_token: str
    data: dict[str, Any]

    @property
    def host(self) -> dict[str, str]:
        return bearer(self.host_token)

    def url(self, suffix: str = "") -> str:
        return f"/api/pods/{self.pod_id}{suffix}"


@dataclass
class SeatHandle:
    pod_id: str
    player_id: str
    token: str
    name: str

    @property
    def auth(self) -> dict[str, str]:
        return bearer(self.token)


def new_pod(client: Client, seats: int = 8, seed: int = 7, **extra: Any) -> PodHandle:
    """A pod of CMR boosters, unless `extra` names a line-up (`packs=[...]`) or a set."""
    body = {"seats": seats, "seed": seed, **extra}
    if "packs" not in extra:
        body.setdefault("set", "CMR")
    response = client.post("/api/pods", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    return PodHandle(data["pod_id"], data["host_token"], data)


def join(client: Client, pod: PodHandle, name: str) -> SeatHandle:
    response = client.post(pod.url("/seats"), json={"name": name})
    assert response.status_code == 201, response.text
    data = response.json()
    return SeatHandle(pod.pod_id, data["player_id"], data["seat_token"], name)


def start(client: Client, pod: PodHandle) -> dict[str, Any]:
    response = client.post(pod.url("/start"), headers=pod.host)
    assert response.status_code == 200, response.text
    return dict(response.json())


def me(client: Client, seat: SeatHandle) -> dict[str, Any]:
    response = client.get(f"/api/pods/{seat.pod_id}/me", headers=seat.auth)
    assert response.status_code == 200, response.text
    return dict(response.json())


def take_first(client: Client, seat: SeatHandle, view: dict[str, Any] | None = None) -> Any:
    """Pick the first `picks_needed` cards of the seat's pack; returns the response."""
    view = view or me(client, seat)
    cards = [card["id"] for card in view["pack"][: view["picks_needed"]]]
    return client.post(f"/api/pods/{seat.pod_id}/picks", headers=seat.auth,
                       json={"pick": view["pick"], "cards": cards})


def draft_until_done(client: Client, seats: list[SeatHandle], limit: int = 1000) -> None:
    """Every human seat takes its first cards whenever it has a pack, until drafting ends."""
    for _ in range(limit):
        views = [me(client, seat) for seat in seats]
        if all(view["phase"] != "drafting" for view in views):
            return
        for seat, view in zip(seats, views, strict=True):
            if view["pack"]:
                response = take_first(client, seat, view)
                assert response.status_code == 200, response.text
    raise AssertionError("the draft did not finish")


def play_tables(client: Client, names: tuple[str, ...] = ("Ann", "Bob", "Cid"),
                seed: int = 9) -> tuple[PodHandle, dict[str, SeatHandle]]:
    """A pod of `names` drafted, Ann's deck submitted (two Pipers, not legal), tables split
    (the host confirmed splitting without legal decks)."""
    pod = new_pod(client, seats=len(names), seed=seed)
    seats = {name: join(client, pod, name) for name in names}
    start(client, pod)
    draft_until_done(client, list(seats.values()))
    deck = {"commanders": [{"piper": True, "color": "R"}, {"piper": True, "color": "G"}],
            "main": [], "basics": {"Mountain": 10}}
    response = client.put(pod.url("/deck"), headers=seats["Ann"].auth, json=deck)
    assert response.status_code == 200, response.text
    response = client.post(pod.url("/tables"), headers=pod.host, json={"without_decks": True})
    assert response.status_code == 200, response.text
    return pod, seats
