"""A name's visible text drops exactly Unicode's default-ignorable characters: every code
point of each ignorable range, and none of their neighbours."""

from __future__ import annotations

import unicodedata

import pytest

from pods.player_names import _IGNORABLE, _visible_text


@pytest.mark.parametrize(("low", "high"), _IGNORABLE)
def test_each_ignorable_range_is_dropped_whole_and_its_neighbours_kept(low: int,
                                                                       high: int) -> None:
    for code in {low, (low + high) // 2, high}:
        assert _visible_text(f"A{chr(code)}n") == "An"
    for code in (low - 1, high + 1):
        kept = unicodedata.normalize("NFKC", chr(code))
        if not any(lo <= ord(ch) <= hi for ch in kept for lo, hi in _IGNORABLE):
            assert _visible_text(f"A{chr(code)}n") == unicodedata.normalize("NFKC",
                                                                             f"A{chr(code)}n")
