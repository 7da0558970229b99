"""The callgrind bench reads a dump's count and refuses what it cannot measure."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.pick_instructions import instructions, main


def test_the_count_is_the_dumps_summary(tmp_path: Path) -> None:
    dump = tmp_path / "callgrind.out.1.1"
    dump.write_text("version: 1\ncreator: callgrind-3.19.0\nevents: Ir\n"
                    "fn=(1) main\n3 10\nsummary: 2033805\ntotals: 2033805\n")
    assert instructions(dump) == 2_033_805


def test_a_dump_without_a_summary_is_an_error(tmp_path: Path) -> None:
    dump = tmp_path / "callgrind.out.1.1"
    dump.write_text("version: 1\nevents: Ir\n")
    with pytest.raises(ValueError, match="no summary"):
        instructions(dump)


@pytest.mark.parametrize("argv", [["--picks", "0"], ["--pause-s", "-1"]])
def test_no_picks_or_a_negative_pause_is_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        main(argv)
    assert refused.value.code == 2
