"""The goals runner: every figure as median [min–max] of its runs, errors summed."""

from __future__ import annotations

from typing import Any

import pytest

from bench.goals import GOALS, main, spread, table


def result(picks_per_s: float, p99: float, errors: int = 0) -> dict[str, Any]:
    return {"picks_per_s": picks_per_s, "errors": errors, "pools_ok": errors == 0,
            "load_avg_1m": 1.0, "latency_ms": {"p50": 1.0, "p99": p99},
            "baseline_ms": {"p50": 0.5}, "ratio_p50": 2.0, "ratio_p99": 3.0,
            "server_cpu_ms_per_pick": 0.5, "server_cpu_pct": 50.0}


def test_a_spread_is_the_median_then_the_range() -> None:
    assert spread([3.0, 1.0, 2.0]) == "2 [1–3]"
    assert spread([1500.0]) == "1,500"


def test_the_table_shows_each_goal_its_target_and_summed_errors() -> None:
    goal = GOALS[1]
    text = table([goal], {goal.name: [result(1400, 9), result(1600, 12, errors=2),
                                      result(1500, 10)]})
    assert goal.target in text
    assert "n=3, errors 2, pools ok False" in text
    assert "picks/s         1,500 [1,400–1,600]" in text
    assert "p99 ms          10 [9–12]" in text
    assert "idle KiB/pod" not in text  # a figure no run has is left out


def test_an_unknown_goal_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--only", "1-pod,9000-pods"])
    assert "unknown goal(s): 9000-pods" in capsys.readouterr().err
