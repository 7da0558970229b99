"""The join page describes its pod in its own HTML (issue #46): a phone on a crowded Wi-Fi
sees the set, the seats taken and whether a code is asked without a request after the page
(each round trip costs ~150 ms there); a pod this process does not hold is described by the
page's script, as before."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.server.support.builders import join, new_pod
from tests.server.support.databases import SQLITE_ONLY

INFO = re.compile(r'<p id="pod-info"[^>]*>([^<]*)</p>')
CODE_FIELD = re.compile(r'<div id="code-field" class="field"( hidden)?>')


def described(page: str) -> str:
    found = INFO.search(page)
    assert found, "the page has its pod's line"
    return found.group(1)


def code_hidden(page: str) -> bool:
    found = CODE_FIELD.search(page)
    assert found, "the page has the join code's field"
    return bool(found.group(1))


@SQLITE_ONLY
def test_the_join_page_says_the_set_and_the_seats_taken_in_its_html(
        client: TestClient) -> None:
    pod = new_pod(client, seats=4)
    join(client, pod, "Ann")
    page = client.get(f"/pods/{pod.pod_id}/join").text
    assert described(page) == "CMR · 1 of 4 seats taken"
    assert code_hidden(page), "no code asked: no code field"
    assert 'data-script="waiting"' in page, "the form says when its script is not there yet"


@SQLITE_ONLY
def test_the_description_is_in_the_pages_language(client: TestClient) -> None:
    pod = new_pod(client, seats=4)
    page = client.get(f"/pods/{pod.pod_id}/join?lang=ru").text
    assert described(page) == "CMR · Занято мест: 0 из 4"


@SQLITE_ONLY
def test_a_lobby_that_asks_a_code_shows_its_field_at_once(client: TestClient) -> None:
    pod = new_pod(client, seats=4)
    assert client.post(pod.url("/lobby"), json={"join_code": True},
                       headers=pod.host).status_code == 200
    assert not code_hidden(client.get(f"/pods/{pod.pod_id}/join").text)


@SQLITE_ONLY
def test_a_pod_not_held_here_is_left_to_the_pages_script(client: TestClient) -> None:
    """An unknown pod (or one only another process holds) gets an empty line: the script
    asks the API, which says 'This pod does not exist.' or describes it."""
    page = client.get("/pods/nosuchpod/join")
    assert page.status_code == 200
    assert described(page.text) == ""
    assert code_hidden(page.text)
