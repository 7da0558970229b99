"""The value bot drafts like a sensible player, favours no colour or slot, and always makes a
legal choice."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from bench.bots import commander_options, playables
from draft.bots import FirstCardsBot, PickContext, ValueBot
from draft.cards import WUBRG, Card
from draft.simulate import simulate
from draft.state import CardInstance, DraftConfig
from tests.draft.builders import new_draft, run_to_end


def card(name: str, colors: str = "", value: float = 1.0, **facts: object) -> Card:
    return Card(set=str(facts.pop("set", "CMR")), number=name, name=name,
                rarity=str(facts.pop("rarity", "common")), color_identity=tuple(colors),
                pick_value=value, **facts)  # type: ignore[arg-type]


def legend(name: str, colors: str, value: float = 3.0, pairing: Sequence[str] = ()) -> Card:
    return card(name, colors, value, rarity="uncommon", types=("Creature",),
                supertypes=("Legendary",), is_legendary=True, can_be_commander=True,
                pairing=tuple(pairing))


def instances(*cards: Card, first_id: int = 0) -> list[CardInstance]:
    return [CardInstance(first_id + i, c, "common", False) for i, c in enumerate(cards)]


def committed_pool(colors: str, *extra: Card) -> list[CardInstance]:
    """A pool well past the bot's commitment point, in `colors`, plus `extra`."""
    cards = [card(f"{c}{i}", c, 1.0) for i in range(8) for c in colors]
    return instances(*cards, *extra, first_id=1000)


def names(chosen: Sequence[int], pack: Sequence[CardInstance]) -> set[str]:
    return {c.card.name for c in pack if c.id in chosen}


def test_a_bot_returns_distinct_cards_from_the_pack() -> None:
    state = new_draft()
    pack = state.instances(state.current_pack(0).cards)  # type: ignore[union-attr]
    choice = ValueBot().choose(pack, (), 2)
    assert len(set(choice)) == 2 and set(choice) <= {c.id for c in pack}


def test_the_first_picks_are_the_most_valuable_cards() -> None:
    state = new_draft(seed=8)
    pack = state.instances(state.current_pack(0).cards)  # type: ignore[union-attr]
    taken = [state.cards[i].card for i in ValueBot().choose(pack, (), 2)]
    values = sorted((c.card.pick_value or 0.0 for c in pack), reverse=True)
    assert sorted((c.pick_value or 0.0 for c in taken), reverse=True) == values[:2]


def test_a_committed_bot_prefers_its_colors() -> None:
    pool = committed_pool("GB")
    pack = instances(card("red", "R", 1.5), card("green", "G", 1.0))
    assert names(ValueBot().choose(pack, pool, 1), pack) == {"green"}


def test_equal_cards_are_ordered_by_the_seats_draw_not_by_their_slot() -> None:
    pack = instances(card("one", "G"), card("two", "G"))
    first_slot = sum(pack[0].id in ValueBot().choose(pack, (), 1, PickContext(seed, 3))
                     for seed in range(200))
    assert 70 <= first_slot <= 130


def test_the_same_seed_and_seat_break_a_tie_the_same_way() -> None:
    pack = instances(*(card(f"c{i}", "U") for i in range(6)))
    context = PickContext(seed=42, seat=5)
    assert ValueBot().choose(pack, (), 2, context) == ValueBot().choose(pack, (), 2, context)


def test_no_colour_is_first_when_a_pool_is_evenly_split() -> None:
    pool = instances(*(card(f"{c}", c, 1.0) for c in WUBRG), first_id=900)
    tops: Counter[str] = Counter()
    for seat in range(8):
        for seed in range(60):
            pack = instances(*(card(f"p{c}", c, 1.0) for c in WUBRG))
            tops.update(names(ValueBot().choose(pack, pool, 2, PickContext(seed, seat)), pack))
    assert all(0.3 <= tops[f"p{c}"] / (8 * 60) <= 0.5 for c in WUBRG)


def test_a_piper_is_not_a_commander_so_the_bot_still_looks_for_one() -> None:
    piper = card("The Prismatic Piper", "", 0.5, can_be_commander=True, chooses_color=True,
                 types=("Creature",), pairing=("Partner",), rarity="special")
    pack = instances(legend("Gb legend", "BG", 2.0), card("strong", "G", 3.0))
    assert names(ValueBot().choose(pack, committed_pool("GB", piper), 1), pack) == {
        "Gb legend"}
    held = committed_pool("GB", legend("held", "BG"))
    assert names(ValueBot().choose(pack, held, 1), pack) == {"strong"}


def test_a_choose_a_background_legend_looks_for_a_background() -> None:
    chooser = legend("chooser", "W", pairing=["Choose a Background"])
    background = card("background", "B", 1.5, set="CLB", is_background=True,
                      is_legendary=True, types=("Enchantment",))
    pack = instances(background, card("plain", "B", 2.5))
    assert names(ValueBot().choose(pack, committed_pool("WB", chooser), 1), pack) == {
        "background"}
    lone = legend("lone", "W")
    assert names(ValueBot().choose(pack, committed_pool("WB", lone), 1), pack) == {"plain"}


def test_a_partner_legend_looks_for_a_partner_in_its_other_colour() -> None:
    pack = instances(legend("red partner", "R", 1.5, pairing=["Partner"]),
                     card("plain", "R", 2.5))
    partnered = committed_pool("UR", legend("blue partner", "U", pairing=["Partner"]))
    assert names(ValueBot().choose(pack, partnered, 1), pack) == {"red partner"}
    alone = committed_pool("UR", legend("blue loner", "U"))
    assert names(ValueBot().choose(pack, alone, 1), pack) == {"plain"}


@pytest.mark.parametrize(("sets", "wanted"), [({"CMM"}, "black legend"), ({"CMR"}, "plain")])
def test_two_mono_coloured_legends_pair_only_when_the_draft_holds_cmm(
    sets: set[str], wanted: str
) -> None:
    pool = committed_pool("WB", legend("white legend", "W"))
    pack = instances(legend("black legend", "B", 1.5), card("plain", "B", 2.5))
    context = PickContext(seed=1, seat=0, sets=frozenset(sets))
    assert names(ValueBot().choose(pack, pool, 1, context), pack) == {wanted}


@pytest.mark.parametrize("set_code", ["CMR", "CLB", "CMM"])
def test_every_bot_pool_builds_a_deck_led_by_a_real_commander(set_code: str) -> None:
    state, _picks = simulate(DraftConfig(set_code=set_code), seed=17)
    sets = frozenset({set_code})
    for seat in state.seats:
        pool = [state.cards[i].card for i in seat.pool]
        real = [option for option in commander_options(pool, sets) if option.real]
        assert max(playables(pool, option) for option in real) >= 35


def test_bot_pools_lean_to_two_colors() -> None:
    state, _picks = simulate(DraftConfig(), seed=17)
    for seat in state.seats:
        counts = Counter(c for i in seat.pool for c in state.cards[i].card.color_identity)
        top_two = sum(n for _c, n in counts.most_common(2))
        assert top_two >= 0.6 * sum(counts.values())


@pytest.mark.parametrize("set_code", ["CMR", "CLB", "CMM"])
def test_bots_favour_no_colour_over_many_drafts(set_code: str) -> None:
    slots: Counter[str] = Counter()
    for seed in range(25):
        state, _picks = simulate(DraftConfig(set_code=set_code), seed=seed)
        for seat in state.seats:
            counts = Counter(c for i in seat.pool for c in state.cards[i].card.color_identity)
            slots.update(c for c, _n in counts.most_common(2))
    total = sum(slots.values())
    assert all(0.165 <= slots[c] / total <= 0.24 for c in WUBRG), slots


def test_the_engine_tells_the_bot_its_seat_seed_and_the_drafts_sets() -> None:
    seen: set[tuple[int, int, frozenset[str]]] = set()

    class Watcher(FirstCardsBot):
        def choose(self, pack: Sequence[CardInstance], pool: Sequence[CardInstance],
                   count: int, context: PickContext | None = None) -> tuple[int, ...]:
            assert context is not None
            seen.add((context.seed, context.seat, context.sets))
            return super().choose(pack, pool, count, context)

    simulate(DraftConfig.for_packs(["CMM", "CLB", "CLB"], seats=4), seed=5, bot=Watcher())
    assert seen == {(5, seat, frozenset({"CMM", "CLB"})) for seat in range(4)}


def test_simulation_is_deterministic_for_a_seed() -> None:
    one, picks_one = simulate(DraftConfig(seats=4), seed=9)
    two, picks_two = simulate(DraftConfig(seats=4), seed=9)
    assert one == two and picks_one == picks_two


def test_any_bot_can_finish_a_draft() -> None:
    state, _log, _changes = run_to_end(new_draft(seats=3), FirstCardsBot())
    assert state.finished
