"""Engine throughput on one core: packs opened per second and whole 8-seat drafts per second.

Why medians of repeated rounds: this machine is shared and noisy, so one timing means
little. Each figure is the median of `--repeats` rounds, printed beside its spread, and
the draft rate is shown for the value bot and for a trivial bot in the same run, so the
ratio says how much of a draft's time is the bot's thinking.

Usage: python -m bench.engine [--repeats 7] [--drafts 40] [--packs 2000] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

from draft.bots import Bot, FirstCardsBot, ValueBot
from draft.packs import booster_for_set, open_packs
from draft.simulate import simulate
from draft.state import DraftConfig


def rate(work: Callable[[], int], repeats: int) -> tuple[float, float, float]:
    """(median, min, max) of items per second over `repeats` timed rounds."""
    rates = []
    for _ in range(repeats):
        started = time.perf_counter()
        items = work()
        rates.append(items / (time.perf_counter() - started))
    return statistics.median(rates), min(rates), max(rates)


def drafts(count: int, bot_factory: Callable[[], Bot], set_code: str) -> Callable[[], int]:
    def work() -> int:
        for seed in range(count):
            simulate(DraftConfig(set_code=set_code), seed, bot=bot_factory())
        return count

    return work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--drafts", type=int, default=40)
    parser.add_argument("--packs", type=int, default=2000)
    parser.add_argument("--set", dest="set_code", default="CMR")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    booster = booster_for_set(args.set_code)
    simulate(DraftConfig(set_code=args.set_code), 0)  # warm caches before timing
    packs = rate(lambda: len(open_packs(booster, 1, args.packs)), args.repeats)
    value = rate(drafts(args.drafts, ValueBot, args.set_code), args.repeats)
    trivial = rate(drafts(args.drafts, FirstCardsBot, args.set_code), args.repeats)
    figures = {
        "set": args.set_code,
        "repeats": args.repeats,
        "packs_per_s": round(packs[0]),
        "drafts_per_s_value_bot": round(value[0], 1),
        "drafts_per_s_first_cards_bot": round(trivial[0], 1),
        "picks_per_s_value_bot": round(value[0] * 240),
        "ratio_value_to_trivial_time": round(trivial[0] / value[0], 2),
    }
    if args.json:
        print(json.dumps(figures))
        return
    print(f"engine bench, {args.set_code}, median of {args.repeats} rounds (min-max)")
    print(f"  packs opened/s          {packs[0]:10.0f}  ({packs[1]:.0f}-{packs[2]:.0f})")
    print(f"  8-seat drafts/s, value  {value[0]:10.1f}  ({value[1]:.1f}-{value[2]:.1f})"
          f"  = {value[0] * 240:.0f} picks/s")
    print(f"  8-seat drafts/s, first  {trivial[0]:10.1f}  ({trivial[1]:.1f}-{trivial[2]:.1f})")
    print(f"  value-bot draft time / trivial-bot draft time: "
          f"{figures['ratio_value_to_trivial_time']:.2f}")


if __name__ == "__main__":
    main()
