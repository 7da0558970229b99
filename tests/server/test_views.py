"""The socket's seat view text is the same JSON as the HTTP seat view."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from server.runtime import Runtime
from server.views import seat_view, seat_view_json
from tests.server.builders import join, new_pod, start, take_first


def test_seat_view_json_is_the_seat_view(client: TestClient) -> None:
    pod = new_pod(client, bots=True)
    seat = join(client, pod, "Ann")
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    live = rt.registry.get(pod.pod_id)
    player = live.player(seat.player_id)
    lobby_version, lobby_text = seat_view_json(live, player)
    assert json.loads(lobby_text) == seat_view(live, player)
    start(client, pod)
    for _ in range(3):
        assert take_first(client, seat).status_code == 200
    version, text = seat_view_json(live, player)
    view = seat_view(live, player)
    assert json.loads(text) == view and version == view["version"] > lobby_version
    assert len(view["pool"]) == 6 and view["pack"]
