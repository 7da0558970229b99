"""A seat's file is named and written by the view, in the reader's language: the service
hands it a deck with no name (`SeatExport`), so no service takes a language."""

from __future__ import annotations

import io
import zipfile

from pods.deck import pool_as_deck
from server.values.exports import SeatExport
from server.views.exports import export_file, export_zip


def pool_of(player: str, seat: int, fmt: str = "cockatrice") -> SeatExport:
    return SeatExport(player, seat, "CMR", "pool", fmt, pool_as_deck((), ""))


def test_a_pools_deck_name_and_comments_are_said_in_the_readers_language() -> None:
    russian = export_file(pool_of("Ann", 0), "ru")
    assert "<deckname>Пул игрока Ann</deckname>" in russian.content
    assert russian.filename == "Ann-pool.cod"
    assert russian.media_type == "application/xml; charset=utf-8"
    english = export_file(pool_of("Ann", 0), "en")
    assert "<deckname>Ann pool</deckname>" in english.content
    assert "(CMR)" in english.content  # the comments name the set


def test_the_zip_holds_each_seats_files_in_a_folder_by_seat_and_ascii_name() -> None:
    data = export_zip([pool_of("Ann", 0, "arena"), pool_of("Жора", 1, "arena")], "it")
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert names[0] == "1-Ann/Ann-pool.txt"
    assert names[1].startswith("2-") and names[1].isascii()
