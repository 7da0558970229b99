"""The suggested deck: the commander choice it ranks first, and the 60 cards it fills."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from draft.cards import Card, load_set
from pods.basics import is_basic
from pods.legality import DeckRules, SizeRule, check_deck
from pods.suggest import Suggestion, suggest_decks
from pods.suggest.fill import split_basics
from tests.pods.builders import card

LEGEND = "Legendary Creature — Human"


def spell(name: str, colors: str, mana_value: int, value: float = 1.5) -> Card:
    generic = max(mana_value - len(colors), 0)
    cost = f"{{{generic}}}" + "".join(f"{{{c}}}" for c in colors)
    return card(name, type_line="Creature — Bear", color_identity=tuple(colors),
                mana_cost=cost, mana_value=mana_value, pick_value=value)


def filler(colors: str, count: int, start: int = 0) -> list[Card]:
    return [spell(f"{colors} Bear {i}", colors, 1 + i % 6) for i in range(start, start + count)]


def assert_sound(suggestion: Suggestion, pool: list[Card], rules: DeckRules) -> None:
    """Legal, inside the identity, never more copies than the pool holds."""
    deck = suggestion.deck
    assert check_deck(deck, pool, rules).legal
    allowed = set(suggestion.identity)
    assert all(set(c.color_identity) <= allowed for c in deck.main)
    have = Counter(pool)
    used = Counter(c for c in deck.main if not is_basic(c))
    used.update(c.card for c in deck.commanders if not c.added)
    assert all(n <= have[c] for c, n in used.items())


def test_a_pool_without_legends_is_led_by_two_pipers_in_its_two_best_colors():
    pool = filler("B", 25) + filler("R", 20) + filler("G", 5)
    rules = DeckRules.for_draft(["CMR"])
    best = suggest_decks(pool, rules)[0]
    assert [(c.card.name, c.added) for c in best.deck.commanders] == [
        ("The Prismatic Piper", True), ("The Prismatic Piper", True)]
    assert sorted(c.chosen_color or "" for c in best.deck.commanders) == ["B", "R"]
    assert best.identity == ("B", "R")
    assert_sound(best, pool, rules)


def test_a_baldurs_gate_pool_without_legends_is_led_by_two_faceless_ones():
    # Faceless One is itself a Background with "Choose a Background": two of them pair.
    pool = filler("U", 30) + filler("W", 20)
    rules = DeckRules.for_draft(["CLB"])
    best = suggest_decks(pool, rules)[0]
    assert [c.card.name for c in best.deck.commanders] == ["Faceless One"] * 2
    assert best.identity == ("W", "U")
    assert_sound(best, pool, rules)


def test_a_pool_with_no_legend_and_no_known_draft_gets_no_suggestion():
    assert suggest_decks(filler("U", 40), DeckRules()) == ()


def test_a_partner_pair_beats_a_single_legend_of_one_of_its_colors():
    blue = card("Blue Partner", type_line=LEGEND, color_identity=("U",), pairing=("Partner",),
                mana_value=3, mana_cost="{2}{U}", pick_value=3.0)
    red = card("Red Partner", type_line=LEGEND, color_identity=("R",), pairing=("Partner",),
               mana_value=3, mana_cost="{2}{R}", pick_value=3.0)
    lone = card("Blue Legend", type_line=LEGEND, color_identity=("U",),
                 mana_value=4, mana_cost="{3}{U}", pick_value=4.0)
    pool = [blue, red, lone, *filler("U", 25), *filler("R", 20), *filler("G", 10)]
    rules = DeckRules()  # no known draft: no Piper, no Faceless One, no grant
    best, *others = suggest_decks(pool, rules)
    assert {c.card.name for c in best.deck.commanders} == {"Blue Partner", "Red Partner"}
    assert best.identity == ("U", "R")
    assert any([c.card.name for c in s.deck.commanders] == ["Blue Legend"] for s in others)
    assert_sound(best, pool, rules)


def test_the_exact_sixty_house_rule_is_followed():
    pool = filler("G", 50) + filler("W", 30)
    rules = DeckRules.for_draft(["CMR"], SizeRule.EXACT)
    for suggestion in suggest_decks(pool, rules):
        assert suggestion.deck.size == 60
        assert_sound(suggestion, pool, rules)


def test_a_short_pool_is_topped_up_with_basics_and_says_so():
    pool = filler("R", 12)
    rules = DeckRules.for_draft(["CMR"])
    best = suggest_decks(pool, rules)[0]
    assert best.deck.size == 60
    assert len([c for c in best.deck.main if not c.is_land]) == 12
    assert any(n.id == "short_of_playables" for n in best.notes)
    assert_sound(best, pool, rules)


def test_the_summary_counts_playables_two_drops_lands_and_basics():
    pool = filler("B", 30) + filler("R", 30)
    summary = suggest_decks(pool, DeckRules.for_draft(["CMR"]))[0].notes[0]
    assert summary.id == "summary"
    params = summary.params
    assert params["colors"] == ["B", "R"]
    assert params["playables"] == 60
    assert params["spells"] + params["lands"] + 2 == 60
    assert sum(n for _, n in params["basics"]) == params["lands"]
    assert {name for name, _ in params["basics"]} == {"Swamp", "Mountain"}


def test_strong_cards_outside_the_identity_are_named_as_left_out():
    bomb = spell("Green Bomb", "G", 4, value=5.0)
    pool = [bomb, *filler("B", 30), *filler("R", 30)]
    best = suggest_decks(pool, DeckRules.for_draft(["CLB"]))[0]
    assert best.identity == ("B",) or "G" not in best.identity
    left = [n for n in best.notes if n.id == "left_out_identity"]
    assert left and left[0].params["name"] == "Green Bomb"
    assert left[0].params["outside"] == ["G"]


def test_basics_follow_the_spells_color_weight():
    spells = [spell(f"Black {i}", "B", 2) for i in range(3)] + [spell("Red", "R", 2)]
    assert split_basics(spells, (), ("B", "R"), 16) == (("Swamp", 12), ("Mountain", 4))


def test_every_color_the_spells_need_gets_a_basic():
    spells = [spell(f"Black {i}", "B", 2) for i in range(30)] + [spell("Red", "R", 2)]
    assert dict(split_basics(spells, (), ("B", "R"), 10))["Mountain"] == 1


def test_a_colorless_identity_plays_wastes():
    assert split_basics([], (), (), 5) == (("Wastes", 5),)


SETS = {code: [c for c in load_set(code) if not c.is_basic_land] for code in ("CMR", "CLB", "CMM")}
LINE_UPS = [("CMR",), ("CLB",), ("CMM",), ("CMM", "CLB"), ("CMR", "CLB")]


@st.composite
def pools(draw: st.DrawFn) -> tuple[list[Card], DeckRules]:
    sets = draw(st.sampled_from(LINE_UPS))
    cards = [c for code in sets for c in SETS[code]]
    indices = draw(st.lists(st.integers(0, len(cards) - 1), min_size=1, max_size=70))
    size_rule = draw(st.sampled_from(list(SizeRule)))
    return [cards[i] for i in indices], DeckRules.for_draft(sets, size_rule)


@settings(derandomize=True, max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(pools())
def test_every_suggestion_is_legal_inside_the_pool_and_reproducible(
        drawn: tuple[list[Card], DeckRules]) -> None:
    pool, rules = drawn
    suggestions = suggest_decks(pool, rules)
    assert suggestions, "a known draft always allows a Piper or Faceless One"
    for suggestion in suggestions:
        assert_sound(suggestion, pool, rules)
        assert suggestion.deck.size == 60
    assert suggest_decks(list(pool), rules) == suggestions


def test_after_a_commander_masters_and_baldurs_gate_draft_a_piper_and_faceless_one_pair():
    from pods.suggest.options import commander_options

    pool = filler("U", 20) + filler("B", 20)
    rules = DeckRules.for_draft(["CMM", "CLB"])
    names = [sorted(c.card.name for c in option.commanders)
             for option in commander_options(pool, rules)]
    assert ["Faceless One", "The Prismatic Piper"] in names
    assert ["Faceless One", "The Prismatic Piper"] not in [
        sorted(c.card.name for c in option.commanders)
        for option in commander_options(pool, DeckRules.for_draft(["CMR", "CLB"]))]


def test_a_cube_pool_without_legends_is_led_by_the_cubes_own_piper():
    piper = load_set("CMR").chosen_color_card
    assert piper is not None
    pool = filler("G", 40)
    assert suggest_decks(pool, DeckRules()) == ()
    best = suggest_decks(pool, DeckRules(), addable=[piper])[0]
    assert [(c.card.name, c.chosen_color, c.added) for c in best.deck.commanders] == [
        ("The Prismatic Piper", "G", True)]
    assert_sound(best, pool, DeckRules())
