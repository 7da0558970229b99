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


def test_the_issue_33_goals_are_all_run_by_name() -> None:
    names = {goal.name for goal in GOALS}
    assert {"2000-phones", "2000-phones-stagger", "cluster-1", "cluster-2",
            "cluster-3"} <= names
    staggered = next(goal for goal in GOALS if goal.name == "2000-phones-stagger")
    assert "--stagger-s" in staggered.args and "--trace" in staggered.args
    assert all(goal.postgres for goal in GOALS if goal.name.startswith("cluster-"))


def test_a_cluster_run_shows_what_every_process_spent_per_pick_summed() -> None:
    goal = next(goal for goal in GOALS if goal.name == "cluster-2")
    run = {"picks_per_s": 300.0, "errors": 0, "pools_ok": True, "load_avg_1m": 2.0,
           "latency_ms": {"p50": 3.0, "p99": 20.0, "max": 30.0},
           "processes": [{"cpu_ms_per_pick": 0.75}, {"cpu_ms_per_pick": 0.5}]}
    text = table([goal], {goal.name: [run]})
    assert "cluster ms/pick 1.25" in text
    assert "echo p50" not in text  # a cluster run has no echo baseline


def test_a_goal_without_its_database_says_it_was_not_run() -> None:
    goal = next(goal for goal in GOALS if goal.name == "cluster-1")
    assert "not run, no PostgreSQL" in table([goal], {goal.name: []})


def test_a_failed_run_is_reported_with_its_reason_beside_the_others() -> None:
    goal = GOALS[1]
    failed = {"failed": "the server did not become healthy within 120 s", "load_avg_1m": 9.0}
    text = table([goal], {goal.name: [result(1500, 10), failed]})
    assert "n=1, errors 0, pools ok True" in text
    assert "FAILED runs: 1 (last: the server did not become healthy within 120 s)" in text
    assert "picks/s         1,500" in text
