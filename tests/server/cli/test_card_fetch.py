"""`prismatic cards fetch`: a set from Scryfall's API, politely, resumably, into the card store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from sqlmodel import Session

from draft.cards import load_set
from server.cards.scryfall import USER_AGENT, Pacer
from server.cli import cli
from server.cli.card_commands import make_settings
from server.db import cards_store
from server.db.engine import create_db_engine
from tests.server.support.fake_scryfall import FakeScryfall, fake_scryfall

CLB = load_set("CLB")


@pytest.fixture
def scryfall(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeScryfall]:
    with fake_scryfall(page_size=100) as fake:
        monkeypatch.setenv("PRISMATIC_SCRYFALL_URL", fake.base_url)
        monkeypatch.setenv("PRISMATIC_SCRYFALL_DELAY_SECONDS", "0")
        yield fake


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def stored_texts(data: Path) -> dict[str, str]:
    engine = create_db_engine(make_settings(None, data))
    try:
        with Session(engine) as session:
            return cards_store.load_rules_text(session)
    finally:
        engine.dispose()


def test_a_set_is_fetched_page_by_page_into_the_card_store(
    scryfall: FakeScryfall, tmp_path: Path
) -> None:
    result = run("cards", "fetch", "--set", "clb", "--data-dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "CLB: 361 cards stored (361 with rules text); 4 pages downloaded, 0 from the cache" \
        in result.output
    texts = stored_texts(tmp_path)
    assert texts["Elminster"].startswith("Synthetic rules of Elminster.")
    assert {card.name for card in CLB.cards} <= set(texts)
    assert all(scryfall.requests[scryfall.page_key("clb", n)] == 1 for n in (1, 2, 3, 4))
    assert not any(key.startswith("image") for key in scryfall.requests)


def test_every_request_names_us_and_asks_for_json(scryfall: FakeScryfall, tmp_path: Path) -> None:
    run("cards", "fetch", "--set", "CLB", "--data-dir", str(tmp_path))
    assert {h["User-Agent"] for h in scryfall.headers} == {USER_AGENT}
    assert all(h["Accept"].startswith("application/json") for h in scryfall.headers)


def test_every_request_waits_for_the_pacer_set_to_the_delay(
    scryfall: FakeScryfall, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The setting reaches the pacer, and each request asks the pacer first. The spacing
    itself is the pacer's rule, tested on a virtual clock in tests/server/cards: timing it
    here on the wall clock failed under a loaded machine's late wake-ups."""
    intervals: list[float] = []
    original_wait = Pacer.wait

    def recorded_wait(pacer: Pacer) -> None:
        intervals.append(pacer.interval)
        original_wait(pacer)

    monkeypatch.setattr(Pacer, "wait", recorded_wait)
    monkeypatch.setenv("PRISMATIC_SCRYFALL_DELAY_SECONDS", "0.1")
    result = run("cards", "fetch", "--set", "CLB", "--data-dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert len(scryfall.times) == 4
    assert intervals == [0.1] * 4


def test_a_dropped_connection_is_retried(scryfall: FakeScryfall, tmp_path: Path) -> None:
    scryfall.drop[scryfall.page_key("clb", 2)] = 1
    result = run("cards", "fetch", "--set", "CLB", "--data-dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert scryfall.requests[scryfall.page_key("clb", 2)] == 2
    assert len(stored_texts(tmp_path)) >= 300


def test_a_second_run_resumes_after_the_pages_it_has(
    scryfall: FakeScryfall, tmp_path: Path
) -> None:
    scryfall.drop[scryfall.page_key("clb", 3)] = 2
    first = run("cards", "fetch", "--set", "CLB", "--retries", "1", "--data-dir", str(tmp_path))
    assert first.exit_code == 1
    assert "run the same command again to resume" in first.output
    assert stored_texts(tmp_path) == {}
    scryfall.requests.clear()
    second = run("cards", "fetch", "--set", "CLB", "--data-dir", str(tmp_path))
    assert second.exit_code == 0, second.output
    assert "2 pages downloaded, 2 from the cache" in second.output
    assert set(scryfall.requests) == {scryfall.page_key("clb", 3), scryfall.page_key("clb", 4)}
    assert len(stored_texts(tmp_path)) >= 300


@pytest.mark.slow
def test_all_fetches_every_set_the_draft_knows_with_images(
    scryfall: FakeScryfall, tmp_path: Path
) -> None:
    result = run("cards", "fetch", "--all", "--images", "--data-dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    for code in ("CMR", "CLB"):
        cards = load_set(code).cards
        assert f"{code}: " in result.output
        assert len(list((tmp_path / "images" / code.lower()).glob("*.jpg"))) == len(cards)
    assert "images: 361 downloaded, 0 already there, 0 failed" in result.output


def test_no_set_is_a_usage_error(tmp_path: Path) -> None:
    result = run("cards", "fetch", "--data-dir", str(tmp_path))
    assert result.exit_code == 2 and "--set CODE" in result.output


def test_an_unreachable_api_says_how_to_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PRISMATIC_SCRYFALL_URL", "http://127.0.0.1:9")
    monkeypatch.setenv("PRISMATIC_SCRYFALL_DELAY_SECONDS", "0")
    result = run("cards", "fetch", "--set", "CMR", "--retries", "0", "--data-dir", str(tmp_path))
    assert result.exit_code == 1
    assert "ConnectError after 1 tries" in result.output
