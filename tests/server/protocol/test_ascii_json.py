"""JSON text the sockets send is ASCII, and means what the serializer wrote."""

from __future__ import annotations

import json

import orjson
import pytest

from server.protocol.ascii_json import ascii_json

VALUES = [
    {"name": "Lim-Dûl the Necromancer", "type": "Legendary Creature — Zombie Wizard"},
    {"name": "Аня", "seat": 3, "note": "già"},
    {"emoji": "🂡 \U0001F600", "quote": "\"—\"", "slash": "\\u2014 stays text"},
    ["plain", 1, None, True],
    "",
]


@pytest.mark.parametrize("value", VALUES)
def test_ascii_json_is_ascii_and_the_same_value(value: object) -> None:
    text = orjson.dumps(value).decode()
    escaped = ascii_json(text)
    assert escaped.isascii()
    assert json.loads(escaped) == value == orjson.loads(escaped)


def test_ascii_text_is_returned_as_is() -> None:
    text = '{"name":"Ann"}'
    assert ascii_json(text) is text


def test_an_astral_character_is_a_surrogate_pair() -> None:
    assert ascii_json('"\U0001F600"') == '"\\ud83d\\ude00"'
    assert ascii_json('"—"') == '"\\u2014"'
