"""The recap file's inlined stylesheet: inlined as written, never with a `</` that would
close its `<style>` early (the file's names and cards would then be read as markup)."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.routes import recap


def test_a_stylesheet_that_could_end_its_style_element_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    css = tmp_path / "recap.css"
    css.write_text('.recap { font-family: "Segoe UI"; }\n</style><b>', encoding="utf-8")
    monkeypatch.setattr(recap, "CSS", css)
    with pytest.raises(ValueError, match="</"):
        recap.recap_css.__wrapped__()


def test_our_stylesheet_is_inlined_unescaped() -> None:
    assert '"Segoe UI"' in str(recap.recap_css.__wrapped__())
