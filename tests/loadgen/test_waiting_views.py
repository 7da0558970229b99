"""The bench counts the views whose only news is whom a waiting seat waits for: an update
with no pack, no acknowledgement and the pick number the seat already showed."""

from __future__ import annotations

from typing import Any

from loadgen.phones import is_waiting_only, read_message


def _update(pick: int, pack: str = "null", acks: str = "") -> tuple[dict[str, Any], bytes]:
    raw = (f'{{"type":"update","version":9,"base":8{acks},"view":{{"phase":"drafting",'
           f'"pick":{pick},"waiting_on":{{"seat":2,"name":"Bo"}},"pack":{pack},'
           f'"pool_added":[]}}}}').encode()
    return read_message(raw)


def test_an_update_that_only_moves_waiting_on_is_waiting_only() -> None:
    message, rest = _update(4)
    assert is_waiting_only(message, message["view"], rest, shown_pick=4)


def test_an_empty_pack_list_counts_as_no_pack() -> None:
    message, rest = _update(4, pack="[]")
    assert is_waiting_only(message, message["view"], rest, shown_pick=4)


def test_a_pack_arriving_the_seats_own_pick_or_an_ack_is_not() -> None:
    message, rest = _update(4, pack='[{"id":1,"name":"X"}]')
    assert not is_waiting_only(message, message["view"], rest, shown_pick=4)
    message, rest = _update(5)
    assert not is_waiting_only(message, message["view"], rest, shown_pick=4)
    message, rest = _update(4, acks=',"acks":["7"]')
    assert not is_waiting_only(message, message["view"], rest, shown_pick=4)


def test_a_snapshot_is_never_waiting_only() -> None:
    message, rest = _update(4)
    message["type"] = "snapshot"
    assert not is_waiting_only(message, message["view"], rest, shown_pick=4)
