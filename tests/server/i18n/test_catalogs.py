"""The catalogs are complete and current: every message the interface can say has a
non-empty, non-fuzzy translation in English, Russian and Italian, and a fresh extraction
matches what is committed (so nobody forgets `scripts/update_catalogs.py`)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog

from server.i18n.catalogs import LANGUAGES, catalog, plural_categories, plural_forms, translations

ROOT = Path(__file__).resolve().parents[3]


def update_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("update_catalogs", ROOT / "scripts" /
                                                  "update_catalogs.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ids(messages: Catalog) -> set[object]:
    return {message.id if isinstance(message.id, str) else tuple(message.id)
            for message in messages if message.id}


def test_committed_catalogs_match_a_fresh_extraction() -> None:
    script = update_script()
    stale = [str(path.relative_to(ROOT)) for path, content in script.planned().items()
             if not path.exists() or path.read_bytes() != content]
    assert stale == [], "run: python scripts/update_catalogs.py (then translate)"


def test_extraction_finds_templates_js_strings_python_and_cli() -> None:
    found = ids(update_script().extract())
    assert "Take a seat" in found  # a template
    assert "Take these {n}" in found  # a JS string, via _strings.html
    assert ("{s} second left", "{s} seconds left") in found  # a JS plural
    assert "Your deck has no commander." in found  # a deck problem
    assert "Run the draft server for phones on the local network." in found  # CLI help


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy_or_obsolete(language: str) -> None:
    messages = catalog(language)
    assert not messages.fuzzy
    assert not messages.obsolete
    template = update_script().extract()
    assert ids(messages) == ids(template)
    for message in messages:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert len(strings) == (messages.num_plurals if message.pluralizable else 1), message.id
        assert all(strings), f"{language}: no translation for {message.id!r}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_every_placeholder(language: str) -> None:
    """Babel's checkers: `%(name)s` and `{name}` placeholders match the English."""
    problems = [(message.id, [str(e) for e in errors])
                for message, errors in catalog(language).check()]
    assert problems == []


@pytest.mark.parametrize(
    ("n", "expected"),
    [(1, "1 карта"), (2, "2 карты"), (5, "5 карт"), (11, "11 карт"), (21, "21 карта"),
     (22, "22 карты"), (0, "0 карт")],
)
def test_russian_counts_cards_with_three_plural_forms(n: int, expected: str) -> None:
    assert translations("ru").ngettext("{n} card", "{n} cards", n).format(n=n) == expected


def test_italian_and_english_have_two_plural_forms() -> None:
    assert translations("it").ngettext("{n} card", "{n} cards", 1).format(n=1) == "1 carta"
    assert translations("it").ngettext("{n} card", "{n} cards", 5).format(n=5) == "5 carte"
    assert translations("en").ngettext("{n} card", "{n} cards", 21).format(n=21) == "21 cards"


def test_each_plural_form_knows_its_cldr_category_for_the_browser() -> None:
    assert plural_categories("ru") == ("one", "few", "many")
    assert plural_categories("it") == ("one", "other")
    assert plural_categories("en") == ("one", "other")
    assert plural_forms("ru", "{n} card", "{n} cards") == ["{n} карта", "{n} карты", "{n} карт"]


def test_an_unknown_language_gets_english() -> None:
    assert translations("xx").gettext("Take a seat") == "Take a seat"
