"""The value bot drafts like a sensible player, and always makes a legal choice."""

from __future__ import annotations

from collections import Counter

from draft.bots import FirstCardsBot, ValueBot
from draft.simulate import simulate
from draft.state import CardInstance, DraftConfig
from tests.draft.builders import new_draft, run_to_end


def test_a_bot_returns_distinct_cards_from_the_pack() -> None:
    state = new_draft()
    pack = state.instances(state.current_pack(0).cards)  # type: ignore[union-attr]
    choice = ValueBot().choose(pack, (), 2)
    assert len(set(choice)) == 2 and set(choice) <= {c.id for c in pack}


def test_the_first_pick_is_a_powerful_card() -> None:
    state = new_draft(seed=8)
    pack = state.instances(state.current_pack(0).cards)  # type: ignore[union-attr]
    taken = [state.cards[i].card for i in ValueBot().choose(pack, (), 2)]
    best_rarity = max(c.card.rarity != "common" for c in pack)
    assert all(card.rarity != "common" for card in taken) == best_rarity


def test_a_committed_bot_prefers_its_colors() -> None:
    state = new_draft(seed=3)
    green = [c for c in state.cards if c.card.color_identity == ("G",)][:10]
    red_common = next(c for c in state.cards if c.card.color_identity == ("R",)
                      and c.card.rarity == "common")
    green_common = next(c for c in state.cards if c.card.color_identity == ("G",)
                        and c.card.rarity == "common" and c not in green)
    pool: list[CardInstance] = green + [c for c in state.cards
                                       if c.card.color_identity == ("B",)][:6]
    assert ValueBot().choose([red_common, green_common], pool, 1) == (green_common.id,)


def test_bot_pools_lean_to_two_colors() -> None:
    state, _picks = simulate(DraftConfig(), seed=17)
    for seat in state.seats:
        counts = Counter(c for i in seat.pool for c in state.cards[i].card.color_identity)
        top_two = sum(n for _c, n in counts.most_common(2))
        assert top_two >= 0.6 * sum(counts.values())


def test_bot_pools_hold_a_commander_in_their_colors() -> None:
    state, _picks = simulate(DraftConfig(), seed=17)
    for seat in state.seats:
        cards = [state.cards[i].card for i in seat.pool]
        counts = Counter(c for card in cards for c in card.color_identity)
        top_two = {c for c, _n in counts.most_common(2)}
        assert any(card.can_be_commander and set(card.color_identity) <= top_two
                   for card in cards)


def test_simulation_is_deterministic_for_a_seed() -> None:
    one, picks_one = simulate(DraftConfig(seats=4), seed=9)
    two, picks_two = simulate(DraftConfig(seats=4), seed=9)
    assert one == two and picks_one == picks_two


def test_any_bot_can_finish_a_draft() -> None:
    state, _log, _changes = run_to_end(new_draft(seats=3), FirstCardsBot())
    assert state.finished
