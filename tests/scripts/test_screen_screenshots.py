"""docs/screen.md shows every moment the screenshot script shoots, at both TV sizes, and
every picture it names is in docs/images (a renamed moment cannot leave a broken link)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "screen.md"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "screen_screenshots", ROOT / "scripts" / "screen_screenshots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def linked() -> set[str]:
    return set(re.findall(r"\]\(images/([^)]+)\)", DOC.read_text(encoding="utf-8")))


def test_every_moment_the_script_shoots_is_in_the_doc_at_both_sizes() -> None:
    script = load_script()
    wanted = {f"screen-{moment}-{tv}.png" for moment in script.MOMENTS for tv in script.TVS}
    assert len(wanted) == 16
    assert wanted <= linked(), sorted(wanted - linked())


def test_every_picture_the_doc_shows_is_committed_and_small() -> None:
    for name in linked():
        image = ROOT / "docs" / "images" / name
        assert image.is_file(), name
        assert image.stat().st_size <= 400 * 1024, name
