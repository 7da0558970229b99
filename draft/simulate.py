"""A whole draft with a bot in every seat: for the CLI, tests and benchmarks.

Why round-robin over seats with a pack: it is the order a table of equally fast players
would pick in, and it is deterministic, so a seed names one exact draft.
"""

from __future__ import annotations

from collections.abc import Sequence

from draft.bots import Bot, ValueBot
from draft.changes import PickMade
from draft.engine import auto_pick, seats_to_act, start
from draft.packs import PackSource
from draft.state import DraftConfig, DraftState


def simulate(
    config: DraftConfig,
    seed: int,
    players: Sequence[str] | None = None,
    bot: Bot | None = None,
    booster: PackSource | None = None,
) -> tuple[DraftState, list[PickMade]]:
    """Run the draft to the end; return the final state and every pick in order."""
    bot = bot or ValueBot()
    names = list(players) if players else [f"Bot {i + 1}" for i in range(config.seats)]
    state = start(config, names, seed, booster)
    picks: list[PickMade] = []
    while not state.finished:
        for seat in seats_to_act(state):
            if state.finished or not state.seats[seat].queue:
                continue
            state, changes = auto_pick(state, seat, bot)
            picks.extend(change for change in changes if isinstance(change, PickMade))
    return state, picks
