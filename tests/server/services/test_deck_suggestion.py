"""`POST deck/suggestion`: suggested decks as bodies `PUT deck` accepts, legal, nothing stored."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.support.builders import (
    PodHandle,
    SeatHandle,
    draft_until_done,
    join,
    me,
    new_pod,
    start,
)


def suggest(client: TestClient, pod: PodHandle, seat: SeatHandle,
            language: str = "en") -> Any:
    return client.post(pod.url(f"/deck/suggestion?lang={language}"), headers=seat.auth)


def body(suggestion: dict[str, Any]) -> dict[str, Any]:
    return {key: suggestion[key] for key in ("commanders", "main", "basics")}


def test_every_suggestion_is_a_legal_deck_body_of_the_seats_pool(
    client: TestClient, built: tuple[PodHandle, list[SeatHandle]]
) -> None:
    pod, seats = built
    for seat in seats:
        response = suggest(client, pod, seat)
        assert response.status_code == 200, response.text
        suggestions = response.json()["suggestions"]
        assert 1 <= len(suggestions) <= 3
        pool = {c["id"] for c in me(client, seat)["pool"]}
        for suggestion in suggestions:
            assert set(suggestion["main"]) <= pool
            submitted = client.put(pod.url("/deck"), headers=seat.auth, json=body(suggestion))
            assert submitted.json()["report"]["legal"], submitted.json()["report"]


def test_a_suggestion_stores_nothing(
    client: TestClient, built: tuple[PodHandle, list[SeatHandle]]
) -> None:
    pod, seats = built
    suggest(client, pod, seats[0])
    assert me(client, seats[0]).get("deck") is None
    host = client.get(pod.url("/host"), headers=pod.host).json()
    assert not any(p["deck_submitted"] for p in host["players"])


def test_the_notes_are_in_the_phones_language(
    client: TestClient, built: tuple[PodHandle, list[SeatHandle]]
) -> None:
    pod, seats = built
    english = suggest(client, pod, seats[0]).json()["suggestions"][0]["notes"]
    russian = suggest(client, pod, seats[0], "ru").json()["suggestions"][0]["notes"]
    assert [n["id"] for n in english] == [n["id"] for n in russian]
    assert english[0]["message"] != russian[0]["message"]
    assert "lands" in english[0]["message"] and "земел" in russian[0]["message"]


def test_no_suggestion_before_the_draft_ends(client: TestClient) -> None:
    pod = new_pod(client, seats=3, seed=9)
    ann = join(client, pod, "Ann")
    start(client, pod)
    response = suggest(client, pod, ann)
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "wrong_phase"


def test_a_stranger_gets_no_suggestion(
    client: TestClient, built: tuple[PodHandle, list[SeatHandle]]
) -> None:
    pod, _ = built
    response = client.post(pod.url("/deck/suggestion"), headers={"Authorization": "Bearer x"})
    assert response.status_code in (401, 403)


def test_a_cube_pod_gets_legal_suggestions_too(client: TestClient) -> None:
    from tests.server.services.test_cube_pods import cube

    pod = new_pod(client, seats=2, seed=4, cube=cube(120))
    ann = join(client, pod, "Ann")
    start(client, pod)
    draft_until_done(client, [ann])
    suggestions = suggest(client, pod, ann).json()["suggestions"]
    assert suggestions
    submitted = client.put(pod.url("/deck"), headers=ann.auth, json=body(suggestions[0]))
    assert submitted.json()["report"]["legal"], submitted.json()["report"]
