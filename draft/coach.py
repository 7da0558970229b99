"""The coaching replay: beside each of a seat's picks, what the bot would have taken from
that pack with that pool, and why; and the colours that flowed to the seat each round.

Why the value bot: it is deterministic for a seed and seat (docs/bots.md), so "the bot"
names one exact choice, and its score has three parts a player can read: the card's own
value, its colours' fit with the pool, its fit as a commander (`ValueBot.score_parts`).

"Flowing", precisely: in each round, every pack passed to the seat (its picks after the
first of the round) shows what the seats upstream left. Its two cards of highest value
(the bundled `pick_value`) are the best cards passed; each spreads one over its colours
(a card of k colours adds 1/k to each, a colourless card adds nothing). A colour that
keeps arriving is open upstream.
"""

from __future__ import annotations

from dataclasses import dataclass

from draft.bot_profiles import profile_of
from draft.bots import PickContext, ScoreParts, ValueBot
from draft.cards import WUBRG
from draft.seat_replay import ReplayPick, SeatReplay

BEST_PASSED = 2
"""How many of a passed pack's best cards count for the colours flowing."""


@dataclass(frozen=True, slots=True)
class BotChoice:
    """What the bot takes from one pack with the seat's pool before that pick."""

    round: int
    pick: int
    took: tuple[int, ...]
    why: tuple[ScoreParts, ...]
    """The score parts of each card in `took`, in the same order."""
    same: bool
    """The seat took exactly these cards."""


@dataclass(frozen=True, slots=True)
class Flow:
    round: int
    colors: tuple[tuple[str, float], ...]
    """Each colour's weight among the best cards passed, heaviest first (WUBRG on ties)."""


def coach(replay: SeatReplay, context: PickContext) -> tuple[tuple[BotChoice, ...],
                                                              tuple[Flow, ...]]:
    """The bot's choice at each of the seat's picks, and the colours flowing per round."""
    bot = ValueBot()
    choices = []
    for pick in replay.picks:
        pool = pick.pool[:len(pick.pool) - len(pick.taken)]
        took = bot.choose(pick.pack, pool, len(pick.taken), context)
        parts = dict(zip((card.id for card in pick.pack),
                         bot.score_parts(pick.pack, pool, context), strict=True))
        choices.append(BotChoice(pick.round, pick.pick, took,
                                 tuple(parts[card] for card in took),
                                 set(took) == {card.id for card in pick.taken}))
    return tuple(choices), flows(replay.picks)


def flows(picks: tuple[ReplayPick, ...]) -> tuple[Flow, ...]:
    weights: dict[int, dict[str, float]] = {}
    for pick in picks:
        round_weights = weights.setdefault(pick.round, {})
        if pick.pick == 1:
            continue
        best = sorted(pick.pack, key=lambda card: profile_of(card.card).value,
                      reverse=True)[:BEST_PASSED]
        for card in best:
            identity = profile_of(card.card).identity
            for color in identity:
                round_weights[color] = round_weights.get(color, 0.0) + 1 / len(identity)
    return tuple(Flow(number, tuple(sorted(found.items(),
                                           key=lambda item: (-item[1],
                                                             WUBRG.index(item[0])))))
                 for number, found in sorted(weights.items()))
