"""Every export, run through the real importers' rules (`importers.py`): no card is lost,
and the commanders land where each program keeps them.

Parametrized over every bundled set, so a set added to `draft/data` is checked too. For
each set: a deck led by two choose-a-color commanders (Pipers, Faceless Ones), a deck led
by a partner pair (Partner, or a legend and a Background), both holding the set's
multi-part cards (split in CMR, adventures in CLB); the pool; and the unused cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import datetime

import pytest

from draft.cards import Card, CardSet, bundled_set_codes, load_set
from pods.basics import BASIC_LANDS
from pods.deck import Commander, Deck, pool_as_deck
from pods.formats import CardLookup, read_deck, write_deck
from pods.formats.draft_log import DraftLog, LoggedPick, mtgo_time, write_mtgo
from tests.pods.formats import importers
from tests.pods.formats.importers import CardNames, Loaded

SETS = bundled_set_codes()


def multi_part(card_set: CardSet) -> list[Card]:
    return [card for card in card_set.cards if card.faces]


def partner_pair(card_set: CardSet) -> tuple[Card, Card]:
    """Two commanders that may lead together: plain Partner, else a Choose a Background
    legend and a Background, else (CMM) two mono-colored legends."""
    piper = card_set.chosen_color_card
    legends = [c for c in card_set.cards if c.can_be_commander and c is not piper]
    partners = [c for c in legends if c.has_partner and c.partner_with is None]
    if len(partners) >= 2:
        return partners[0], partners[1]
    choosers = [c for c in legends if "Choose a Background" in c.pairing]
    backgrounds = [c for c in card_set.cards if c.is_background and c is not piper]
    if choosers and backgrounds:
        return choosers[0], backgrounds[0]
    mono = [c for c in legends if len(c.color_identity) <= 1]
    return mono[0], mono[1]


def pool_of(card_set: CardSet, leaders: tuple[Card, ...]) -> tuple[Card, ...]:
    """A 60-card pool with every multi-part card, the leaders, a duplicate, and commons."""
    chosen = [*multi_part(card_set)[:10], *leaders]
    commons = [c for c in card_set.cards if c.rarity == "common" and c not in chosen]
    chosen += [commons[0], *commons[: 60 - len(chosen) - 1]]
    return tuple(chosen[:60])


def pipers_deck(card_set: CardSet) -> tuple[Deck, tuple[Card, ...]]:
    piper = card_set.chosen_color_card
    assert piper is not None
    pool = pool_of(card_set, ())
    main = pool[:30] + (BASIC_LANDS["Mountain"],) * 14 + (BASIC_LANDS["Forest"],) * 14
    commanders = (Commander(piper, "R", added=True), Commander(piper, "G", added=True))
    return Deck(commanders, main, pool[30:], "Ann — Pipers"), pool


def partners_deck(card_set: CardSet) -> tuple[Deck, tuple[Card, ...]]:
    pair = partner_pair(card_set)
    pool = pool_of(card_set, pair)
    rest = tuple(c for c in pool if c not in pair)
    main = rest[:35] + (BASIC_LANDS["Wastes"],) * 23
    return Deck(tuple(Commander(c) for c in pair), main, rest[35:], "Bob — pair"), pool


DECKS = [pipers_deck, partners_deck]


def exports(deck: Deck, pool: tuple[Card, ...], fmt: str) -> dict[str, str]:
    """The three files a seat downloads in one format, as `server/services/exports/exports.py`
    builds them: the deck without its sideboard, the pool, and the unused cards."""
    return {
        "deck": write_deck(Deck(deck.commanders, deck.main, (), deck.name), fmt),
        "pool": write_deck(pool_as_deck(pool), fmt),
        "unused": write_deck(pool_as_deck(deck.sideboard), fmt),
    }


def expected(deck: Deck, pool: tuple[Card, ...], what: str) -> Counter[Card]:
    if what == "deck":
        return Counter([c.card for c in deck.commanders]) + Counter(deck.main)
    return Counter(pool if what == "pool" else deck.sideboard)


def commanders(deck: Deck) -> Counter[Card]:
    return Counter(c.card for c in deck.commanders)


def assert_nothing_lost(loaded: Loaded, want: Counter[Card]) -> None:
    assert loaded.not_found == []
    assert loaded.everything() == want


@pytest.mark.parametrize("code", SETS)
@pytest.mark.parametrize("build", DECKS, ids=lambda b: b.__name__)
def test_forge_loads_every_card_with_the_commanders_in_its_commander_section(
    code: str, build: Callable[[CardSet], tuple[Deck, tuple[Card, ...]]]
) -> None:
    card_set = load_set(code)
    deck, pool = build(card_set)
    names = CardNames("forge", card_set)
    for what, text in exports(deck, pool, "forge").items():
        loaded = importers.forge(text, names)
        assert loaded.messages == []
        assert_nothing_lost(loaded, expected(deck, pool, what))
        if what == "deck":
            assert loaded.command == commanders(deck)
        else:
            assert loaded.side == expected(deck, pool, what)


@pytest.mark.parametrize("code", SETS)
@pytest.mark.parametrize("build", DECKS, ids=lambda b: b.__name__)
def test_cockatrice_finds_every_card_by_its_full_name(
    code: str, build: Callable[[CardSet], tuple[Deck, tuple[Card, ...]]]
) -> None:
    card_set = load_set(code)
    deck, pool = build(card_set)
    names = CardNames("cockatrice", card_set)
    for what, text in exports(deck, pool, "cockatrice").items():
        loaded = importers.cockatrice(text, names)
        assert_nothing_lost(loaded, expected(deck, pool, what))
        if what == "deck":  # no command zone in Cockatrice: the 60 cards are the deck
            assert loaded.main == expected(deck, pool, "deck")


@pytest.mark.parametrize("code", SETS)
@pytest.mark.parametrize("build", DECKS, ids=lambda b: b.__name__)
def test_xmage_reads_mtgo_text_with_only_the_commanders_in_the_sideboard(
    code: str, build: Callable[[CardSet], tuple[Deck, tuple[Card, ...]]]
) -> None:
    card_set = load_set(code)
    deck, pool = build(card_set)
    names = CardNames("xmage", card_set, case_sensitive=False)
    for what, text in exports(deck, pool, "mtgo").items():
        loaded = importers.xmage_txt(text, names)
        assert loaded.messages == []
        assert_nothing_lost(loaded, expected(deck, pool, what))
        if what == "deck":
            assert loaded.side == commanders(deck)
            assert importers.xmage_commander_problems(loaded) == []


@pytest.mark.parametrize("code", SETS)
@pytest.mark.parametrize("build", DECKS, ids=lambda b: b.__name__)
def test_xmage_reads_arena_text_with_the_commanders_as_its_sideboard(
    code: str, build: Callable[[CardSet], tuple[Deck, tuple[Card, ...]]]
) -> None:
    """Saved as `.mtga`. (As `.txt` or pasted, XMage's TxtDeckImporter takes `(SET) 123` for
    part of the name: docs/formats.md sends XMage players to the MTGO export.)"""
    card_set = load_set(code)
    deck, pool = build(card_set)
    names = CardNames("xmage", card_set, case_sensitive=False)
    for what, text in exports(deck, pool, "arena").items():
        loaded = importers.xmage_mtga(text, names)
        assert_nothing_lost(loaded, expected(deck, pool, what))
        assert loaded.messages in ([], ["Error reading 'Commander'"])
        if what == "deck":
            assert loaded.side == commanders(deck)
            assert importers.xmage_commander_problems(loaded) == []


@pytest.mark.parametrize("code", SETS)
def test_xmage_reads_both_cards_of_every_pick_from_the_draft_log(code: str) -> None:
    card_set = load_set(code)
    pool = pool_of(card_set, ())
    picks = tuple(
        LoggedPick(1 + i // 10, 1 + i % 10, pool[2 * i : 2 * i + 6], pool[2 * i : 2 * i + 2])
        for i in range(30)
        if len(pool[2 * i : 2 * i + 2]) == 2
    )
    log = DraftLog("7", ("Ann", "Bob"), 1, code, picks, mtgo_time(datetime(2026, 11, 29)))
    text = write_mtgo(log)
    assert text.splitlines()[1] == "Time:    11/29/2026 12:00:00 AM"
    loaded = importers.xmage_draft_log(text, CardNames("xmage", card_set, case_sensitive=False))
    assert loaded.not_found == ["Bob"]  # XMage also matches the "--> you" player line
    assert loaded.main == Counter(card for pick in picks for card in pick.taken)
    for block in text.split("\n\nPack ")[1:]:
        assert block.count("\n--> ") == 2


@pytest.mark.parametrize("code", SETS)
@pytest.mark.parametrize("build", DECKS, ids=lambda b: b.__name__)
@pytest.mark.parametrize("fmt", ["arena", "mtgo", "forge", "cockatrice", "text", "csv", "json"])
def test_our_own_readers_read_every_export_back(
    code: str, build: Callable[[CardSet], tuple[Deck, tuple[Card, ...]]], fmt: str
) -> None:
    card_set = load_set(code)
    deck, pool = build(card_set)
    lookup = CardLookup(card_set)
    for what, text in exports(deck, pool, fmt).items():
        read = read_deck(text, fmt, lookup)
        assert read.problems == ()
        got = read.deck
        assert (Counter(c.card for c in got.commanders) + Counter(got.main)
                + Counter(got.sideboard)) == expected(deck, pool, what)
        if what == "deck" and fmt in ("arena", "forge", "text", "csv", "json"):
            assert Counter(c.card for c in got.commanders) == commanders(deck)
