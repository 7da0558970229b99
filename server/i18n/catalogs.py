"""The gettext catalogs: `.po` files compiled in memory the first time a language is used.

Why no `.mo` files: compiling at start keeps the quick start at two commands and means a
translator's edit to a `.po` file is live on the next start, with nothing to forget.
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
DOMAIN = "messages"
DEFAULT_LANGUAGE = "en"
# Each language is named in itself: the switcher must be readable by someone who cannot
# read the current language, so these names are data, never translated.
LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "it": "Italiano"}
LANGUAGES = tuple(LANGUAGE_NAMES)


def supported(code: str | None) -> str | None:
    """The supported language a tag names ("ru-RU" → "ru"), or None. Here, not beside the
    request's choice (`server.i18n.choice`), so the command line reads it without FastAPI."""
    if not code:
        return None
    primary = code.strip().replace("_", "-").split("-")[0].casefold()
    return primary if primary in LANGUAGES else None


def N_(text: str) -> str:
    """Mark a string for the catalog without translating it here (translated later, in
    the reader's language; `scripts/update_catalogs.py` extracts it)."""
    return text


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def catalog(language: str) -> Catalog:
    """The parsed `.po` file of a supported language."""
    with po_path(language).open("rb") as source:
        return read_po(source, locale=language, domain=DOMAIN)


@cache
def translations(language: str) -> gettext.NullTranslations:
    """A `GNUTranslations` for `language` (fuzzy entries skipped); English for unknowns."""
    if language not in LANGUAGES:
        language = DEFAULT_LANGUAGE
    buffer = io.BytesIO()
    write_mo(buffer, catalog(language))
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def _plural_index(language: str, n: int) -> int:
    rule = getattr(translations(language), "plural", None)
    return int(rule(n)) if rule else int(n != 1)


@cache
def plural_categories(language: str) -> tuple[str, ...]:
    """The CLDR category (`one`, `few`, `many`, `other`) of each of the catalog's plural
    forms, in order: what lets `Intl.PluralRules` in the browser pick the same form as
    the catalog's `Plural-Forms` expression (ru: one, few, many; it and en: one, other)."""
    locale = Locale.parse(language)
    found: dict[int, str] = {}
    for n in range(200):
        found.setdefault(_plural_index(language, n), locale.plural_form(n))
    return tuple(found[index] for index in sorted(found))


@cache
def _samples(language: str) -> tuple[int, ...]:
    """One number per plural form, in form order (ru: 1, 2, 0)."""
    found: dict[int, int] = {}
    for n in range(200):
        found.setdefault(_plural_index(language, n), n)
    return tuple(found[index] for index in sorted(found))


def plural_forms(language: str, singular: str, plural: str) -> list[str]:
    """Every translated form of a plural message, in form order (for the browser's `tn`)."""
    source = translations(language)
    return [source.ngettext(singular, plural, n) for n in _samples(language)]
