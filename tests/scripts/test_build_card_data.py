"""The bundled card file is exactly what the build script makes from ../shared/data."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data"


@pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared/data next to the checkout")
@pytest.mark.parametrize("code", ["CMR", "CLB", "CMM"])
def test_bundled_file_is_reproducible_from_shared_data(tmp_path: Path, code: str) -> None:
    subprocess.run(
        [sys.executable, "scripts/build_card_data.py", "--set", code, "--out", str(tmp_path)],
        cwd=ROOT, check=True, capture_output=True,
    )
    name = f"{code.lower()}.json"
    assert (tmp_path / name).read_bytes() == (ROOT / "draft" / "data" / name).read_bytes()
