"""The error envelope speaks the reader's language by `code`; English keeps its detail."""

from __future__ import annotations

from fastapi.testclient import TestClient

from server.i18n.errors import error_message
from tests.server.support.builders import new_pod


def test_english_keeps_the_handlers_own_sentence() -> None:
    assert error_message("pod_full", "en", "all 8 seats are taken") == "all 8 seats are taken"


def test_other_languages_get_the_sentence_for_the_code() -> None:
    assert error_message("pod_full", "ru", "all 8 seats are taken") == "Все места заняты."
    assert error_message("pod_full", "it", "all 8 seats are taken") == (
        "Tutti i posti sono occupati.")


def test_an_unknown_code_keeps_the_english_sentence() -> None:
    assert error_message("brand_new", "ru", "Something new.") == "Something new."


def test_a_refusal_reaches_a_russian_phone_in_russian(client: TestClient) -> None:
    pod = new_pod(client, seats=2)
    for name in ("Ann", "Bob"):
        assert client.post(pod.url("/seats"), json={"name": name}).status_code == 201
    full = client.post(pod.url("/seats"), json={"name": "Cid"},
                       headers={"Accept-Language": "ru-RU,ru;q=0.9"})
    assert full.json()["error"] == {"code": "pod_full", "message": "Все места заняты."}
    english = client.post(pod.url("/seats"), json={"name": "Cid"})
    assert english.json()["error"]["code"] == "pod_full"
    assert "seats are taken" in english.json()["error"]["message"]


def test_the_cookie_choice_applies_to_the_api(client: TestClient) -> None:
    client.cookies.set("prismatic_lang", "it")
    missing = client.get("/api/pods/nope/me", headers={"Authorization": "Bearer x"})
    assert missing.json()["error"]["message"] in (
        "Questo pod non esiste.", "Questo link non è più valido per questo pod.")


def test_a_refused_socket_message_reaches_an_italian_phone_in_italian(
    client: TestClient,
) -> None:
    pod = new_pod(client, seats=2)
    seat = client.post(pod.url("/seats"), json={"name": "Ann"}).json()
    url = f"/ws/pods/{pod.pod_id}?token={seat['seat_token']}"
    with client.websocket_connect(url, headers={"Accept-Language": "it-IT,it"}) as ws:
        assert ws.receive_json()["type"] == "snapshot"
        ws.send_text("{not json")
        refused = ws.receive_json()
    assert refused["type"] == "error" and refused["code"] == "malformed"
    assert refused["message"] == error_message("malformed", "it", "")
    assert refused["message"] != error_message("malformed", "en", "That message is not valid JSON.")
