"""Browser security headers: no framing (clickjacking the host's Pause button), no MIME
sniffing, no referrer, and a content policy that lets pages load only their own files
(plus the card image host while remote images are on)."""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from server.app import create_app
from server.core.settings import Settings
from tests.server.support.builders import join, me, new_pod, start

IMAGE_HOSTS = ("https://cards.scryfall.io", "https://api.scryfall.com")


def policy(header: str) -> dict[str, list[str]]:
    parts = (part.split() for part in header.split(";") if part.strip())
    return {words[0]: words[1:] for words in parts}


@pytest.mark.parametrize("path", ["/", "/pods/abc/host", "/pods/abc/seat", "/api/pods",
                                  "/healthz", "/static/js/api.js", "/nowhere"])
def test_every_answer_forbids_framing_sniffing_and_referrers(client: TestClient,
                                                             path: str) -> None:
    headers = client.get(path).headers
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    csp = policy(headers["content-security-policy"])
    assert csp["frame-ancestors"] == ["'none'"]
    assert csp["default-src"] == ["'self'"]


def test_a_page_runs_only_its_own_scripts(client: TestClient) -> None:
    """The page's one inline script is allowed by its hash (the page stays the same bytes
    from load to load, so a reload can be a 304); nothing inline else may run."""
    response = client.get("/pods/abc/host")
    csp = policy(response.headers["content-security-policy"])
    inline = re.findall(r"<script>(.*?)</script>", response.text, re.S)
    assert len(inline) == 1, "one inline script: the page's strings"
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    assert csp["script-src"] == ["'self'", f"'sha256-{digest}'"]
    assert "'unsafe-inline'" not in client.get("/").headers["content-security-policy"]
    assert csp["object-src"] == ["'none'"] and csp["base-uri"] == ["'none'"]
    again = client.get("/pods/abc/host")
    assert again.text == response.text, "the same page is the same bytes"
    assert policy(client.get("/pods/abc/join").headers["content-security-policy"])[
        "script-src"] != csp["script-src"], "each page allows its own script only"


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("images", "hosts"), [("local", []), ("off", []),
                                               ("remote", list(IMAGE_HOSTS))])
def test_pages_load_images_from_the_image_host_only_in_remote_mode(
    make_settings: Callable[..., Settings], images: str, hosts: list[str]
) -> None:
    with TestClient(create_app(make_settings(images=images))) as http:
        csp = policy(http.get("/").headers["content-security-policy"])
        assert csp["img-src"] == ["'self'", "data:", *hosts]
        pod = new_pod(http, seats=2)
        ann = join(http, pod, "Ann")
        start(http, pod)
        urls = {card.get("image_url") or "" for card in me(http, ann)["pack"]}
        assert all(url.startswith(tuple(hosts)) for url in urls if url.startswith("http"))


def test_the_api_docs_need_no_cdn(client: TestClient) -> None:
    for path in ("/docs", "/redoc"):
        assert client.get(path).status_code == 404
    assert client.get("/openapi.json").status_code == 200
