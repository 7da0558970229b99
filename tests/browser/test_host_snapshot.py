"""The host screen after the night ends: where the server's safety copy of the database
went, or, when it failed, a banner that says so and what to do; in EN/RU/IT, on a phone
at 360 px with nothing wider than the screen (a data dir's path is long)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import running_server
from tests.browser.support import call_api, mobile_context, page_overflow, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SAVED = {"en": "Safety copy of the database:", "ru": "Резервная копия базы данных:",
         "it": "Copia di sicurezza del database:"}
FAILED = {"en": "but its safety copy failed", "ru": "резервную копию сделать не удалось",
          "it": "la copia di sicurezza non è riuscita"}


def ended_pod(server: str) -> dict[str, Any]:
    pod: Any = call_api(server, "POST", "/api/pods", {"set": "CMR", "seats": 2, "seed": 4})
    call_api(server, "POST", f"/api/pods/{pod['pod_id']}/end", token=pod["host_token"])
    return dict(pod)


def host_page(browser: Browser, server: str, pod: dict[str, Any], language: str) -> Any:
    context = mobile_context(browser, width=360)
    page = context.new_page()
    page.goto(f"{server}/pods/{pod['pod_id']}/host?lang={language}"
              f"#host_token={pod['host_token']}")
    return context, page


@pytest.mark.parametrize("language", ["en", "ru", "it"])
def test_the_host_sees_where_the_nights_copy_went(browser: Browser, server: str,
                                                  language: str) -> None:
    pod = ended_pod(server)
    context, page = host_page(browser, server, pod, language)
    saved = page.locator("#snapshot-saved")
    expect(saved).to_be_visible()
    expect(saved).to_contain_text(SAVED[language])
    expect(saved).to_contain_text("/backups/snapshot-")
    expect(page.locator("#snapshot-failed")).to_be_hidden()
    assert page_overflow(page) == 0
    screenshot(page, f"host-snapshot-{language}")
    context.close()


@pytest.fixture(scope="module")
def failing_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose safety copies cannot be written: a file where its backups folder
    should be. One for the module (each test ends a pod of its own on it)."""
    data = tmp_path_factory.mktemp("data")
    (data / "backups").write_text("a file where the folder should be")
    with running_server(data) as server:
        yield server


@pytest.mark.parametrize("language", ["en", "ru", "it"])
def test_a_failed_copy_is_a_banner_and_the_night_is_ended(
        browser: Browser, failing_server: str, language: str) -> None:
    pod = ended_pod(failing_server)
    context, page = host_page(browser, failing_server, pod, language)
    banner = page.locator("#snapshot-failed")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text(FAILED[language])
    expect(banner).to_contain_text("prismatic backup")
    expect(page.locator("#snapshot-saved")).to_be_hidden()
    expect(page.locator("body")).to_have_attribute("data-phase", "done")
    assert page_overflow(page) == 0
    screenshot(page, f"host-snapshot-failed-{language}")
    context.close()
