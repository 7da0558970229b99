"""What one page declares while it renders: its modules (with a `modulepreload` for each
module they import) and only the strings those modules can show.

Why per render: a page names its entry modules in its own template and in the partials it
includes (`_lobby_guard.html`, `_join_help.html`), so the page learns its whole module list
only as it renders. The strings script comes last in `base.html` for that reason (module
scripts run after the document is parsed, so it still runs before any of them).

Which strings: the keys of the catalog (`_strings.html`) that appear as a string literal in
a module the page may run, `import()`ed ones included. A module that builds a key from
parts would miss its string; none does, and `tests/frontend/test_page_strings.py` checks
every `t()`/`tn()` key of every page against what the page inlines.

Why hashes in the policy, not a nonce: a page without a per-request nonce is the same bytes
every time, so a reload revalidates it (`ETag`, 304) instead of moving it again. The hash
of each inline script goes into the page's `script-src` (`server.edge.security_headers`).
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from markupsafe import Markup, escape

from server.routes.static_assets import StaticAssets


@cache
def quoted_keys(source: bytes, keys: tuple[str, ...]) -> frozenset[str]:
    """The `keys` that a module's source holds as a whole string literal (in any quotes).
    Looked up, not parsed: a JS tokenizer here would be a project of its own, and a key
    found in a comment only costs its few bytes."""
    text = source.decode("utf-8")
    return frozenset(key for key in keys
                     if f'"{key}"' in text or f"'{key}'" in text or f"`{key}`" in text)


def script_hash(script: str) -> str:
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def inline_json(value: Any) -> str:
    """JSON safe inside `<script>`: no `</script>` or `<!--` can close or open anything."""
    return (json.dumps(value, ensure_ascii=False, sort_keys=True)
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


class PageAssets:
    """Collects a page's modules while it renders; emits its preloads and its strings."""

    def __init__(self, assets: StaticAssets) -> None:
        self.assets = assets
        self.entries: list[str] = []
        self.preloaded: set[str] = set()
        self.script_hashes: list[str] = []

    def static(self, path: str) -> str:
        return self.assets.url(path)

    def module(self, entry: str) -> Markup:
        """`<link rel="modulepreload">` for each module `entry` imports (its whole static
        graph, so the browser fetches them in parallel instead of level by level), then
        the module script itself."""
        self.entries.append(entry)
        lines = []
        for path in self.assets.closure([entry], lazy=False):
            if path in self.preloaded or path == entry:
                continue
            self.preloaded.add(path)
            lines.append(f'<link rel="modulepreload" href="{escape(self.static(path))}">')
        lines.append(f'<script type="module" src="{escape(self.static(entry))}"></script>')
        return Markup("\n".join(lines))

    def prefetch(self, entry: str, page_url: str) -> Markup:
        """The next page's URL and its module `entry` with its static graph (but what this
        page preloads already), as a JSON list for `next_page.js`. Why: the join page leads
        to the seat page, whose HTML and modules would start only after "Join"; fetched at
        the lowest priority while a name is typed, they wait in the cache (hashed modules
        are immutable; a prefetched page is used once within 5 minutes unasked). Why a list
        and not `<link rel="prefetch">` tags: the page's script adds them once its own
        modules have come, so they never take the 6 connections its own modules need."""
        urls = [page_url, *(self.static(path)
                            for path in self.assets.closure([entry], lazy=False)
                            if path not in self.preloaded and path not in self.entries)]
        return Markup(f'<script type="application/json" id="next-page">{inline_json(urls)}'
                      "</script>")

    def used_keys(self, keys: tuple[str, ...]) -> set[str]:
        """The `keys` that a module this page may run shows (lazy ones too)."""
        used: set[str] = set()
        for path in self.assets.closure(self.entries, lazy=True):
            used |= quoted_keys(self.assets.by_path[path].body, keys)
        return used

    def strings_script(self, strings: Mapping[str, str], plurals: Mapping[str, Any],
                       lang: str, categories: list[str]) -> Markup:
        """The inline script with the translations the page's modules use, its hash noted
        for the policy."""
        used = self.used_keys((*strings, *plurals))
        script = (
            "window.PRISMATIC_I18N = "
            + inline_json({key: value for key, value in strings.items() if key in used})
            + ";\nwindow.PRISMATIC_PLURALS = "
            + inline_json({"lang": lang, "categories": categories,
                           "forms": {key: value for key, value in plurals.items()
                                     if key in used}})
            + ";")
        self.script_hashes.append(script_hash(script))
        return Markup(f"<script>{script}</script>")
