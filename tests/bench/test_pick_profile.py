"""The profile bench reports calls per pick and each function's share of the thread's time."""

from __future__ import annotations

import cProfile
import pstats

import pytest

from bench.pick_profile import main, table


def leaf(n: int) -> int:
    return sum(range(n))


def work(picks: int) -> None:
    for _ in range(picks):
        leaf(1000)
        leaf(1000)


def test_the_table_gives_each_function_its_calls_per_pick_and_ranks_by_own_time() -> None:
    profile = cProfile.Profile()
    profile.runcall(work, 10)
    lines = table(pstats.Stats(profile), picks=10, top=50)
    assert lines[0].split() == ["calls/pick", "own", "%", "cum", "%", "function"]
    row = next(line for line in lines if "(leaf)" in line)
    assert float(row.split()[0]) == 2.0  # twice per pick
    shares = [float(line.split()[1]) for line in lines[1:]]
    assert shares == sorted(shares, reverse=True)
    assert 0 < sum(shares) <= 100.5  # each rounded to 0.1


@pytest.mark.parametrize("argv", [["--picks", "x"], ["--top", "y"]])
def test_a_bad_number_is_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        main(argv)
    assert refused.value.code == 2
