"""Two people take one name (or two names that look the same) on two cluster members at
the same moment.

Rule: the database settles it as one process would: one joins, the other is refused with
`name_taken` (409) — never both seated, and never a "try again" that the phone must
resend to learn the name was taken.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from server.names import skeleton
from tests.server.builders import new_pod
from tests.server.cluster.members import SEED, two_members, wait_known
from tests.server.live import LiveServer

ROUNDS = 6


@pytest.fixture(scope="module")
def members(postgres_url: str, tmp_path_factory: pytest.TempPathFactory,
            ) -> Iterator[list[LiveServer]]:
    with two_members(postgres_url, tmp_path_factory.mktemp("names")) as started:
        yield started


def race(members: list[LiveServer], path: str, names: tuple[str, str],
         rng: random.Random) -> list[tuple[int, str]]:
    """POST `{"name": …}` to `path` on both members at once; (status, error code) each."""
    answers: list[tuple[int, str]] = []
    go = threading.Event()

    def post(server: LiveServer, name: str, delay: float) -> None:
        with httpx.Client(base_url=server.base_url, timeout=10) as client:
            go.wait(5)
            time.sleep(delay)
            response = client.post(path, json={"name": name})
        body: Any = response.json()
        ok = response.is_success
        answers.append((200 if ok else response.status_code, "" if ok else body["error"]["code"]))

    threads = [threading.Thread(target=post, args=(server, name, rng.uniform(0, 0.003)))
               for server, name in zip(members, names, strict=True)]
    for thread in threads:
        thread.start()
    time.sleep(0.05)
    go.set()
    for thread in threads:
        thread.join(15)
    return answers


def racing_names(i: int) -> tuple[str, str]:
    """The same name, or one that looks the same (a Cyrillic 'а', other case)."""
    return (f"Racer {i}", f"Racer {i}") if i % 2 else (f"Mara {i}", f"MАRA {i}")


@pytest.mark.slow
def test_one_name_on_two_members_at_once_joins_a_night_once(
    members: list[LiveServer]
) -> None:
    a, b = members
    rng = random.Random(SEED)
    with a.client() as client:
        night = client.post("/api/events", json={"set": "CMR", "seed": SEED}).json()
    path = f"/api/events/{night['event_id']}/players"
    for i in range(ROUNDS):
        names = racing_names(i)
        assert sorted(race(members, path, names, rng)) == [(200, ""), (409, "name_taken")]
    with b.client() as client:
        shown = client.get(f"/api/events/{night['event_id']}",
                           headers={"Authorization": f"Bearer {night['host_token']}"}).json()
    skeletons = [skeleton(p["name"]) for p in shown["players"]]
    assert len(skeletons) == ROUNDS == len(set(skeletons))


@pytest.mark.slow
def test_one_name_on_two_members_at_once_joins_a_pod_once(
    members: list[LiveServer]
) -> None:
    a, b = members
    rng = random.Random(SEED + 1)
    with a.client() as client:
        pod = new_pod(client, seats=8, seed=SEED)
    wait_known(b, pod)
    for i in range(ROUNDS):
        names = racing_names(i)
        assert sorted(race(members, pod.url("/seats"), names, rng)) == [
            (200, ""), (409, "name_taken")]
    for server in members:
        with server.client() as client:
            shown = client.get(pod.url(), headers=pod.host).json()
        humans = [p["name"] for p in shown["players"]]
        assert len(humans) == ROUNDS == len({skeleton(name) for name in humans})
