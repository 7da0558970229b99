"""Download file names: the player's own name, exact in `filename*`, readable in ASCII."""

from __future__ import annotations

from datetime import date

import pytest

from server.protocol.file_names import (
    ascii_filename,
    ascii_stem,
    content_disposition,
    night_file_name,
    safe_stem,
)


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


@pytest.mark.parametrize(
    ("season", "pod", "name"),
    [
        ("Friday League", 2, "Friday-League_2026-12-04_pod-2_recap.html"),
        (None, 2, "2026-12-04_pod-2_recap.html"),
        (None, None, "2026-12-04_recap.html"),
        ("../Пятница\x00/лига", 1, "Пятница-лига_2026-12-04_pod-1_recap.html"),
        ("  ", None, "2026-12-04_recap.html"),
    ],
)
def test_a_nights_file_is_named_by_season_date_and_pod(season: str | None, pod: int | None,
                                                       name: str) -> None:
    """Not `recap-<id>.html`: a host keeping a season's files tells them apart by name."""
    assert night_file_name(season, date(2026, 12, 4), pod, "recap", "html") == name


def test_a_long_season_keeps_its_date_pod_and_kind_in_the_ascii_fallback() -> None:
    name = night_file_name("Ж" * 40, date(2026, 12, 4), 12, "summary", "txt")
    assert ascii_filename(name).endswith("_2026-12-04_pod-12_summary.txt")
    content_disposition(name).encode("latin-1")
