"""Splitting slow picks by cause: each slow pick's window against what overlapped it.

Rule: a pick is put down to the largest pause that covers at least a third of it (the
collector, the server's loop lag, a writer batch, the client's loop lag), else "none
found"; a pick that opened a round is counted apart; the slow row holds only picks at or
over the threshold."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from loadgen.tail import PickSample, Span, read_trace, split, table

T = 1000.0  # a wall-clock moment; every window below is relative to it


def events(gc: Sequence[Span] = (), lag: Sequence[Span] = (),
           batch: Sequence[Span] = ()) -> dict[str, list[Span]]:
    return {"gc": list(gc), "lag": list(lag), "batch": list(batch)}


def test_a_slow_pick_is_put_down_to_the_pause_that_covered_most_of_it() -> None:
    samples = [PickSample(T, 0.090, new_round=True),  # the collector ran 60 ms of its 90
               PickSample(T + 1, 0.080, new_round=False),  # a 50 ms batch
               PickSample(T + 2, 0.070, new_round=False),  # nothing the trace saw
               PickSample(T + 3, 0.002, new_round=False)]  # fast
    server = events(gc=[Span(T + 0.010, 0.060)],
                    batch=[Span(T + 1.010, 0.050, writes=40, queued=12)])
    figures = split(samples, server, [], slow_s=0.050)
    assert figures["slow"]["picks"] == 3 and figures["all"]["picks"] == 4
    assert figures["slow"]["causes"] == {"collector": 1, "writer batch": 1, "none found": 1}
    assert figures["slow"]["new_round_pct"] == 33.3
    assert figures["slow"]["batch_writes_max"] == 40 and figures["slow"]["queued_max"] == 12
    assert figures["slow"]["gc_ms_max"] == 60.0


def test_the_client_loop_lag_counts_as_a_cause_of_its_own() -> None:
    figures = split([PickSample(T, 0.1, new_round=False)], events(lag=[Span(T, 0.01)]),
                    [Span(T + 0.02, 0.07)], slow_s=0.05)
    assert figures["slow"]["causes"] == {"client loop lag": 1}
    assert figures["slow"]["server_lag_ms_max"] == 10.0


def test_a_pause_outside_the_window_or_too_short_is_not_the_cause() -> None:
    server = events(gc=[Span(T - 1, 0.5)], lag=[Span(T + 0.01, 0.005)])
    figures = split([PickSample(T, 0.06, new_round=False)], server, [], slow_s=0.05)
    assert figures["slow"]["causes"] == {"none found": 1}
    assert figures["slow"]["gc_pct"] == 0.0


def test_the_trace_file_is_read_by_kind_skipping_a_line_being_written(tmp_path: Path) -> None:
    path = tmp_path / "trace.jsonl"
    path.write_text('["gc", 1.0, 0.02, 2]\n["batch", 2.0, 0.003, 5, 1]\n["lag", 3.0, 0.0')
    read = read_trace(path)
    assert read["gc"] == [Span(1.0, 0.02)]
    assert read["batch"] == [Span(2.0, 0.003, writes=5, queued=1)]
    assert read["lag"] == []
    assert read_trace(None) == {"gc": [], "lag": [], "batch": []}


def test_the_split_prints_as_a_markdown_table() -> None:
    figures = split([PickSample(T, 0.09, new_round=True)], events(gc=[Span(T, 0.08)]), [],
                    slow_s=0.05)
    text = table(figures)
    assert text.splitlines()[0] == "| | all picks | picks ≥ 50 ms |"
    assert "| put down to | collector 1 | collector 1 |" in text
