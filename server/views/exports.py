"""A seat's files as downloaded: written in their format (`pods.formats`) and named, and
the night's zip of every seat's files.

Why the names are here: the free-text parts of a file (a pool's deck name, Cockatrice's
comments) are in the reader's language; what importers parse (section headers, CSV
columns, the MTGO log's lines) stays English (docs/i18n.md). File names carry the
player's name (`server/protocol/file_names.py`).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, replace

from pods.formats import cockatrice, write_deck
from pods.formats.draft_log import DraftLog, write_json, write_mtgo
from server.i18n.catalogs import DEFAULT_LANGUAGE, translations
from server.protocol.file_names import ascii_filename, ascii_stem, safe_stem
from server.values.exports import SeatExport

EXTENSIONS = {"arena": "txt", "mtgo": "txt", "cockatrice": "cod", "forge": "dck",
              "text": "txt", "csv": "csv", "json": "json"}


@dataclass(frozen=True)
class ExportFile:
    filename: str
    media_type: str
    content: str


def _media(ext: str) -> str:
    return {"json": "application/json", "csv": "text/csv",
            "cod": "application/xml"}.get(ext, "text/plain") + "; charset=utf-8"


def export_file(export: SeatExport, language: str = DEFAULT_LANGUAGE) -> ExportFile:
    """One file to download, its free text in `language`."""
    name = safe_stem(export.player)
    if isinstance(export.content, DraftLog):
        if export.fmt == "json":
            return ExportFile(f"{name}-draft-log.json", _media("json"),
                              write_json(export.content))
        return ExportFile(f"{name}-draft-log.txt", _media("txt"), write_mtgo(export.content))
    _ = translations(language).gettext
    deck = export.content
    if export.what == "pool":
        deck = replace(deck, name=_("%(name)s pool") % {"name": export.player})
    elif export.what == "unused":
        deck = replace(deck, name=_("%(name)s unused cards") % {"name": export.player})
    if export.fmt == "cockatrice":
        content = cockatrice.write(deck, _("Drafted at a Prismatic Commander Draft (%(set)s).")
                                   % {"set": export.set_code})
    else:
        content = write_deck(deck, export.fmt)
    ext = EXTENSIONS[export.fmt]
    return ExportFile(f"{name}-{export.what}.{ext}", _media(ext), content)


def export_zip(exports: Sequence[SeatExport], language: str = DEFAULT_LANGUAGE) -> bytes:
    """Every seat's files in one zip, a folder per seat (`2-Ann/`)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for export in exports:
            # ASCII entry names: every unzip tool shows them right.
            number = export.seat + 1 if export.seat is not None else 0
            folder = f"{number}-{ascii_stem(export.player)}"
            file = export_file(export, language)
            archive.writestr(f"{folder}/{ascii_filename(file.filename)}", file.content)
    return buffer.getvalue()
