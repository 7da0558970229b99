"""Names people read on the host screen: normalized (NFKC), compared by what they look like,
visible (a letter or a digit), and with a bounded stack of combining marks."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from pods.player_names import skeleton
from tests.server.support.builders import PodHandle, new_pod
from tests.server.support.databases import SQLITE_ONLY

CYRILLIC_A = "\u0410"
GRAPHEME_JOINER = "\u034f"


def seat(client: TestClient, pod: PodHandle, name: str) -> Any:
    return client.post(pod.url("/seats"), json={"name": name})


@SQLITE_ONLY
@pytest.mark.parametrize("lookalike", [
    f"Ann{GRAPHEME_JOINER}", f"{CYRILLIC_A}nn", "Ａｎｎ", "ANN", "A\u200bnn", "Ann\ufe0f",
])
def test_a_name_that_looks_like_a_taken_one_is_taken(client: TestClient, lookalike: str) -> None:
    pod = new_pod(client, seats=4)
    assert seat(client, pod, "Ann").status_code == 201
    refused = seat(client, pod, lookalike)
    assert refused.status_code in (409, 422), lookalike
    assert refused.json()["error"]["code"] in ("name_taken", "invalid")
    if refused.status_code == 409:
        assert refused.json()["error"]["code"] == "name_taken"


@SQLITE_ONLY
@pytest.mark.parametrize("invisible", ["\u2800", "\u3164", "\u3164\u3164", "\u115f",
                                       "\uffa0", " \u2800 ", "...", "\u034f\u034f"])
def test_a_name_needs_a_letter_or_a_digit_people_can_see(client: TestClient,
                                                         invisible: str) -> None:
    pod = new_pod(client, seats=4)
    refused = seat(client, pod, invisible)
    assert refused.status_code == 422, repr(invisible)
    assert refused.json()["error"]["code"] == "bad_name"


@SQLITE_ONLY
def test_a_tower_of_combining_marks_is_refused(client: TestClient) -> None:
    pod = new_pod(client, seats=4)
    refused = seat(client, pod, "Z" + "\u0301" * 31)
    assert refused.json()["error"]["code"] == "bad_name"


@SQLITE_ONLY
@pytest.mark.parametrize(("typed", "stored"), [
    ("Zoe\u0308", "Zoë"), ("Nguyễn", "Nguyễn"), ("Ｂｏｂ", "Bob"), ("ℌ𝔢𝔩𝔩𝔬", "Hello"),
    ("Саша", "Саша"), ("李小龍", "李小龍"), ("R2-D2", "R2-D2"), ("7", "7"),
])
def test_real_names_are_kept_in_their_normal_form(client: TestClient, typed: str,
                                                  stored: str) -> None:
    pod = new_pod(client, seats=2)
    assert seat(client, pod, typed).status_code == 201
    names = [p["name"] for p in client.get(pod.url()).json()["players"]]
    assert names == [stored]


@SQLITE_ONLY
def test_a_night_compares_names_the_same_way(client: TestClient) -> None:
    night = client.post("/api/events", json={"set": "CMR"}).json()
    url = f"/api/events/{night['event_id']}/players"
    assert client.post(url, json={"name": "Ann"}).status_code == 201
    for name, code in ((f"{CYRILLIC_A}nn", "name_taken"), ("\u2800", "bad_name")):
        assert client.post(url, json={"name": name}).json()["error"]["code"] == code


def test_the_skeleton_folds_case_width_marks_and_lookalike_letters() -> None:
    assert skeleton("Ann") == skeleton(f"{CYRILLIC_A}NN") == skeleton("ａｎｎ")
    assert skeleton("Zoë") != skeleton("Zoe"), "a visible mark makes another name"
    assert skeleton("Bob") != skeleton("Rob")
    assert skeleton("Pam") == skeleton("\u0420\u0430m")  # Cyrillic Р and а
