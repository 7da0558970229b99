"""Builders for engine tests: small, explicit drafts instead of piles of fixtures."""

from __future__ import annotations

from draft.bots import FirstCardsBot, ValueBot
from draft.changes import Change
from draft.engine import auto_pick, seats_to_act, start
from draft.state import DraftConfig, DraftState


def players(n: int) -> list[str]:
    return [f"P{i}" for i in range(n)]


def new_draft(seats: int = 8, seed: int = 1, picks_per_pass: int = 2) -> DraftState:
    config = DraftConfig(seats=seats, picks_per_pass=picks_per_pass)
    return start(config, players(seats), seed)


def run_to_end(
    state: DraftState, bot: FirstCardsBot | ValueBot | None = None
) -> tuple[DraftState, list[tuple[int, tuple[int, ...]]], list[Change]]:
    """Bots pick round-robin until the draft ends; returns the pick log and all changes."""
    bot = bot or FirstCardsBot()
    log: list[tuple[int, tuple[int, ...]]] = []
    changes: list[Change] = []
    while not state.finished:
        for seat in seats_to_act(state):
            if state.finished or not state.seats[seat].queue:
                continue
            before = state.seats[seat].pool
            state, new = auto_pick(state, seat, bot)
            log.append((seat, state.seats[seat].pool[len(before):]))
            changes.extend(new)
    return state, log, changes
