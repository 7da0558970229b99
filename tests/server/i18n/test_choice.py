"""Which language a request gets: `?lang=`, then the cookie, then Accept-Language."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from server.i18n.choice import COOKIE, LanguageDep, from_accept_language, supported
from server.routes import pages


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("ru-RU,ru;q=0.9,en-US;q=0.8", "ru"),
        ("de-DE,it;q=0.7,ru;q=0.5", "it"),
        ("en;q=0.2, ru;q=0.8", "ru"),
        ("fr-FR", None),
        ("it;q=0", None),
        ("", None),
        ("ru;q=abc, it", "it"),
    ],
)
def test_accept_language_picks_the_best_supported_language(header: str,
                                                           expected: str | None) -> None:
    assert from_accept_language(header) == expected


def test_language_tags_are_read_loosely() -> None:
    assert supported("ru_RU") == "ru"
    assert supported("IT-ch") == "it"
    assert supported("pt") is None


def app() -> FastAPI:
    application = FastAPI()
    application.include_router(pages.router)

    @application.get("/lang")
    def language(lang: LanguageDep) -> str:
        return lang

    return application


def test_the_browser_language_is_used_when_nothing_was_chosen() -> None:
    with TestClient(app()) as http:
        assert http.get("/lang", headers={"Accept-Language": "ru"}).json() == "ru"
        assert http.get("/lang").json() == "en"


def test_the_switcher_sets_a_cookie_that_beats_the_browser_language() -> None:
    with TestClient(app()) as http:
        page = http.get("/pods/abc/seat?lang=it", headers={"Accept-Language": "ru"})
        assert '<html lang="it">' in page.text
        assert "Il tuo posto" in page.text
        assert page.headers["content-language"] == "it"
        assert http.cookies.get(COOKIE) == "it"
        again = http.get("/pods/abc/seat", headers={"Accept-Language": "ru"})
        assert '<html lang="it">' in again.text
        assert http.get("/lang", headers={"Accept-Language": "ru"}).json() == "it"


def test_an_unsupported_choice_is_ignored() -> None:
    with TestClient(app()) as http:
        page = http.get("/?lang=xx", headers={"Accept-Language": "ru"})
        assert '<html lang="ru">' in page.text
        assert COOKIE not in http.cookies


def test_the_start_page_counts_seconds_in_russian() -> None:
    with TestClient(app()) as http:
        page = http.get("/?lang=ru").text
        assert "30 секунд" in page
        assert "Начать Commander-драфт" in page
