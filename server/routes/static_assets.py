"""The static files, read once: content-hashed names, rewritten imports, encoded bodies.

Why: a phone on a crowded Wi-Fi should fetch a module once per version, not revalidate
twenty of them on every load. Each file gets a name with its content's hash in it
(`js/seat.3f9a0c1d2e4b.js`), served `immutable` for a year; the pages name files only
through `static()` (`server.routes.pages`), so a new version is a new URL.

A module's imports are rewritten to its dependencies' hashed URLs before its own hash is
taken, so a change in `dom.js` changes the URL of every module that imports it, up to the
page's entry module: no stale module can ever be combined with a new one. That needs the
import graph to be acyclic (`tests/frontend/test_js_modules.py` keeps it so; a cycle here
is an error at start). The same graph gives each page its `modulepreload` list and the
strings it inlines (`server.routes.page_assets`).

Each text file is also encoded once here (brotli and gzip, best settings), never per request.
"""

from __future__ import annotations

import hashlib
import mimetypes
import posixpath
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from server.edge.encodings import MIN_BYTES, OFFERED, compressible, encode

STATIC_URL = "/static"
HASH_LENGTH = 12
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"

STATIC_IMPORT = re.compile(
    r"""(?P<head>^(?:import|export)\b[^;"'`()]*?\bfrom\s*|^import\s*)"""
    r"""(?P<quote>["'])(?P<spec>\.{1,2}/[^"']+)(?P=quote)""",
    re.M)
DYNAMIC_IMPORT = re.compile(
    r"""(?P<head>\bimport\(\s*)(?P<quote>["'])(?P<spec>\.{1,2}/[^"']+)(?P=quote)""")
TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}


@dataclass(frozen=True)
class Asset:
    """One static file as served: its bytes (imports rewritten), hash and encodings."""

    path: str  # "js/seat.js", relative to the static folder
    body: bytes
    media_type: str
    digest: str
    imports: tuple[str, ...] = ()  # static imports, as paths like "js/dom.js"
    lazy_imports: tuple[str, ...] = ()  # import("./deck.js"): loaded when a phase comes
    encoded: dict[str, bytes] = field(default_factory=dict)

    @property
    def hashed_path(self) -> str:
        stem, dot, suffix = self.path.rpartition(".")
        return f"{stem}.{self.digest}.{suffix}" if dot else f"{self.path}.{self.digest}"

    @property
    def url(self) -> str:
        return f"{STATIC_URL}/{self.hashed_path}"

    @property
    def etag(self) -> str:
        return f'"{self.digest}"'


class ImportCycle(ValueError):
    """Two modules import each other (directly or not): hashes would have no order."""


@dataclass
class StaticAssets:
    """Every file of a static folder, by its plain and its hashed path."""

    by_path: dict[str, Asset]
    by_hashed_path: dict[str, Asset]

    def find(self, path: str) -> tuple[Asset, bool] | None:
        """The asset a URL path names, and whether the name was the hashed one. A hashed
        name of an older version is no asset (404): its bytes are gone."""
        if path in self.by_hashed_path:
            return self.by_hashed_path[path], True
        if path in self.by_path:
            return self.by_path[path], False
        return None

    def url(self, path: str) -> str:
        """The hashed URL of `path` (a `KeyError` for a file that does not exist: a typo in
        a template fails the page's first test, not a phone)."""
        return self.by_path[path].url

    def closure(self, entries: list[str], *, lazy: bool) -> list[str]:
        """`entries` and every module they import, dependencies first; with `lazy`, the
        modules they may `import()` later too."""
        order: list[str] = []
        seen: set[str] = set()

        def visit(path: str) -> None:
            if path in seen:
                return
            seen.add(path)
            asset = self.by_path[path]
            for dependency in (*asset.imports, *(asset.lazy_imports if lazy else ())):
                visit(dependency)
            order.append(path)

        for entry in entries:
            visit(entry)
        return order


def resolve(importer: str, specifier: str) -> str:
    return posixpath.normpath(posixpath.join(posixpath.dirname(importer), specifier))


def media_type(path: str) -> str:
    suffix = posixpath.splitext(path)[1].lower()
    return TYPES.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"


def encodings(body: bytes, content_type: str) -> dict[str, bytes]:
    if len(body) < MIN_BYTES or not compressible(content_type):
        return {}
    smaller = {coding: encode(body, coding, once=True) for coding in OFFERED}
    return {coding: data for coding, data in smaller.items() if len(data) < len(body)}


def build(root: Path) -> StaticAssets:
    """Read `root`, rewrite each module's imports to hashed URLs, hash and encode."""
    sources = {path.relative_to(root).as_posix(): path.read_bytes()
               for path in sorted(root.rglob("*")) if path.is_file()}
    done: dict[str, Asset] = {}
    visiting: list[str] = []

    def make(path: str) -> Asset:
        if path in done:
            return done[path]
        if path in visiting:
            raise ImportCycle(" → ".join([*visiting[visiting.index(path):], path]))
        visiting.append(path)
        body = sources[path]
        imports: list[str] = []
        lazy: list[str] = []
        if path.endswith(".js"):
            text = body.decode("utf-8")

            def rewrite(found: re.Match[str], into: list[str]) -> str:
                target = resolve(path, found["spec"])
                if target not in sources:
                    raise FileNotFoundError(f"{path} imports {found['spec']}: no such file")
                into.append(target)
                return f"{found['head']}{found['quote']}{make(target).url}{found['quote']}"

            text = STATIC_IMPORT.sub(lambda found: rewrite(found, imports), text)
            text = DYNAMIC_IMPORT.sub(lambda found: rewrite(found, lazy), text)
            body = text.encode("utf-8")
        visiting.pop()
        content_type = media_type(path)
        asset = Asset(path=path, body=body, media_type=content_type,
                      digest=hashlib.sha256(body).hexdigest()[:HASH_LENGTH],
                      imports=tuple(dict.fromkeys(imports)),
                      lazy_imports=tuple(dict.fromkeys(lazy)),
                      encoded=encodings(body, content_type))
        done[path] = asset
        return asset

    for path in sources:
        make(path)
    return StaticAssets(by_path=done,
                        by_hashed_path={asset.hashed_path: asset for asset in done.values()})


@cache
def static_assets(root: Path) -> StaticAssets:
    """Built on first use and kept: the files are package data, fixed while the server runs."""
    return build(root)
