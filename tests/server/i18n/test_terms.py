"""One word per concept in each language, and no gender assumed of a player (issue 40).

Rules read off the committed catalogs: Russian calls the host «ведущий» only (it said
both «ведущий» and «организатор»); a player who is out is «вне игры», not the masculine
«выбыл» said of Аня too; Italian says a left-out card's colors as a noun phrase («di colore
…»), not «è nero», an adjective whose gender the color word cannot follow; Italian calls
the host «host» (no gender), not also «organizzatore».
"""

from __future__ import annotations

from babel.messages.catalog import Catalog

from server.i18n.catalogs import catalog


def strings(messages: Catalog) -> list[str]:
    found: list[str] = []
    for message in messages:
        if not message.id:
            continue
        found.extend([message.string] if isinstance(message.string, str) else message.string)
    return found


def test_russian_calls_the_host_one_thing() -> None:
    russian = strings(catalog("ru"))
    assert [s for s in russian if "организатор" in s.lower()] == []
    assert any("ведущ" in s.lower() for s in russian)


def test_russian_says_out_of_the_game_of_anyone() -> None:
    russian = strings(catalog("ru"))
    assert [s for s in russian if "выбыл" in s.lower()] == []
    assert catalog("ru").get("out").string == "вне игры"


def test_italian_says_a_left_out_cards_colors_without_an_adjective() -> None:
    italian = catalog("it")
    line = italian.get("Left out: %(name)s — it is %(colors)s, outside your commanders' colors.")
    assert "è %(colors)s" not in line.string
    assert "%(colors)s" in line.string


def test_italian_calls_the_host_one_thing_of_no_gender() -> None:
    """«host» (it said both «host» and the masculine «organizzatore»)."""
    italian = strings(catalog("it"))
    assert [s for s in italian if "organizzat" in s.lower()] == []
    assert sum("host" in s.lower() for s in italian) > 30


def pairs(messages: Catalog) -> list[tuple[str, str]]:
    """Each message's English and its translation (a plural's forms joined)."""
    return [(message.id if isinstance(message.id, str) else message.id[0],
             message.string if isinstance(message.string, str) else " ".join(message.string))
            for message in messages if message.id]


def test_italian_says_round_for_a_round_of_games_and_turno_for_a_players_turn() -> None:
    """One word each: «Turno 2 · Tavolo 1» and «Il tuo turno» said the same word of a
    round of games and of a player's turn, on the same phone."""
    italian = pairs(catalog("it"))
    rounds = [(english, said) for english, said in italian
              if "round" in english.lower() and "turn" not in english.lower()]
    assert [said for _english, said in rounds if "turno" in said.lower()] == []
    for english in ("Turn {n}", "Your turn", "End my turn", "{name}'s turn",
                    "Time: one more turn each"):
        assert "turno" in catalog("it").get(english).string.lower(), english
    assert catalog("it").get("Round {round} · Table {n}").string == "Round {round} · Tavolo {n}"
