"""What the bots pass and keep: the figures of docs/bots.md over N seeded 8-seat drafts.

Why these figures: half of what a person sees at a table with bots is what the bots pass,
so a bot must not favour a colour (each colour's share of the pools' top-two colour slots),
must not let a card's place in the pack decide (picks decided by tie-break), and must end
with a deck: a real commander (a Piper or Faceless One with no colour of its own does not
count) and enough cards inside that commander's identity.

How each figure is counted, per bot pool at the end of a draft:
- top-two slots: each card adds 1/k to each of its k identity colours; the two largest
  totals are the pool's slots (a tie shares the last slot equally);
- decided by tie-break: the lowest score the bot took equals the highest score it left on
  a card of another name, so the tie-break chose (slot order for the old bot, the seeded
  per-seat draw for the new one; the tie-break is printed beside the figure);
- commander options: each real commander alone, each legal pair (`pods.commanders`), the
  CMM grant when the draft held CMM packs, and a Piper (CMR, CMM) beside a Partner legend or
  a Faceless One (CLB) beside a Choose a Background legend, taking its best colour; with no
  real commander, two Pipers or Faceless Ones in the best two colours;
- playables: non-basic cards of the pool inside the best option's identity (commanders
  included); a 60-card deck needs about 35 of them beside its basic lands.

Picks/s is timed apart from the counting: whole drafts with the bot, 240 picks each, as
`bench.engine` counts them, but in process CPU time, because the machine is shared and
wall time mostly measures the neighbours. The same drafts with the first-cards bot are
timed beside it: the engine's own share, so two runs under different load compare.

A line-up (`--packs CMM,CLB,CLB`, one set per round) is a `DraftConfig.for_packs`; which
commanders may be added and whether the CMM grant applies follow `pods.draft_rules`.

Usage: python -m bench.bots [--set CMR | --packs CMM,CLB,CLB] [--drafts 500]
                            [--speed-drafts 100] [--json]
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from draft.bots import Bot, FirstCardsBot, ValueBot
from draft.cards import WUBRG, Card
from draft.simulate import simulate
from draft.state import CardInstance, DraftConfig
from pods.commanders import has_granted_partner, is_legal_pair
from pods.draft_rules import FACELESS_ONE, PIPER, addable_commanders, grants_partner

PICKS_PER_DRAFT = 240


@dataclass
class Recorder:
    """Wraps a bot: passes its choices through and counts picks decided by tie-break."""

    bot: Bot
    picks: int = 0
    ties: int = 0

    def choose(self, pack: Sequence[CardInstance], pool: Sequence[CardInstance], count: int,
               *context: Any) -> tuple[int, ...]:
        choice = self.bot.choose(pack, pool, count, *context)
        self.picks += 1
        scores = getattr(self.bot, "scores", None)
        if scores is not None and len(choice) < len(pack):
            self.ties += decided_by_tie_break(pack, choice, scores(pack, pool, *context))
        return choice


def decided_by_tie_break(pack: Sequence[CardInstance], choice: Sequence[int],
                         scores: Sequence[float]) -> bool:
    """The lowest score taken equals the best score left on a card of another name."""
    taken = set(choice)
    floor = min(s for c, s in zip(pack, scores, strict=True) if c.id in taken)
    at_floor = {c.card.name for c, s in zip(pack, scores, strict=True)
                if c.id in taken and s == floor}
    return any(s == floor and c.card.name not in at_floor
               for c, s in zip(pack, scores, strict=True) if c.id not in taken)


def top_two_slots(cards: Iterable[Card]) -> dict[str, float]:
    """Each colour's share of the pool's two top slots (sums to 2; ties share a slot)."""
    weights = dict.fromkeys(WUBRG, 0.0)
    for card in cards:
        for color in card.color_identity:
            weights[color] += 1.0 / len(card.color_identity)
    ranked = sorted(weights.values(), reverse=True)
    slots = dict.fromkeys(WUBRG, 0.0)
    first = [c for c in WUBRG if weights[c] == ranked[0]]
    if len(first) >= 2:
        for color in first:
            slots[color] = 2.0 / len(first)
        return slots
    slots[first[0]] = 1.0
    second = [c for c in WUBRG if weights[c] == ranked[1]]
    for color in second:
        slots[color] = 1.0 / len(second)
    return slots


@dataclass(frozen=True)
class Option:
    """A way to lead a deck: its fixed identity, free colour choices, and whether it is real."""

    identity: frozenset[str]
    free_colors: int
    real: bool


def commander_options(pool: Sequence[Card], sets: Iterable[str]) -> list[Option]:
    """Every way the pool may be led (see the module docstring)."""
    helpers = set(addable_commanders(sets))
    grant = grants_partner(sets)
    leaders = {card.name: card for card in pool if card.can_be_commander
               and not card.chooses_color and card.color_identity}
    seconds = {card.name: card for card in pool if card.is_background and not card.chooses_color}
    options = [Option(frozenset(), 2, False)] if helpers else []
    for card in leaders.values():
        identity = frozenset(card.color_identity)
        options.append(Option(identity, 0, True))
        if (PIPER in helpers and ("Partner" in card.pairing
                                  or (grant and has_granted_partner(card)))) or (
            FACELESS_ONE in helpers and "Choose a Background" in card.pairing
        ):
            options.append(Option(identity, 1, True))
    for first, second in itertools.combinations([*leaders.values(), *seconds.values()], 2):
        if is_legal_pair(first, second, partner_grant=grant):
            options.append(Option(frozenset(first.color_identity + second.color_identity),
                                  0, True))
    return options


def playables(pool: Sequence[Card], option: Option) -> int:
    """Non-basic cards inside the option's identity, its free colours chosen at best."""
    best = 0
    free = [c for c in WUBRG if c not in option.identity]
    for extra in itertools.combinations(free, min(option.free_colors, len(free))):
        identity = option.identity | set(extra)
        best = max(best, sum(1 for card in pool if not card.is_basic_land
                             and set(card.color_identity) <= identity))
    return best


@dataclass
class Figures:
    """The counts behind the printed figures."""

    set_label: str
    drafts: int = 0
    picks: int = 0
    ties: int = 0
    slots: dict[str, float] = field(default_factory=lambda: dict.fromkeys(WUBRG, 0.0))
    pools: int = 0
    real_commander: int = 0
    playable_counts: list[int] = field(default_factory=list)
    picks_per_s: float = 0.0
    first_cards_picks_per_s: float = 0.0

    def add_pool(self, pool: Sequence[Card], sets: Iterable[str]) -> None:
        self.pools += 1
        for color, share in top_two_slots(pool).items():
            self.slots[color] += share
        options = commander_options(pool, sets)
        real = [o for o in options if o.real]
        self.real_commander += bool(real)
        self.playable_counts.append(max((playables(pool, o) for o in real or options),
                                        default=0))

    def as_dict(self) -> dict[str, Any]:
        total = sum(self.slots.values()) or 1.0
        return {
            "set": self.set_label,
            "drafts": self.drafts,
            "pools": self.pools,
            "top_two_share_pct": {c: round(100 * s / total, 1) for c, s in self.slots.items()},
            "tie_break_pct": round(100 * self.ties / max(self.picks, 1), 1),
            "real_commander_pct": round(100 * self.real_commander / max(self.pools, 1), 1),
            "median_playables": statistics.median(self.playable_counts or [0]),
            "pools_35_playables_pct": round(
                100 * sum(n >= 35 for n in self.playable_counts) / max(self.pools, 1), 1),
            "picks_per_s": round(self.picks_per_s),
            "first_cards_picks_per_s": round(self.first_cards_picks_per_s),
        }


def measure(config: DraftConfig, drafts: int, speed_drafts: int,
            first_seed: int = 0) -> Figures:
    """Run `drafts` seeded drafts for the figures, then time `speed_drafts` more."""
    figures = Figures(",".join(config.packs) or config.set_code, drafts=drafts)
    recorder = Recorder(ValueBot())
    for seed in range(first_seed, first_seed + drafts):
        state, _picks = simulate(config, seed, bot=recorder)
        for seat in state.seats:
            figures.add_pool([state.cards[i].card for i in seat.pool], config.sets)
    figures.picks, figures.ties = recorder.picks, recorder.ties
    figures.picks_per_s = picks_per_s(config, ValueBot(), speed_drafts, first_seed)
    figures.first_cards_picks_per_s = picks_per_s(config, FirstCardsBot(), speed_drafts,
                                                  first_seed)
    return figures


def picks_per_s(config: DraftConfig, bot: Bot, drafts: int, first_seed: int) -> float:
    """Whole drafts per CPU second, times 240 picks."""
    if not drafts:
        return 0.0
    started = time.process_time()
    for seed in range(first_seed, first_seed + drafts):
        simulate(config, seed, bot=bot)
    return drafts * PICKS_PER_DRAFT / (time.process_time() - started)


def report(figures: dict[str, Any]) -> str:
    """The figures as the lines docs/bots.md quotes."""
    share = "  ".join(f"{c} {p:.1f}%" for c, p in figures["top_two_share_pct"].items())
    return "\n".join([
        f"bot bench, {figures['set']}, {figures['drafts']} seeded 8-seat drafts "
        f"({figures['pools']} bot pools)",
        f"  top-two colour slots     {share}",
        f"  picks decided by tie     {figures['tie_break_pct']:.1f}%",
        f"  real commander           {figures['real_commander_pct']:.1f}%",
        f"  median playables         {figures['median_playables']}",
        f"  pools with >= 35         {figures['pools_35_playables_pct']:.1f}%",
        f"  picks/s (CPU time)       {figures['picks_per_s']:,}  (first-cards bot "
        f"{figures['first_cards_picks_per_s']:,}: the engine alone)",
    ])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", dest="set_code", default="CMR")
    parser.add_argument("--packs", help="a line-up, one set per round: CMM,CLB,CLB")
    parser.add_argument("--drafts", type=int, default=500)
    parser.add_argument("--speed-drafts", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    config = DraftConfig.for_packs(args.packs.split(",") if args.packs else [args.set_code] * 3)
    figures = measure(config, args.drafts, args.speed_drafts, args.first_seed).as_dict()
    print(json.dumps(figures) if args.json else report(figures))


if __name__ == "__main__":
    main()
