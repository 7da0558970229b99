"""The night's summary as text says what the service's values hold, no more: a deck the
reveal rule hides is only "legal" or "not legal", and a draw names who shares first."""

from __future__ import annotations

from pods.split import Table
from server.values.summary import GamePlayer, PlayedGame, PodNight, SummaryDeck, SummaryPlayer
from server.views.summary import as_text, pod_night_json

HIDDEN = SummaryDeck(None, True, None, None)
SHOWN = SummaryDeck(("Tana, the Bloodsower",), False, 100, ("G", "R"))
DRAW = PlayedGame(1, 1, 1, False, (GamePlayer("Ann", ("Tana, the Bloodsower",), 0, True),
                                   GamePlayer("Bob", (), 0, True)), None, ("Ann", "Bob"))


def night(ann: SummaryDeck) -> PodNight:
    return PodNight("p1", "CMR", "playing",
                    (SummaryPlayer("Ann", 0, False, False, 1, ann),
                     SummaryPlayer("Bob", 1, False, False, 1, None),
                     SummaryPlayer("Bot 3", 2, True, False, None, None)),
                    (Table(1, ("Ann", "Bob")),), (DRAW,))


def test_a_hidden_deck_says_only_whether_it_is_legal() -> None:
    text = as_text([night(HIDDEN)])
    assert "Ann: deck hidden until the reveal (legal)" in text
    assert "Tana" not in text.split("Round")[0]  # not before the games (on the table)
    assert "Bob: no deck" in text and "Bot 3" not in text


def test_a_shown_deck_gives_its_commanders_and_colors() -> None:
    assert "Ann: Tana, the Bloodsower [GR] (not legal)" in as_text([night(SHOWN)])


def test_a_draw_names_who_shares_first_place_in_text_and_json() -> None:
    assert "a draw: Ann, Bob" in as_text([night(HIDDEN)])
    (game,) = pod_night_json(night(HIDDEN))["games"]
    assert game["draw"] == ["Ann", "Bob"] and game["winner"] is None
    assert pod_night_json(night(HIDDEN))["players"][0]["deck"] == {
        "commanders": None, "legal": True, "size": None, "color_identity": None}
