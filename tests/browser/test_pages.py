"""The page routes on their own (no browser): shells render, static files stay inside
their folder, and the QR code encodes the join URL the server would print."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

from fastapi import FastAPI
from fastapi.testclient import TestClient
from jinja2 import Environment

from server.i18n.catalogs import LANGUAGE_NAMES
from server.routes import pages, recap
from server.routes.page_assets import PageAssets
from tests.pages import html_pages

EVERY_PAGE = html_pages()
LANGUAGE_SWITCHER = {*LANGUAGE_NAMES.values(), *(code.upper() for code in LANGUAGE_NAMES)}


def client(base_url: str | None = None) -> TestClient:
    app = FastAPI()
    app.include_router(pages.router)
    app.include_router(recap.router)
    if base_url:
        app.state.runtime = SimpleNamespace(base_url=base_url)
    return TestClient(app)


def test_every_page_renders_with_its_js_strings() -> None:
    with client() as http:
        for path in ("/", "/pods/abc/host", "/pods/abc/join", "/pods/abc/seat",
                     "/events/abc/host", "/events/abc/join", "/screen"):
            response = http.get(path)
            assert response.status_code == 200, path
            assert response.headers["cache-control"] == "no-cache"
            assert "window.PRISMATIC_I18N = {" in response.text
            # Only the strings its modules use (tests/frontend/test_page_strings.py).
            taken = '"Take these {n}": "Take these {n}"' in response.text
            assert taken == (path == "/pods/abc/seat"), path


def test_pod_pages_refuse_odd_pod_ids() -> None:
    with client() as http:
        assert http.get("/pods/a%3Cb%3E/seat").status_code == 404
        assert http.get(f"/pods/{'x' * 65}/host").status_code == 404


def test_static_files_are_served_and_cannot_escape_their_folder() -> None:
    with client() as http:
        script = http.get("/static/js/seat.js")
        assert script.status_code == 200
        assert "javascript" in script.headers["content-type"]
        assert http.get("/static/../../server/routes/pages.py").status_code == 404
        assert http.get("/static/%2e%2e/%2e%2e/pyproject.toml").status_code == 404
        assert http.get("/static/js/").status_code == 404


def test_host_page_and_qr_use_the_servers_lan_address() -> None:
    with client("http://192.168.1.20:8000") as http:
        page = http.get("/pods/abc/host").text
        assert 'href="http://192.168.1.20:8000/pods/abc/join"' in page
        svg = http.get("/pods/abc/qr.svg")
        assert svg.headers["content-type"].startswith("image/svg+xml")
        assert re.search(r'<svg[^>]*viewBox="0 0 \d+ \d+"', svg.text)


def test_qr_falls_back_to_the_request_address() -> None:
    with client() as http:
        assert 'href="http://testserver/pods/abc/join"' in http.get("/pods/abc/host").text


def test_every_js_string_is_in_the_translation_dict() -> None:
    """`t("…")` falls back to English silently, so a string missing from `_strings.html`
    would never be translated; catch it here instead of in issue #10's review."""
    static = Path(pages.__file__).resolve().parents[2] / "frontend" / "static" / "js"
    used = {
        match
        for script in static.glob("*.js")
        for match in re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', script.read_text())
    }
    table: dict[str, str] = {}
    with client() as http:
        for path in EVERY_PAGE:  # each page inlines only its own (test_page_strings.py)
            page = http.get(path).text
            table |= json.loads(
                re.search(r"window\.PRISMATIC_I18N = (\{.*?\});$", page, re.M).group(1))
    assert used - set(table) == set()


def test_every_plural_js_string_has_its_forms() -> None:
    """`tn("one", "many", n)` finds its forms by the English singular: same rule as `t`."""
    static = Path(pages.__file__).resolve().parents[2] / "frontend" / "static" / "js"
    used = {
        match
        for script in static.glob("*.js")
        for match in re.findall(r'\btn\("((?:[^"\\]|\\.)*)"', script.read_text())
    }
    assert used
    forms: dict[str, list[str]] = {}
    with client() as http:
        for path in EVERY_PAGE:
            page = http.get(path, headers={"Accept-Language": "ru"}).text
            found = re.search(r"window\.PRISMATIC_PLURALS = (\{.*?\});</script>", page)
            plurals = json.loads(found.group(1))
            assert plurals["lang"] == "ru"
            assert plurals["categories"] == ["one", "few", "many"]
            forms |= plurals["forms"]
    assert used - set(forms) == set()
    assert all(len(each) == 3 for each in forms.values())


class _VisibleText(HTMLParser):
    """Collects text a person sees or hears: text nodes and labelling attributes."""

    LABELS = ("alt", "title", "aria-label", "placeholder")

    def __init__(self) -> None:
        super().__init__()
        self.skipping = 0
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skipping += 1
        self.found += [value for name, value in attrs if name in self.LABELS and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping and data.strip():
            self.found.append(data.strip())


def test_every_template_string_goes_through_gettext() -> None:
    """Render with a gettext that brackets its result: any unbracketed visible text is a
    string issue #10's catalogs would miss (numbers and the join URL are data)."""
    env = Environment(
        loader=pages.template_env().loader, autoescape=True, extensions=["jinja2.ext.i18n"]
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda text: f"[[{text}]]",
        ngettext=lambda one, many, n: f"[[{one if n == 1 else many}]]",
        newstyle=True,
    )
    for name in ("static", "lang", "languages", "plural_forms", "plural_categories"):
        env.globals[name] = pages.template_env().globals[name]
    for name in ("index.html", "host.html", "join.html", "seat.html", "event_host.html",
                 "event_join.html", "screen.html"):
        html = env.get_template(name).render(pod_id="abc", event_id="abc",
                                             page=PageAssets(pages.assets()),
                                             join_url="http://h/pods/abc/join")
        parser = _VisibleText()
        parser.feed(html)
        untranslated = [
            text
            for text in parser.found
            if not (text.startswith("[[") and text.endswith("]]"))
            and not text.isdigit()
            and text != "http://h/pods/abc/join"
            and text not in LANGUAGE_SWITCHER  # each language named in itself, on purpose
        ]
        assert untranslated == [], name
