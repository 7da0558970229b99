"""Public ids are easy to read aloud; older ids keep working."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from server.core.security import ID_ALPHABET, new_id
from server.services.night import lifecycle
from tests.server.support.builders import join, new_pod

LOOK_ALIKES = set("0Oo1lI-_")


def test_new_ids_use_no_look_alike_characters() -> None:
    ids = {new_id() for _ in range(500)}
    assert len(ids) == 500
    assert not LOOK_ALIKES & set("".join(ids))
    assert all(len(i) == 11 and set(i) <= set(ID_ALPHABET) for i in ids)


def test_a_pod_whose_id_has_the_older_alphabet_still_works(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = iter(["Fe-Ix_O2Mg0"])  # URL-safe base64, as earlier versions made pod ids
    monkeypatch.setattr(lifecycle, "new_id", lambda: next(ids, None) or new_id())
    pod = new_pod(client, seats=2)
    assert pod.pod_id == "Fe-Ix_O2Mg0"
    assert client.get(f"/pods/{pod.pod_id}/join").status_code == 200
    assert client.get(f"/pods/{pod.pod_id}/host").status_code == 200
    seat = join(client, pod, "Ann")
    assert client.get(f"/api/pods/{pod.pod_id}/me", headers=seat.auth).status_code == 200
