"""Caching and compression (issue #46): hashed static URLs are immutable, whatever keeps a
stable URL answers a matching `If-None-Match` with 304, and text goes gzipped or brotli'd
only to a client that asks, and only when it is big enough to pay."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.responses import PlainTextResponse, StreamingResponse
from fastapi.testclient import TestClient

from server.edge.compression import Compression
from server.edge.conditional import ConditionalGet
from server.edge.encodings import choose
from server.routes.static_assets import IMMUTABLE, ImportCycle, build
from tests.server.support.builders import join, new_pod
from tests.server.support.databases import SQLITE_ONLY

GZIP = {"Accept-Encoding": "gzip"}
MODULE = re.compile(r'<script type="module" src="(/static/js/seat\.[0-9a-f]{12}\.js)"')


def seat_script(client: TestClient) -> str:
    found = MODULE.search(client.get("/pods/abc/seat").text)
    assert found, "the seat page names its module by a hashed URL"
    return found.group(1)


@SQLITE_ONLY
def test_a_hashed_static_url_is_immutable_and_a_plain_one_revalidates(
        client: TestClient) -> None:
    hashed = client.get(seat_script(client), headers=GZIP)
    assert hashed.status_code == 200
    assert hashed.headers["cache-control"] == IMMUTABLE
    assert hashed.headers["content-encoding"] == "gzip"
    plain = client.get("/static/js/seat.js", headers=GZIP)
    assert plain.headers["cache-control"] == "no-cache"
    assert plain.content == hashed.content, "the same bytes under both names"
    assert client.get("/static/js/seat.000000000000.js").status_code == 404, \
        "a name of another version is no file"


@SQLITE_ONLY
def test_modules_import_each_other_by_hashed_url_and_the_page_preloads_them(
        client: TestClient) -> None:
    page = client.get("/pods/abc/seat").text
    script = client.get(seat_script(client)).text
    imported = re.findall(r'^import [^;]*? from "([^"]+)"', script, re.M)
    assert imported and all(re.fullmatch(r"/static/js/\w+\.[0-9a-f]{12}\.js", url)
                            for url in imported), imported
    preloaded = set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', page))
    assert set(imported) <= preloaded, "every import of the entry is declared up front"
    api = next(url for url in imported if "/api." in url)
    deep = re.findall(r'from "([^"]+)"', client.get(api).text)
    assert set(deep) <= preloaded, "and the imports of its imports"


@SQLITE_ONLY
def test_the_join_page_prefetches_the_seat_page_while_a_name_is_typed(
        client: TestClient) -> None:
    """Rule: after "Join" the phone opens the seat page, whose modules (most of its cold
    50 KB) would only then start over a crowded Wi-Fi; the join page lists them, and the
    seat page's own URL, for its script to ask at the lowest priority while the person
    types, so the seat page finds them in the cache. Not as `<link>` tags: those would take
    connections the join page's own modules wait for."""
    join_page = client.get("/pods/abc/join").text
    seat_page = client.get("/pods/abc/seat").text
    listed = re.search(r'<script type="application/json" id="next-page">([^<]*)</script>',
                       join_page)
    assert listed, "the join page lists the next page's files"
    prefetched = set(json.loads(listed.group(1)))
    assert "/pods/abc/seat" in prefetched
    assert '<link rel="prefetch"' not in join_page
    seat_modules = set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', seat_page))
    seat_modules.add(seat_script(client))
    join_modules = set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', join_page))
    assert seat_modules - join_modules <= prefetched
    assert not prefetched & join_modules, "what the join page runs is preloaded, not again"


@SQLITE_ONLY
def test_a_matching_etag_gets_304_without_a_body(client: TestClient) -> None:
    pod = new_pod(client, seats=2)
    seat = join(client, pod, "Ann")
    for path, headers in (("/pods/abc/seat", {}), (seat_script(client), {}),
                          ("/static/css/app.css", {}),
                          (f"/api/pods/{pod.pod_id}/me", seat.auth)):
        first = client.get(path, headers=headers)
        tag = first.headers["etag"]
        again = client.get(path, headers={**headers, "If-None-Match": tag})
        assert again.status_code == 304, path
        assert again.content == b"" and again.headers["etag"] == tag
        other = client.get(path, headers={**headers, "If-None-Match": 'W/"other"'})
        assert other.status_code == 200 and other.content == first.content, path


@SQLITE_ONLY
def test_no_store_answers_and_errors_get_no_tag(client: TestClient) -> None:
    missing = client.get("/api/pods/nope/me")
    assert missing.status_code >= 400 and "etag" not in missing.headers


@SQLITE_ONLY
def test_text_is_gzipped_when_asked_and_not_otherwise(client: TestClient) -> None:
    plain = client.get("/pods/abc/seat", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert "Accept-Encoding" in plain.headers["vary"]
    zipped = client.get("/pods/abc/seat", headers=GZIP)
    assert zipped.headers["content-encoding"] == "gzip"
    assert "Accept-Encoding" in zipped.headers["vary"]
    assert zipped.text == plain.text  # httpx decodes it
    assert int(zipped.headers["content-length"]) < len(plain.content) / 2
    brotli_page = client.get("/pods/abc/seat", headers={"Accept-Encoding": "gzip, br"})
    assert brotli_page.headers["content-encoding"] == "br"
    refused = client.get("/pods/abc/seat", headers={"Accept-Encoding": "gzip;q=0, br;q=0"})
    assert "content-encoding" not in refused.headers


@SQLITE_ONLY
def test_a_tiny_body_is_sent_as_it_is(client: TestClient) -> None:
    small = client.get("/healthz", headers=GZIP)
    assert small.status_code == 200 and "content-encoding" not in small.headers


@pytest.fixture
def streaming_client() -> Iterator[TestClient]:
    app = FastAPI()

    @app.get("/stream")
    def stream() -> StreamingResponse:
        return StreamingResponse(iter([b"x" * 5000, b"y" * 5000]), media_type="text/plain")

    @app.get("/whole")
    def whole() -> PlainTextResponse:
        return PlainTextResponse("z" * 5000)

    app.add_middleware(ConditionalGet)
    app.add_middleware(Compression)
    with TestClient(app) as client:
        yield client


def test_a_streamed_answer_stays_streamed_and_uncompressed(
        streaming_client: TestClient) -> None:
    streamed = streaming_client.get("/stream", headers=GZIP)
    assert "content-encoding" not in streamed.headers and "etag" not in streamed.headers
    assert streamed.content == b"x" * 5000 + b"y" * 5000
    whole = streaming_client.get("/whole", headers={"Accept-Encoding": "br"})
    assert whole.headers["content-encoding"] == "br"
    zipped = streaming_client.get("/whole", headers=GZIP)
    assert zipped.headers["content-encoding"] == "gzip" and zipped.content == b"z" * 5000


def test_accept_encoding_is_read_with_its_qualities() -> None:
    assert choose("gzip, deflate, br") == "br"
    assert choose("gzip") == "gzip"
    assert choose("br;q=0.5, gzip;q=0.8") == "gzip"
    assert choose("*") == "br"
    assert choose("*;q=0, identity") is None
    assert choose("") is None
    assert choose("gzip;q=oops") is None


def test_a_cycle_of_imports_is_an_error_at_start(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text('import { b } from "./b.js";\nexport const a = 1;\n')
    (tmp_path / "b.js").write_text('import { a } from "./a.js";\nexport const b = 2;\n')
    with pytest.raises(ImportCycle):
        build(tmp_path)


def test_a_lazy_import_gets_a_hashed_url_but_no_preload(tmp_path: Path) -> None:
    (tmp_path / "main.js").write_text('const late = () => import("./late.js");\n')
    (tmp_path / "late.js").write_text("export const late = 1;\n")
    assets = build(tmp_path)
    main = assets.by_path["main.js"]
    assert main.lazy_imports == ("late.js",) and main.imports == ()
    assert assets.url("late.js") in main.body.decode()
    assert assets.closure(["main.js"], lazy=False) == ["main.js"]
    assert assets.closure(["main.js"], lazy=True) == ["late.js", "main.js"]


@SQLITE_ONLY
def test_the_seat_page_declares_the_drafts_modules_not_the_builders_or_the_boards(
        client: TestClient) -> None:
    page = client.get("/pods/abc/seat").text
    declared = re.findall(r'(?:href|src)="/static/js/(\w+)\.[0-9a-f]{12}\.js"', page)
    assert {"seat", "picker", "live", "i18n"} <= set(declared)
    assert not {"deck", "game", "exports", "charts"} & set(declared), declared
    script = client.get(seat_script(client)).text
    assert re.search(r'import\("/static/js/deck\.[0-9a-f]{12}\.js"\)', script), \
        "the builder comes by import() when its phase does"
