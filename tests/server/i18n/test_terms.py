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
