"""Fetching card images against a local stand-in for the image host (never the real one)."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner

from draft.cards import Card, load_set
from server.cards.images import Fetcher, image_path, local_image_url
from server.cli import cli

JPEG = b"\xff\xd8\xff\xe0" + b"prismatic-test-image" * 10 + b"\xff\xd9"


class ImageHost:
    """Serves `/{set}/{number}.jpg`; fails the first request for each path in `flaky`."""

    def __init__(self) -> None:
        self.requests: Counter[str] = Counter()
        self.flaky: set[str] = set()
        self.missing: set[str] = set()
        host = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                host.requests[self.path] += 1
                if self.path in host.missing:
                    self.send_error(404)
                    return
                if self.path in host.flaky and host.requests[self.path] == 1:
                    self.send_error(503)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "image/jpeg")
                self.send_header("Content-Length", str(len(JPEG)))
                self.end_headers()
                self.wfile.write(JPEG)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base_url = f"http://127.0.0.1:{self.server.server_port}/{{set}}/{{number}}.jpg"


@pytest.fixture
def image_host() -> Iterator[ImageHost]:
    host = ImageHost()
    thread = threading.Thread(target=host.server.serve_forever, daemon=True)
    thread.start()
    yield host
    host.server.shutdown()
    host.server.server_close()
    thread.join()


CARDS = load_set("CMR").cards[:6]


def fetcher(host: ImageHost) -> Fetcher:
    return Fetcher(base_url=host.base_url, concurrency=2, retries=2, timeout=5,
                   sleep=lambda _seconds: None)


def test_every_image_is_downloaded_to_the_data_dir(image_host: ImageHost, tmp_path: Path) -> None:
    report = fetcher(image_host).fetch(CARDS, tmp_path)
    assert (report.downloaded, report.skipped, report.failed) == (6, 0, [])
    for card in CARDS:
        assert image_path(tmp_path, "CMR", card.number).read_bytes() == JPEG
        assert local_image_url(card, tmp_path) == f"/images/cmr/{card.number}.jpg"
    assert not list(tmp_path.rglob("*.part"))


def test_a_failed_request_is_retried(image_host: ImageHost, tmp_path: Path) -> None:
    flaky = f"/cmr/{CARDS[0].number}.jpg"
    image_host.flaky.add(flaky)
    report = fetcher(image_host).fetch(CARDS, tmp_path)
    assert report.downloaded == 6 and image_host.requests[flaky] == 2


def test_a_second_run_resumes_and_fetches_only_what_is_missing(
    image_host: ImageHost, tmp_path: Path
) -> None:
    lost = f"/cmr/{CARDS[1].number}.jpg"
    image_host.missing.add(lost)
    first = fetcher(image_host).fetch(CARDS, tmp_path)
    assert first.downloaded == 5 and len(first.failed) == 1 and "HTTP 404" in first.failed[0]
    image_path(tmp_path, "CMR", CARDS[2].number).with_suffix(".jpg.part").write_bytes(b"half")
    image_path(tmp_path, "CMR", CARDS[2].number).unlink()
    image_host.missing.clear()
    image_host.requests.clear()
    second = fetcher(image_host).fetch(CARDS, tmp_path)
    assert (second.downloaded, second.skipped, second.failed) == (2, 4, [])
    assert set(image_host.requests) == {lost, f"/cmr/{CARDS[2].number}.jpg"}
    assert image_path(tmp_path, "CMR", CARDS[2].number).read_bytes() == JPEG


def test_a_host_that_keeps_failing_is_given_up_on_politely(tmp_path: Path) -> None:
    waits: list[float] = []
    broken = Fetcher(base_url="http://127.0.0.1:9/{set}/{number}.jpg", retries=3, timeout=1,
                     backoff=0.5, sleep=waits.append)
    report = broken.fetch(CARDS[:1], tmp_path)
    assert report.downloaded == 0 and "after 4 tries" in report.failed[0]
    assert waits == [0.5, 1.0, 2.0]


def test_an_uncached_card_has_no_local_url(tmp_path: Path) -> None:
    assert local_image_url(Card(set="CMR", number="2", name="X", rarity="common"), tmp_path) is None


def test_the_command_fetches_a_whole_set(image_host: ImageHost, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["images", "fetch", "--set", "CLB", "--data-dir",
                                      str(tmp_path), "--base-url", image_host.base_url,
                                      "--delay", "0"])
    assert result.exit_code == 0, result.output
    assert "361 downloaded, 0 already there, 0 failed" in result.output
    assert len(list((tmp_path / "images" / "clb").glob("*.jpg"))) == 361


def test_a_host_that_stopped_answering_is_not_asked_for_every_card(tmp_path: Path) -> None:
    waits: list[float] = []
    broken = Fetcher(base_url="http://127.0.0.1:9/{set}/{number}.jpg", retries=1, timeout=1,
                     concurrency=1, give_up_after=3, sleep=waits.append)
    report = broken.fetch(CARDS, tmp_path)
    assert len(report.failed) == 6 and len(waits) == 3  # three cards tried, twice each
    assert all("stopped answering" in line for line in report.failed[3:])
