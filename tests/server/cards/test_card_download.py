"""The start page's download: per-set counts, a background job, and no restart needed."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

import pytest
import sqlalchemy as sa
from click.testing import CliRunner
from fastapi.testclient import TestClient

from draft.cards import bundled_set_codes, load_set
from server.cli import cli
from server.core.settings import Settings
from tests.server.support.builders import join, me, new_pod, start
from tests.server.support.databases import SQLITE_ONLY
from tests.server.support.fake_scryfall import FakeScryfall, fake_scryfall

AppClient = Callable[[Settings], AbstractContextManager[TestClient]]
CLB = load_set("CLB")


@pytest.fixture
def scryfall() -> Iterator[FakeScryfall]:
    with fake_scryfall(page_size=100) as fake:
        yield fake


def online(make_settings: Callable[..., Settings], fake: FakeScryfall) -> Settings:
    return make_settings(scryfall_url=fake.base_url, scryfall_delay_seconds=0)


def wait_done(client: TestClient) -> dict[str, Any]:
    """The start page's status once the job has ended. Why the wait watches the runtime's
    job and not the route: each status reply stats every printing's image file (1,528),
    and polling it every 50 ms was the biggest CPU of the download tests. The job says
    "done" only after the new media are in use, so the one reply read after it is the
    same a poll would have ended on."""
    job = client.app.state.runtime.downloads  # type: ignore[attr-defined]
    deadline = time.monotonic() + 60
    while job.snapshot()["state"] not in {"done", "failed"}:
        assert time.monotonic() < deadline, job.snapshot()
        time.sleep(0.05)
    status: dict[str, Any] = client.get("/api/cards/status").json()
    assert status["job"]["state"] in {"done", "failed"}, status["job"]
    return status


def by_set(status: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["set"]: entry for entry in status["sets"]}


@SQLITE_ONLY
def test_the_status_counts_text_and_images_of_every_set_the_draft_knows(
    client: TestClient,
) -> None:
    status = client.get("/api/cards/status").json()
    assert [entry["set"] for entry in status["sets"]] == list(bundled_set_codes())
    assert by_set(status)["CLB"] == {"set": "CLB", "name": CLB.name, "cards": 361,
                                     "texts": 0, "images": 0}
    assert status["job"]["state"] == "idle"
    assert status["command"] == "prismatic cards fetch --all --images"


def test_the_download_fills_a_running_pod_without_a_restart(
    make_settings: Callable[..., Settings], app_client: AppClient, scryfall: FakeScryfall
) -> None:
    scryfall.drop[scryfall.page_key("clb", 2)] = 1  # a dropped connection, retried
    with app_client(online(make_settings, scryfall)) as client:
        pod = new_pod(client, seats=2, set="CLB")
        seat = join(client, pod, "Ann")
        start(client, pod)
        assert all("text" not in card for card in me(client, seat)["pack"])
        answer = client.post("/api/cards/download", json={"sets": ["clb"]})
        assert answer.status_code == 202 and answer.json()["sets"] == ["CLB"]
        status = wait_done(client)
        assert status["job"]["state"] == "done", status["job"]
        assert by_set(status)["CLB"] | {"name": ""} == {
            "set": "CLB", "name": "", "cards": 361, "texts": 361, "images": 361}
        for card in me(client, seat)["pack"]:
            assert card["text"].startswith(f"Synthetic rules of {card['name'].split(' // ')[0]}")
            assert card["image_url"] == f"/images/clb/{card['number']}.jpg"
    assert scryfall.requests[scryfall.page_key("clb", 2)] == 2


@SQLITE_ONLY
def test_a_second_press_while_downloading_is_refused(
    make_settings: Callable[..., Settings], app_client: AppClient, scryfall: FakeScryfall
) -> None:
    scryfall.drop[scryfall.page_key("clb", 1)] = 1  # the retry waits a second
    with app_client(online(make_settings, scryfall)) as client:
        assert client.post("/api/cards/download", json={"sets": ["CLB"]}).status_code == 202
        again = client.post("/api/cards/download", json={"sets": ["CLB"]})
        assert again.status_code == 409
        assert again.json()["error"]["code"] == "download_running"
        assert wait_done(client)["job"]["state"] == "done"


@SQLITE_ONLY
def test_without_internet_the_job_says_so_and_names_the_command(
    make_settings: Callable[..., Settings], app_client: AppClient
) -> None:
    settings = make_settings(scryfall_url="http://127.0.0.1:9", scryfall_delay_seconds=0,
                             scryfall_retries=1)
    with app_client(settings) as client:
        client.post("/api/cards/download", json={"sets": ["CMR"]})
        status = wait_done(client)
        assert status["job"]["state"] == "failed" and status["job"]["error"] == "offline"
        assert by_set(status)["CMR"]["texts"] == 0


@SQLITE_ONLY
def test_an_unknown_set_is_refused(client: TestClient) -> None:
    answer = client.post("/api/cards/download", json={"sets": ["XYZ"]})
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "unknown_set"


@SQLITE_ONLY
def test_details_by_name_give_the_zoom_its_card(client: TestClient) -> None:
    card = client.get("/api/cards/details", params={"name": "the prismatic piper"}).json()
    assert card["name"] == "The Prismatic Piper" and "partner" in card["commander"]
    assert client.get("/api/cards/details", params={"name": "Nope"}).status_code == 422


def test_a_fetch_by_the_command_line_is_picked_up_while_the_server_runs(
    make_settings: Callable[..., Settings], app_client: AppClient, scryfall: FakeScryfall,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = online(make_settings, scryfall)
    monkeypatch.setenv("PRISMATIC_SCRYFALL_URL", scryfall.base_url)
    monkeypatch.setenv("PRISMATIC_SCRYFALL_DELAY_SECONDS", "0")
    with app_client(settings) as client:
        pod = new_pod(client, seats=2, set="CLB")
        seat = join(client, pod, "Ann")
        start(client, pod)
        fetched = CliRunner().invoke(cli, ["cards", "fetch", "--set", "CLB", "--db",
                                           str(settings.db_url), "--data-dir",
                                           str(settings.data_dir)])
        assert fetched.exit_code == 0, fetched.output
        assert by_set(client.get("/api/cards/status").json())["CLB"]["texts"] == 361
        assert all("text" in card for card in me(client, seat)["pack"])


@SQLITE_ONLY
def test_images_that_fail_leave_the_text_and_say_so(
    make_settings: Callable[..., Settings], app_client: AppClient, scryfall: FakeScryfall
) -> None:
    number = CLB.cards[5].number
    scryfall.drop[f"image clb {number}"] = 99
    settings = make_settings(scryfall_url=scryfall.base_url, scryfall_delay_seconds=0,
                             scryfall_retries=0)
    with app_client(settings) as client:
        client.post("/api/cards/download", json={"sets": ["CLB"]})
        status = wait_done(client)
        assert status["job"]["state"] == "failed" and status["job"]["error"] == "offline"
        assert "1 images could not be downloaded" in status["job"]["detail"]
        assert by_set(status)["CLB"]["texts"] == 361 and by_set(status)["CLB"]["images"] == 360


@SQLITE_ONLY
def test_unknown_names_read_the_imported_cards_once_not_per_request(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stranger asking for made-up names must not cost a database read and a catalog
    build on the event loop each time (security review of the zoom route)."""
    from server.db import cards_store

    reads = 0
    real = cards_store.load_imported_cards

    def counted(engine: Any) -> Any:
        nonlocal reads
        reads += 1
        return real(engine)

    monkeypatch.setattr(cards_store, "load_imported_cards", counted)
    for attempt in range(20):
        answer = client.get("/api/cards/details", params={"name": f"Nope {attempt}"})
        assert answer.status_code == 422
    assert reads <= 1



def test_the_download_stores_its_cards_through_the_servers_one_writer(
    make_settings: Callable[..., Settings], app_client: AppClient, scryfall: FakeScryfall
) -> None:
    """Rule: while the server runs, every change reaches the database through its writer
    (`server.db.writer`), the card table's too: never from the download's own thread."""
    threads: list[str] = []

    def record(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO CARD"):
            threads.append(threading.current_thread().name)

    sa.event.listen(sa.engine.Engine, "before_cursor_execute", record)
    try:
        with app_client(online(make_settings, scryfall)) as client:
            client.post("/api/cards/download", json={"sets": ["CLB"]})
            assert wait_done(client)["job"]["state"] == "done"
    finally:
        sa.event.remove(sa.engine.Engine, "before_cursor_execute", record)
    assert threads and all(name.startswith("db-writer") for name in threads), threads


def test_a_first_start_with_no_text_downloads_the_text_in_the_background(
    make_settings: Callable[..., Settings], app_client: AppClient, scryfall: FakeScryfall,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The host who read only the quick start drafted blind: no text until they pressed
    the start page's button. Now the first start fetches the text (not the images)."""
    settings = make_settings(scryfall_url=scryfall.base_url, scryfall_delay_seconds=0,
                             card_text_on_start=True)
    with caplog.at_level("INFO", logger="server.services.cards.card_data"), \
            app_client(settings) as client:
        status = wait_done(client)
        assert status["job"]["state"] == "done", status["job"]
        assert by_set(status)["CLB"]["texts"] == 361
        assert all(entry["images"] == 0 for entry in status["sets"])  # offered, not forced
    assert "card text: none stored yet" in caplog.text
    assert "card text: CLB, 361 of 361 cards have rules text" in caplog.text
    searches = sum(count for key, count in scryfall.requests.items() if "image" not in key)
    with app_client(settings) as client:  # text stored: the next start asks nothing
        assert client.get("/api/cards/status").json()["job"]["state"] == "idle"
    assert sum(count for key, count in scryfall.requests.items()
               if "image" not in key) == searches


def test_a_first_start_offline_says_in_one_line_what_to_run(
    make_settings: Callable[..., Settings], app_client: AppClient,
    caplog: pytest.LogCaptureFixture,
) -> None:
    settings = make_settings(scryfall_url="http://127.0.0.1:9", card_text_on_start=True)
    with caplog.at_level("INFO", logger="server.services.cards.card_data"), \
            app_client(settings) as client:
        status = wait_done(client)
    assert (status["job"]["state"], status["job"]["error"]) == ("failed", "offline")
    assert status["command"] in {"prismatic cards fetch --all --images"}
    assert "once online, run `prismatic cards fetch --all`" in caplog.text


@SQLITE_ONLY
def test_the_start_up_download_can_be_turned_off(
    make_settings: Callable[..., Settings], app_client: AppClient, scryfall: FakeScryfall,
) -> None:
    settings = make_settings(scryfall_url=scryfall.base_url, card_text_on_start=False)
    with app_client(settings) as client:
        time.sleep(0.2)  # not a timing assertion: nothing may start, however long we wait
        assert client.get("/api/cards/status").json()["job"]["state"] == "idle"
    assert not scryfall.requests
