"""Each page inlines only the strings its modules can show, and every one of them.

Why: every page used to carry the 15 KB of all pages' strings. Now a page inlines the keys
of the catalog that appear in its modules (`server.routes.page_assets`), so this test reads
every `t("…")` and `tn("…")` of every module a page may run, `import()`ed ones included,
and checks each is on the page: a missing one would show as its raw English key in Russian.
"""

from __future__ import annotations

import json
import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from server.routes import pages, recap
from tests.pages import html_pages

PAGES = html_pages()
T_KEY = re.compile(r"""\bt\(\s*"((?:[^"\\]|\\.)*)"|\bt\(\s*'((?:[^'\\]|\\.)*)'""")
TN_KEY = re.compile(r"""\btn\(\s*"((?:[^"\\]|\\.)*)\"""")
ENTRY = re.compile(r'<script type="module" src="/static/([^"]+)"')
STRINGS = re.compile(r"window\.PRISMATIC_I18N = (\{.*?\});\nwindow\.PRISMATIC_PLURALS = "
                     r"(\{.*?\});</script>", re.S)


@pytest.fixture(scope="module")
def http() -> TestClient:
    app = FastAPI()
    app.include_router(pages.router)
    app.include_router(recap.router)
    return TestClient(app)


def page_keys(source: str) -> tuple[set[str], set[str]]:
    strings = {next(g for g in m.groups() if g is not None) for m in T_KEY.finditer(source)}
    return strings, set(TN_KEY.findall(source))


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_key_a_page_shows_is_on_the_page(http: TestClient, path: str,
                                                language: str) -> None:
    html = http.get(path, params={"lang": language}).text
    found = STRINGS.search(html)
    assert found, path
    inlined, plurals = json.loads(found.group(1)), json.loads(found.group(2))["forms"]
    assets = pages.assets()
    entries = [assets.find(hashed)[0].path  # type: ignore[index]
               for hashed in ENTRY.findall(html)]
    assert entries, path
    for module in assets.closure(entries, lazy=True):
        strings, plural = page_keys(assets.by_path[module].body.decode())
        assert strings <= inlined.keys(), (path, module, strings - inlined.keys())
        assert plural <= plurals.keys(), (path, module, plural - plurals.keys())


def test_a_page_inlines_far_less_than_every_string(http: TestClient) -> None:
    join = STRINGS.search(http.get("/pods/abc/join").text)
    seat = STRINGS.search(http.get("/pods/abc/seat").text)
    assert join and seat
    assert "Submit deck" in seat.group(1) and "Submit deck" not in join.group(1)
    assert len(join.group(1)) < len(seat.group(1)) / 3
