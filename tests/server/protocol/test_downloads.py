"""Download file names: the player's own name, exact in `filename*`, readable in ASCII."""

from __future__ import annotations

import pytest

from server.protocol.file_names import ascii_stem, content_disposition, safe_stem


@pytest.mark.parametrize(
    ("name", "stem", "ascii"),
    [
        ("Дмитрий", "Дмитрий", "Dmitrij"),
        ("Zoë Ångström", "Zoë-Ångström", "Zoe-Angstrom"),
        ("../../etc/passwd", "etc-passwd", "etc-passwd"),
        ('a"b;c', "a-b-c", "a-b-c"),
        ("   ", "player", "player"),
        ("李雷", "李雷", "player"),
    ],
)
def test_a_name_becomes_a_safe_stem_and_an_ascii_fallback(name: str, stem: str,
                                                           ascii: str) -> None:
    assert safe_stem(name) == stem
    assert ascii_stem(name) == ascii


def test_an_ascii_name_needs_no_second_name() -> None:
    assert content_disposition("Ann-deck.dck") == 'attachment; filename="Ann-deck.dck"'


def test_a_non_ascii_name_gets_rfc_6266_filename_star_and_stays_latin_1() -> None:
    header = content_disposition("Жанна-log.txt")
    assert header == ("attachment; filename=\"Zhanna-log.txt\"; "
                      "filename*=UTF-8''%D0%96%D0%B0%D0%BD%D0%BD%D0%B0-log.txt")
    header.encode("latin-1")
