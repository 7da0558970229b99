"""Latency summaries: percentiles of samples in milliseconds.

Why nearest-rank percentiles: with a few thousand samples they are exact observed values
(no interpolation between two picks that never happened), and p99 of a small run is
honest about being the second-slowest, not a made-up number between samples.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def percentile(samples: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile (`fraction` in 0..1) of unsorted samples."""
    if not samples:
        return math.nan
    ordered = sorted(samples)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def summary_ms(samples_s: Sequence[float]) -> dict[str, float]:
    """p50, p95, p99 and max of samples given in seconds, reported in milliseconds."""
    return {
        "p50": round(percentile(samples_s, 0.50) * 1000, 3),
        "p95": round(percentile(samples_s, 0.95) * 1000, 3),
        "p99": round(percentile(samples_s, 0.99) * 1000, 3),
        "max": round(max(samples_s) * 1000, 3) if samples_s else math.nan,
    }


def parse_think(text: str) -> tuple[float, float]:
    """`"0"`, `"500"` or `"500-1500"` (milliseconds) as a (low, high) range in seconds."""
    low_text, _, high_text = text.partition("-")
    try:
        low = float(low_text)
        high = float(high_text) if high_text else low
    except ValueError:
        raise ValueError(f"think time is N or LOW-HIGH milliseconds, not {text!r}") from None
    if low < 0 or high < low:
        raise ValueError(f"think time range {text!r} must be 0 <= LOW <= HIGH")
    return low / 1000, high / 1000
