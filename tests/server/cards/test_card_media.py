"""The phone's card JSON: imported rules text as `text`, cached images served locally."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session

from draft.cards import load_set
from draft.imports import parse_card_file
from server.cards.images import image_path
from server.core.settings import Settings
from server.db import cards_store
from server.db.engine import create_db_engine
from server.db.migrate import upgrade_to_head
from tests.server.support.builders import join, me, new_pod, start
from tests.server.support.fake_scryfall import fake_scryfall

JPEG = b"\xff\xd8\xff\xe0cached\xff\xd9"
CLB = load_set("CLB")
AppClient = Callable[[Settings], AbstractContextManager[TestClient]]


def import_texts(settings: Settings) -> None:
    records = [
        {"object": "card", "name": card.name, "set": "clb", "collector_number": card.number,
         "rarity": card.rarity,
         "type_line": card.type_line, "color_identity": list(card.color_identity),
         "oracle_text": f"Rules of {card.name}."}
        for card in CLB.cards
    ]
    engine = create_db_engine(settings)
    upgrade_to_head(engine)
    with Session(engine) as session, session.begin():
        cards_store.store_imported(session, parse_card_file(records))
    engine.dispose()


def cache_odd_images(settings: Settings) -> None:
    for card in CLB.cards:
        if int(card.number) % 2:
            path = image_path(settings.data_dir, "CLB", card.number)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(JPEG)


def test_a_clb_pack_shows_rules_text_and_local_images_when_cached(
    settings: Settings, app_client: AppClient
) -> None:
    import_texts(settings)
    cache_odd_images(settings)
    with app_client(settings) as client:
        pod = new_pod(client, seats=2, set="CLB")
        seat = join(client, pod, "Ann")
        start(client, pod)
        pack = me(client, seat)["pack"]
        assert len(pack) == 20 and {card["set"] for card in pack} == {"CLB"}
        for card in pack:
            assert card["text"] == f"Rules of {card['name']}."
            if int(card["number"]) % 2:
                assert card["image_url"] == f"/images/clb/{card['number']}.jpg"
                assert client.get(card["image_url"]).content == JPEG
            else:
                assert "image_url" not in card  # no request that cannot succeed


def pack_of(client: TestClient) -> list[dict[str, Any]]:
    pod = new_pod(client, seats=2)
    seat = join(client, pod, "Ann")
    start(client, pod)
    pack: list[dict[str, Any]] = me(client, seat)["pack"]
    return pack


def test_without_imports_cards_have_no_text_and_no_remote_image(
    settings: Settings, app_client: AppClient
) -> None:
    with app_client(settings) as client:
        for card in pack_of(client):
            assert "text" not in card and "image_url" not in card


def test_images_remote_sends_scryfall_urls_for_uncached_cards(
    make_settings: Callable[..., Settings], app_client: AppClient
) -> None:
    settings = make_settings(images="remote")
    cache_odd_images(settings)
    with app_client(settings) as client:
        for card in pack_of(client):
            assert card["image_url"].startswith("https://")


def test_images_off_sends_no_image_even_when_cached(
    make_settings: Callable[..., Settings], app_client: AppClient
) -> None:
    settings = make_settings(images="off")
    cache_odd_images(settings)
    with app_client(settings) as client:
        assert all("image_url" not in card for card in pack_of(client))


def wait_for_mode(client: TestClient, mode: str) -> None:
    deadline = time.monotonic() + 10
    while client.get("/api/cards/status").json()["images"] != mode:
        assert time.monotonic() < deadline, f"images mode never became {mode}"
        time.sleep(0.05)


def test_images_auto_turns_remote_once_the_image_host_answers(
    make_settings: Callable[..., Settings], app_client: AppClient
) -> None:
    with fake_scryfall() as fake:
        settings = make_settings(images="auto", scryfall_url=fake.base_url)
        with app_client(settings) as client:
            wait_for_mode(client, "remote")
            assert all(card["image_url"].startswith("https://") for card in pack_of(client))
        assert fake.requests["image cmr 1"] == 1


def test_images_auto_stays_local_when_the_image_host_is_unreachable(
    make_settings: Callable[..., Settings], app_client: AppClient
) -> None:
    settings = make_settings(images="auto", scryfall_url="http://127.0.0.1:9",
                             image_probe_timeout_seconds=0.5)
    with app_client(settings) as client:
        pack = pack_of(client)
        time.sleep(0.3)
        assert client.get("/api/cards/status").json()["images"] == "local"
        assert all("image_url" not in card for card in pack + pack_of(client))


def test_an_image_that_is_not_cached_is_404(settings: Settings, client: TestClient) -> None:
    assert client.get("/images/cmr/2.jpg").status_code == 404
    assert client.get("/images/cmr/..%2F..%2Fprismatic.db.jpg").status_code == 404
