"""Every error code the server can send has its sentence, in English, Russian and Italian.

Why read the source: a code is a string a refusal is raised with, anywhere in `server`,
`pods` or `draft`; a new refusal added without its sentence reached Russian and Italian
phones in English (the envelope falls back to the handler's own words). The codes are
collected as they are written: the last string argument of an `…Error(…)` or a
`Refusal(…)`-like call that looks like a code, a `code="…"` keyword, a class's `code = "…"`,
and the status → code tables of the HTTP handlers.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from gettext import NullTranslations
from pathlib import Path

import pytest

from server.i18n.catalogs import translations
from server.i18n.errors import _sentences

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ("server", "pods", "draft")
CODE = re.compile(r"[a-z]+(?:_[a-z]+)*")
REFUSERS = ("Refusal", "_refuse", "send_refusal", "error", "refused_with")
"""Calls other than `…Error(…)` whose first code-like string argument is a code."""


def _strings(nodes: list[ast.expr]) -> list[str]:
    return [n.value for n in nodes
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and CODE.fullmatch(n.value)]


def _codes_in(tree: ast.AST) -> Iterator[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name.endswith("Error") and len(node.args) >= 2:
                yield from _strings(node.args[-1:])
            elif name in REFUSERS:
                yield from _strings(node.args)[:1]
            yield from _strings([k.value for k in node.keywords if k.arg == "code"])
        elif isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id == "code" for t in node.targets):
                yield from _strings([node.value])
        elif isinstance(node, ast.Dict) and node.keys and all(
                isinstance(k, ast.Constant) and isinstance(k.value, int)
                and 400 <= k.value < 600 for k in node.keys):
            yield from _strings(list(node.values))


def sendable_codes() -> dict[str, str]:
    """Code → the first file that raises it."""
    codes: dict[str, str] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for code in _codes_in(ast.parse(path.read_text(encoding="utf-8"))):
                codes.setdefault(code, str(path.relative_to(ROOT)))
    return codes


def test_the_walk_finds_the_codes_of_every_kind_of_refusal() -> None:
    codes = sendable_codes()
    # raised by a service, the table's rules, the draft engine, a guard in front of the
    # app, a socket frame, and the HTTP handlers' table
    assert {"pod_full", "turns_started", "game_ended", "ref_reused", "bad_host",
            "unknown_type", "not_found", "method_not_allowed", "db_busy"} <= set(codes)
    assert len(codes) > 120


def test_every_code_the_server_can_send_has_an_english_sentence() -> None:
    english = _sentences(NullTranslations())
    missing = {code: where for code, where in sendable_codes().items() if code not in english}
    assert missing == {}


@pytest.mark.parametrize("language", ["ru", "it"])
def test_every_code_the_server_can_send_is_translated(language: str) -> None:
    english = _sentences(NullTranslations())
    spoken = _sentences(translations(language))
    untranslated = sorted(code for code in sendable_codes()
                          if code in english and spoken[code] == english[code])
    assert untranslated == []
