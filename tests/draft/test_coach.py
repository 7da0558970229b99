"""The coaching replay: the bot's choice beside each pick, why, and the colours flowing."""

from __future__ import annotations

import pytest

from draft.bots import PickContext, ValueBot
from draft.coach import coach, flows
from draft.seat_replay import ReplayPick, SeatReplay, replay_seats
from draft.simulate import simulate
from draft.state import DraftConfig
from tests.draft.test_bots import card, committed_pool, instances


@pytest.mark.parametrize("seat", [0, 5])
def test_at_a_bot_seat_the_coach_took_every_card_the_bot_took(seat: int) -> None:
    """Same seed, same seat, same pool: the bot is deterministic, so it agrees with itself."""
    config = DraftConfig("CMR")
    names = [f"s{i}" for i in range(8)]
    _state, made = simulate(config, 7, names)
    replays = replay_seats(config, 7, names, [(m.seat, m.cards) for m in made])
    choices, _flows = coach(replays[seat], PickContext(7, seat, frozenset(config.sets)))
    assert len(choices) == 30 and all(choice.same for choice in choices)


def test_the_reasons_add_up_to_the_bots_score() -> None:
    pool = committed_pool("RG")
    pack = instances(card("Bolt", "R", 2.0), card("Ogre", "B", 3.0), card("Rock", "", 1.0))
    bot = ValueBot()
    parts = bot.score_parts(pack, pool)
    assert [p.total for p in parts] == bot.scores(pack, pool)
    bolt, ogre, rock = parts
    assert (bolt.value, bolt.colors, bolt.commander) == (2.0, 2.0, 0.0)  # inside R, G
    assert ogre.colors == -1.5 and rock.colors == 0.5
    assert bolt.bot_colors == frozenset("RG")


def test_a_different_pick_is_named_with_the_bots_choice() -> None:
    pool = committed_pool("RG")
    pack = instances(card("Bolt", "R", 2.0), card("Ogre", "B", 3.0), card("Rock", "", 1.0),
                     first_id=1)
    pick = ReplayPick(1, 2, 0, tuple(pack), (pack[1],), (), (*pool, pack[1]))
    [choice], _ = coach(SeatReplay(0, "Ann", (pick,)), PickContext(1, 0))
    assert choice.took == (1,) and not choice.same
    assert choice.why[0].value == 2.0


def test_colours_flowing_are_the_best_cards_passed_each_round() -> None:
    """Pick 1 (opened) counts nothing; then each passed pack's two best cards."""
    def pick(round_number: int, number: int, *cards: tuple[str, str, float]) -> ReplayPick:
        pack = tuple(instances(*(card(n, c, v) for n, c, v in cards)))
        return ReplayPick(round_number, number, 0, pack, pack[:1], (), pack[:1])
    picks = (pick(1, 1, ("A", "W", 9.0), ("B", "U", 8.0)),
             pick(1, 2, ("C", "R", 3.0), ("D", "RG", 2.0), ("E", "B", 1.0)),
             pick(1, 3, ("F", "G", 5.0), ("G", "", 4.0)),
             pick(2, 2, ("H", "U", 1.0)))
    [first, second] = flows(picks)
    assert first.round == 1 and first.colors == (("R", 1.5), ("G", 1.5))  # WUBRG on ties
    assert second.colors == (("U", 1.0),)
