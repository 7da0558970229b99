"""The start page's "Get card text and images" button, against a fake Scryfall on loopback:
live progress, the per-set counts, and a plain message naming the command when offline."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import _need_chromium, running_server
from tests.browser.support import call_api, new_context, screenshot
from tests.browser.test_card_zoom import Counted
from tests.server.support.fake_scryfall import fake_scryfall

pytestmark = [pytest.mark.browser, pytest.mark.slow]
BUTTON = {"en": "Get card text and images (needs Internet once)",
          "ru": "Загрузить текст и изображения карт (нужен Интернет один раз)"}


def test_the_button_downloads_every_set_with_live_progress(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> None:
    _need_chromium()
    with fake_scryfall(page_size=200) as fake:
        fake.drop[fake.page_key("cmr", 2)] = 1  # a dropped connection on the way
        env = {"PRISMATIC_SCRYFALL_URL": fake.base_url, "PRISMATIC_IMAGES": "local",
               "PRISMATIC_SCRYFALL_DELAY_SECONDS": "0.005"}
        with running_server(tmp_path_factory.mktemp("download"), **env) as base:
            context = new_context(browser, viewport={"width": 360, "height": 800},
                                  is_mobile=True, has_touch=True)
            counted = Counted(context)
            page = context.new_page()
            page.goto(f"{base}/")
            clb = page.locator("#card-sets .set-counts[data-set=CLB]")
            expect(clb).to_have_text("rules text 0/361 cards, images 0/361")
            page.get_by_role("button", name=BUTTON["en"]).click()
            expect(page.locator("#card-progress")).to_be_visible()
            screenshot(page, "card-download-progress-360")
            expect(page.locator("#card-job")).to_contain_text("Done", timeout=90_000)
            expect(clb).to_have_text("rules text 361/361 cards, images 361/361")
            expect(page.locator("#card-sets .set-counts[data-set=CMR]")).to_have_text(
                "rules text 716/716 cards, images 716/716")
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            assert counted.outside == []
            context.close()
        assert fake.requests[fake.page_key("cmr", 2)] == 2


def test_without_internet_the_page_names_the_command(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> None:
    _need_chromium()
    with running_server(tmp_path_factory.mktemp("offline"),
                        PRISMATIC_SCRYFALL_RETRIES="0") as base:
        context = new_context(browser, viewport={"width": 360, "height": 800},
                              is_mobile=True, has_touch=True)
        page = context.new_page()
        page.goto(f"{base}/?lang=ru")
        page.get_by_role("button", name=BUTTON["ru"]).click()
        job = page.locator("#card-job")
        expect(job).to_contain_text("Нет подключения к Интернету")
        expect(job.locator("code")).to_have_text("prismatic cards fetch --all --images")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        screenshot(page, "card-download-offline-ru-360")
        context.close()


def _job_ended(base: str) -> dict[str, object]:
    """The start-up download's job once it ended (the server starts it by itself)."""
    for _ in range(600):
        status = call_api(base, "GET", "/api/cards/status")
        assert isinstance(status, dict)
        job = status["job"]
        if job["state"] in {"done", "failed"}:
            return dict(job)
        time.sleep(0.1)
    raise AssertionError(f"the start-up download did not end: {job}")


def test_a_first_start_gets_the_text_by_itself_and_offers_the_images(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> None:
    _need_chromium()
    with fake_scryfall(page_size=400) as fake:
        env = {"PRISMATIC_SCRYFALL_URL": fake.base_url, "PRISMATIC_IMAGES": "local",
               "PRISMATIC_SCRYFALL_DELAY_SECONDS": "0", "PRISMATIC_CARD_TEXT_ON_START": "1"}
        with running_server(tmp_path_factory.mktemp("first-start"), **env) as base:
            assert _job_ended(base)["state"] == "done"
            context = new_context(browser, viewport={"width": 390, "height": 844},
                                  is_mobile=True, has_touch=True)
            page = context.new_page()
            page.goto(f"{base}/")
            expect(page.locator("#card-sets .set-counts[data-set=CLB]")).to_have_text(
                "rules text 361/361 cards, images 0/361")
            expect(page.get_by_role("button", name=BUTTON["en"])).to_be_enabled()
            screenshot(page, "card-text-first-start-390")
            context.close()


def test_a_first_start_offline_says_what_to_run_without_a_press(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> None:
    _need_chromium()
    with running_server(tmp_path_factory.mktemp("first-offline"),
                        PRISMATIC_CARD_TEXT_ON_START="1") as base:
        assert _job_ended(base)["error"] == "offline"
        context = new_context(browser, viewport={"width": 360, "height": 800},
                              is_mobile=True, has_touch=True)
        page = context.new_page()
        page.goto(f"{base}/?lang=it")
        job = page.locator("#card-job")
        expect(job).to_contain_text("Nessuna connessione a Internet")
        expect(job.locator("code")).to_have_text("prismatic cards fetch --all --images")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        screenshot(page, "card-text-first-start-offline-it-360")
        context.close()
