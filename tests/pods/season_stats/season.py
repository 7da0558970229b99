"""A season small enough to check on paper (the figures are worked out in the tests).

Night 1, set CMR, Ann and Bob, one round of 4-card packs, two cards a pick:
  pick 1: Ann sees A = 1 Alpha, 2 Beta, 3 Gamma, 4 Delta and takes Alpha, Beta;
          Bob sees B = 5 Alpha, 6 Epsilon, 7 Zeta, 8 Beta and takes Alpha, Epsilon;
  pick 2: Ann sees 7 Zeta, 8 Beta and takes both; Bob sees 3 Gamma, 4 Delta, takes both.
  Ann plays 1, 2, 7 under Alpha (R); Bob plays 5, 6, 3, 4 under Epsilon and a red Piper (RG).
  Games: Ann 1 Bob 2; a draw (both 1); Bob 1 Ann 2; Ann 1 Bob 2.
Night 2, set CLB, Ann and a bot, packs C = 9 Alpha, 10 Eta, 13 Iota and D = 11 Theta, 12 Eta:
  pick 1: Ann takes Alpha from C; the bot takes Theta from D;
  pick 2: Ann takes Eta (12); the bot takes Eta (10) and Iota.
  Ann plays 9 and 12 under Alpha (B). One game: Cid (no deck) 1, Ann 2.
"""

from __future__ import annotations

from pods.results import GameResult, Placing
from pods.season_stats.inputs import (
    Look,
    PodDraft,
    SeatDraft,
    SeenCard,
    StatsNight,
    SubmittedDeck,
)

ALPHA1, BETA2, GAMMA3, DELTA4 = (SeenCard(1, "Alpha"), SeenCard(2, "Beta"),
                                 SeenCard(3, "Gamma"), SeenCard(4, "Delta"))
ALPHA5, EPSILON6, ZETA7, BETA8 = (SeenCard(5, "Alpha"), SeenCard(6, "Epsilon"),
                                  SeenCard(7, "Zeta"), SeenCard(8, "Beta"))
ALPHA9, ETA10, THETA11, ETA12, IOTA13 = (SeenCard(9, "Alpha"), SeenCard(10, "Eta"),
                                         SeenCard(11, "Theta"), SeenCard(12, "Eta"),
                                         SeenCard(13, "Iota"))
PIPER_RED = "The Prismatic Piper (red)"


def game(*placings: tuple[str, int], draw: bool = False) -> GameResult:
    return GameResult(tuple(Placing(name, place) for name, place in placings), draw)


NIGHT_1 = StatsNight(
    pods=(PodDraft((
        SeatDraft("Ann", (
            Look("CMR", 1, 1, (ALPHA1, BETA2, GAMMA3, DELTA4), (ALPHA1, BETA2)),
            Look("CMR", 1, 2, (ZETA7, BETA8), (ZETA7, BETA8))),
            SubmittedDeck(frozenset({1, 2, 7}), ("Alpha",), "R")),
        SeatDraft("Bob", (
            Look("CMR", 1, 1, (ALPHA5, EPSILON6, ZETA7, BETA8), (ALPHA5, EPSILON6)),
            Look("CMR", 1, 2, (GAMMA3, DELTA4), (GAMMA3, DELTA4))),
            SubmittedDeck(frozenset({5, 6, 3, 4}), ("Epsilon", PIPER_RED), "RG")),
    )),),
    games=(game(("Ann", 1), ("Bob", 2)), game(("Ann", 1), ("Bob", 1), draw=True),
           game(("Bob", 1), ("Ann", 2)), game(("Ann", 1), ("Bob", 2))))

NIGHT_2 = StatsNight(
    pods=(PodDraft((
        SeatDraft("Ann", (
            Look("CLB", 1, 1, (ALPHA9, ETA10, IOTA13), (ALPHA9,)),
            Look("CLB", 1, 2, (ETA12,), (ETA12,))),
            SubmittedDeck(frozenset({9, 12}), ("Alpha",), "B")),
        SeatDraft("Bot 1", (
            Look("CLB", 1, 1, (THETA11, ETA12), (THETA11,)),
            Look("CLB", 1, 2, (ETA10, IOTA13), (ETA10, IOTA13))), bot=True),
    )),),
    games=(game(("Cid", 1), ("Ann", 2)),))

SEASON = (NIGHT_1, NIGHT_2)
