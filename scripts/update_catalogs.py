"""Re-extract the interface's messages and update the en/ru/it catalogs.

    python scripts/update_catalogs.py          # write messages.pot and update every .po
    python scripts/update_catalogs.py --check  # exit 1 if the committed files are stale

Why a script and not bare `pybabel`: one command with our keywords (`plural_forms` in the
templates, `N_` in Python) and fixed headers, so re-running it changes nothing unless a
string changed. New strings arrive with an empty translation (English copies them in:
the English catalog is complete by construction); strings that disappeared are dropped,
never kept as obsolete or fuzzy entries. See docs/i18n.md.
"""

from __future__ import annotations

import argparse
import copy
import io
import sys
from collections.abc import Iterable
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE_DIR = ROOT / "server" / "locale"
POT = LOCALE_DIR / "messages.pot"
LANGUAGES = ("en", "ru", "it")
KEYWORDS = {**DEFAULT_KEYWORDS, "plural_forms": (1, 2)}
FIXED_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)  # noqa: UP017 - babel wants tzinfo
WIDTH = 100
# CLDR gives Italian a third "many" form (for a million); gettext tools, translators and
# every Italian catalog in the wild use two, so we say so explicitly.
PLURAL_FORMS = {"it": "nplurals=2; plural=(n != 1);"}


def extract(root: Path = ROOT) -> Catalog:
    """Every message in the templates (JS strings included) and in `server/`."""
    with (root / "babel.cfg").open(encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config, "babel.cfg")
    template = Catalog(project="Prismatic", version="0.1", charset="utf-8",
                       creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                       msgid_bugs_address="", copyright_holder="Prismatic")
    found = extract_from_dir(str(root), method_map, options_map, keywords=KEYWORDS,
                             comment_tags=("Translators:",), strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        template.add(message, None, [(filename, lineno)], auto_comments=comments,
                     context=context)
    return template


def updated(template: Catalog, language: str, existing: Catalog | None) -> Catalog:
    """`existing` brought up to `template`: no fuzzy matching, no obsolete entries."""
    catalog = existing or Catalog(locale=language, project="Prismatic", version="0.1",
                                  charset="utf-8", creation_date=FIXED_DATE,
                                  last_translator="Prismatic", fuzzy=False)
    if language in PLURAL_FORMS:
        catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[language])]
    catalog.update(copy.deepcopy(template), no_fuzzy_matching=True,
                   update_header_comment=True)
    for message in catalog:  # forms beyond the language's count (see PLURAL_FORMS)
        if message.pluralizable and isinstance(message.string, tuple):
            message.string = message.string[: catalog.num_plurals]
    catalog.obsolete.clear()
    catalog.revision_date = FIXED_DATE
    if language == "en":
        for message in catalog:
            if message.id and not _filled(message.string):
                message.string = message.id
    return catalog


def _filled(string: str | Iterable[str] | None) -> bool:
    if isinstance(string, str):
        return bool(string)
    return bool(string) and all(string)  # type: ignore[arg-type]


def render(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, sort_output=False, ignore_obsolete=True,
             include_previous=False, include_lineno=False)
    return buffer.getvalue()


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / "messages.po"


def read(path: Path, language: str | None = None) -> Catalog | None:
    if not path.exists():
        return None
    with path.open("rb") as source:
        return read_po(source, locale=language)


def planned() -> dict[Path, bytes]:
    """What every catalog file should contain, from a fresh extraction."""
    template = extract()
    files = {POT: render(template)}
    for language in LANGUAGES:
        files[po_path(language)] = render(updated(template, language, read(po_path(language),
                                                                          language)))
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report stale files")
    args = parser.parse_args(argv)
    stale = []
    for path, content in planned().items():
        if path.exists() and path.read_bytes() == content:
            continue
        stale.append(path.relative_to(ROOT))
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
    for path in stale:
        print(f"{'stale' if args.check else 'updated'}: {path}")
    return 1 if (args.check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
