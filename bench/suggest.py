"""The suggested deck over many seeded drafts: is it legal, and how good and fast is it?

Why these figures (issue #31): every suggestion must be legal (the goal is 100%), so each
top suggestion is checked twice, as built and after a round trip through the deck text
`prismatic deck suggest` prints (`// chosen colors` included), by `pods.legality`. How
good: the in-identity playables the deck leaves out (the pool's non-basic cards inside
the commanders' identity that are neither in the deck nor commanders), its land count
and its two-drops. How fast: wall time per `suggest_decks` call (up to three choices,
each filled and checked), p50 and p95; the goal is p95 <= 50 ms on the night's laptop.
The thread's CPU time is printed beside it: on a shared machine wall time also counts
the neighbours' turns on the cores.

Each draft is simulated with the value bot in all 8 seats (`draft.simulate`), and every
seat's pool is suggested for, so 500 drafts are 4,000 pools per set or line-up; then the
same pools again with their legends and Backgrounds taken out, which only the Piper or
Faceless One can lead.

Usage: python -m bench.suggest [--sets CMR,CLB,CMM] [--line-ups CMM,CLB,CLB]
                               [--drafts 500] [--first-seed 0] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from draft.cards import Card, bundled_set_codes, load_set
from draft.simulate import simulate
from draft.state import DraftConfig
from pods.formats import CardLookup
from pods.formats.text_list import read_text
from pods.legality import DeckRules, check_deck
from pods.suggest import Suggestion, suggest_decks
from pods.suggest.fill import curve_bucket
from pods.suggest.options import mask_of
from server.cli.deck_commands import suggested_deck_text


@dataclass
class Figures:
    """The counts behind one line-up's printed figures."""

    label: str
    drafts: int = 0
    pools: int = 0
    legal: int = 0
    led_by_helpers: int = 0
    left_out: list[int] = field(default_factory=list)
    lands: list[int] = field(default_factory=list)
    two_drops: list[int] = field(default_factory=list)
    times_ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def add(self, pool: Sequence[Card], rules: DeckRules, lookup: CardLookup,
            where: str) -> None:
        self.pools += 1
        started, cpu = time.perf_counter(), time.thread_time()
        suggestions = suggest_decks(pool, rules)
        self.cpu_ms.append(1000 * (time.thread_time() - cpu))
        self.times_ms.append(1000 * (time.perf_counter() - started))
        if not suggestions:
            self.failures.append(f"{where}: no suggestion")
            return
        best = suggestions[0]
        if not self._legal(best, pool, rules, lookup):
            self.failures.append(f"{where}: not legal")
            return
        self.legal += 1
        self.led_by_helpers += all(c.card.chooses_color for c in best.deck.commanders)
        self.left_out.append(left_out(best, pool))
        self.lands.append(sum(1 for c in best.deck.main if c.is_land))
        self.two_drops.append(sum(1 for c in best.deck.main
                                  if not c.is_land and curve_bucket(c) == 2))

    @staticmethod
    def _legal(best: Suggestion, pool: Sequence[Card], rules: DeckRules,
               lookup: CardLookup) -> bool:
        """Legal as built, and again as read back from the printed deck text."""
        read = read_text(suggested_deck_text(best), lookup)
        return (check_deck(best.deck, pool, rules).legal and not read.problems
                and check_deck(read.deck, pool, rules).legal)

    def as_dict(self) -> dict[str, Any]:
        times, cpu = sorted(self.times_ms) or [0.0], sorted(self.cpu_ms) or [0.0]
        return {
            "line_up": self.label,
            "drafts": self.drafts,
            "pools": self.pools,
            "legal_pct": round(100 * self.legal / max(self.pools, 1), 2),
            "led_by_piper_or_faceless_one_pct": round(
                100 * self.led_by_helpers / max(self.pools, 1), 1),
            "median_left_out": statistics.median(self.left_out or [0]),
            "lands": _spread(self.lands),
            "two_drops": _spread(self.two_drops),
            "ms_p50": round(times[len(times) // 2], 1),
            "ms_p95": round(_p95(times), 1),
            "cpu_ms_p50": round(cpu[len(cpu) // 2], 1),
            "cpu_ms_p95": round(_p95(cpu), 1),
            "failures": self.failures[:10],
        }


def left_out(suggestion: Suggestion, pool: Sequence[Card]) -> int:
    """Non-basic pool cards inside the identity that neither lead nor play in the deck."""
    inside = mask_of(suggestion.identity)
    playable = [c for c in pool if not c.is_basic_land and not c.chooses_color
                and mask_of(c.color_identity) & ~inside == 0]
    used = [c for c in suggestion.deck.main if not c.is_basic_land]
    used += [c.card for c in suggestion.deck.commanders if not c.added]
    return len(playable) - sum(1 for c in used if c in playable)


def _p95(ordered: list[float]) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def _spread(values: list[int]) -> dict[str, float]:
    if not values:
        return {"median": 0, "min": 0, "max": 0}
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def measure(packs: Sequence[str], drafts: int, first_seed: int = 0) -> tuple[Figures, Figures]:
    """The figures of the drafted pools, and of the same pools with every card that could
    lead or stand beside a commander taken out: pools only a Piper or Faceless One can
    lead (the bots always draft a legend, so the drafted pools alone never test that)."""
    config = DraftConfig.for_packs(packs)
    rules = DeckRules.for_draft(config.sets)
    lookup = CardLookup(*(load_set(code) for code in dict.fromkeys(
        [*config.sets, *bundled_set_codes()])))
    label = ",".join(packs) if len(set(packs)) > 1 else packs[0]
    drafted = Figures(label, drafts=drafts)
    helpers_only = Figures(f"{label}, legends taken out", drafts=drafts)
    for seed in range(first_seed, first_seed + drafts):
        state, _ = simulate(config, seed)
        for seat in state.seats:
            pool = [state.cards[i].card for i in seat.pool]
            drafted.add(pool, rules, lookup, f"seed {seed} seat {seat.index}")
            leaderless = [c for c in pool if not (c.can_be_commander or c.is_background
                                                  or (c.is_legendary and c.is_creature))]
            helpers_only.add(leaderless, rules, lookup, f"seed {seed} seat {seat.index}")
    return drafted, helpers_only


def report(figures: dict[str, Any]) -> str:
    lands, twos = figures["lands"], figures["two_drops"]
    lines = [
        f"suggest bench, {figures['line_up']}, {figures['drafts']} seeded 8-seat drafts "
        f"({figures['pools']} pools)",
        f"  legal                    {figures['legal_pct']:.2f}%",
        f"  led by Piper/Faceless    {figures['led_by_piper_or_faceless_one_pct']:.1f}%",
        f"  median playables left    {figures['median_left_out']}",
        f"  lands                    {lands['median']} [{lands['min']}-{lands['max']}]",
        f"  two-drops                {twos['median']} [{twos['min']}-{twos['max']}]",
        f"  ms per suggestion        p50 {figures['ms_p50']}  p95 {figures['ms_p95']}  "
        f"(CPU p50 {figures['cpu_ms_p50']}  p95 {figures['cpu_ms_p95']})",
    ]
    lines += [f"  FAILED {failure}" for failure in figures["failures"]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default="CMR,CLB,CMM", help="sets, one draft of each")
    parser.add_argument("--line-ups", default="CMM,CLB,CLB",
                        help="line-ups, one set per round; several separated by ';'")
    parser.add_argument("--drafts", type=int, default=500)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    configs = [[code.strip().upper()] * 3 for code in args.sets.split(",") if code.strip()]
    configs += [[c.strip().upper() for c in line.split(",")]
                for line in args.line_ups.split(";") if line.strip()]
    for packs in configs:
        for figures in measure(packs, args.drafts, args.first_seed):
            data = figures.as_dict()
            print(json.dumps(data) if args.json else report(data), flush=True)


if __name__ == "__main__":
    main()
