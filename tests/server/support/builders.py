"""Builders for server tests: make a pod, join it, pick. Work with TestClient or httpx.Client.

Reuse: `new_pod`, `join`, `bearer`, `take_first`, `draft_until_done` and `play_tables`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Protocol

import httpx
from fastapi.testclient import TestClient


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


Ask = tuple[str, str, dict[str, str], Any]
"""(method, url, headers, JSON body or None): one request `_draft_steps` wants answered."""


def draft_until_done(client: Client, seats: list[SeatHandle], limit: int = 1000) -> None:
    """Every human seat takes its first cards whenever it has a pack, until drafting ends.

    Through the HTTP API as a phone's page would, but fast, because the suite drafts in
    many tests: a pick's answer is the seat's next view, so a seat asks for its view only
    when it had no pack; and an in-process app (`TestClient`) is asked from inside its
    own event loop, all the draft in one hand-off (TestClient hands every request to the
    app's thread and back: ~1.5 ms of CPU each, more than the request itself)."""
    steps = _draft_steps(seats, limit)
    if not isinstance(client, TestClient):
        _answer_each(steps, lambda ask: client.post(ask[1], headers=ask[2], json=ask[3])
                     if ask[0] == "POST" else client.get(ask[1], headers=ask[2]))
        return
    transport = httpx.ASGITransport(app=client.app, client=("testclient", 50000))

    async def in_the_apps_loop() -> None:
        async with httpx.AsyncClient(transport=transport, base_url=str(client.base_url)) as app:
            try:
                ask = next(steps)
                while True:
                    method, url, headers, body = ask
                    ask = steps.send(await app.request(method, url, headers=headers, json=body))
            except StopIteration:
                return

    client.portal.call(in_the_apps_loop)  # type: ignore[union-attr]


def _answer_each(steps: Generator[Ask, Any, None], send: Callable[[Ask], Any]) -> None:
    try:
        ask = next(steps)
        while True:
            ask = steps.send(send(ask))
    except StopIteration:
        return


def _draft_steps(seats: list[SeatHandle], limit: int) -> Generator[Ask, Any, None]:
    """The draft as the requests it makes, each sent back its response (so one loop serves
    a blocking client and one inside the app's event loop)."""
    views: list[dict[str, Any]] = []
    for seat in seats:
        views.append(_ok((yield ("GET", f"/api/pods/{seat.pod_id}/me", seat.auth, None))))
    for _ in range(limit):
        if all(seen["phase"] != "drafting" for seen in views):
            return
        for index, seat in enumerate(seats):
            seen = views[index]
            if seen["phase"] != "drafting" or not seen["pack"]:
                views[index] = _ok((yield ("GET", f"/api/pods/{seat.pod_id}/me", seat.auth,
                                           None)))
                continue
            cards = [card["id"] for card in seen["pack"][: seen["picks_needed"]]]
            views[index] = _ok((yield ("POST", f"/api/pods/{seat.pod_id}/picks", seat.auth,
                                       {"pick": seen["pick"], "cards": cards})))
    raise AssertionError("the draft did not finish")


def _ok(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    return dict(response.json())


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
