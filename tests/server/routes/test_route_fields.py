"""The test apps' shared route validators and typed signatures
(tests/server/support/route_fields.py) change nothing an app documents or answers: only
who builds them, once per test worker."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from server.app import create_app
from server.core.settings import Settings
from server.routes import seasons
from tests.server.support import route_fields
from tests.server.support.databases import SQLITE_ONLY

pytestmark = SQLITE_ONLY


def answers(app: FastAPI) -> list[tuple[int, Any]]:
    """What an app says to a malformed and a well-formed season, and its OpenAPI document."""
    with TestClient(app) as client:
        bad = client.post("/api/seasons", json={"name": "", "scoring": "chess"})
        good = client.post("/api/seasons", json={"name": "Spring", "scoring": "placement",
                                                  "points": {"1": 5}})
        document = client.get("/openapi.json")
    assert good.status_code == 201, good.text
    return [(bad.status_code, bad.json()), (good.status_code, sorted(good.json())),
            (document.status_code, document.json())]


def adapters(app: FastAPI) -> dict[str, Any]:
    """Each route's response validator, by the route's unique id."""
    found: dict[str, Any] = {}
    branches = [route for route in app.router.routes if hasattr(route, "effective_candidates")]
    while branches:
        for candidate in branches.pop().effective_candidates():
            if hasattr(candidate, "effective_candidates"):
                branches.append(candidate)
            elif getattr(candidate, "response_field", None) is not None:
                found[candidate.unique_id] = candidate.response_field._type_adapter
    return found


def test_an_app_on_shared_validators_answers_and_documents_what_one_on_its_own_does(
    make_settings: Any,
) -> None:
    settings: Settings = make_settings()  # the three apps one after the other on one database
    with route_fields.fresh_route_fields():
        own = create_app(settings)
        expected = answers(own)
    shared = create_app(settings)
    assert answers(shared) == expected
    if route_fields.shared():
        again = create_app(settings)
        answers(again)
        ours, theirs = adapters(again), adapters(shared)
        assert ours and ours.keys() == theirs.keys()
        assert all(ours[name] is theirs[name] for name in ours)  # built once, not per app
        assert not any(ours[name] is mine for name, mine in adapters(own).items())


def test_an_endpoints_typed_signature_is_read_once_for_every_app(make_settings: Any) -> None:
    settings: Settings = make_settings()
    answers(create_app(settings))
    if not route_fields.shared_signatures():
        return
    kept = route_fields.signature_kept(seasons.create_season)
    assert kept is not None and "body" in kept.parameters
    answers(create_app(settings))
    assert route_fields.signature_kept(seasons.create_season) is kept  # not read again

