"""What each role may see, as plain JSON-ready dicts (the protocol's seat and host views).

Why built here from the engine's `view_for`: the engine already guarantees a seat's view
holds only its own pack and pool; this module adds names, connection flags and timers, and
the host view carries counts and names but never card contents.
"""

from __future__ import annotations

import json
from datetime import datetime
from functools import lru_cache
from typing import Any

from draft.engine import seats_to_act, view_for
from draft.state import CardInstance
from server.live import LivePlayer, LivePod


@lru_cache(maxsize=8192)
def card_json(instance: CardInstance) -> dict[str, Any]:
    """One card instance as the phone draws it (cached: card facts never change)."""
    card = instance.card
    if card.scryfall_id:
        sid = card.scryfall_id
        image = f"https://cards.scryfall.io/normal/front/{sid[0]}/{sid[1]}/{sid}.jpg"
    else:
        image = f"https://api.scryfall.com/cards/{card.set.lower()}/{card.number}?format=image"
    return {
        "id": instance.id,
        "name": card.name,
        "set": card.set,
        "number": card.number,
        "rarity": card.rarity,
        "mana_cost": card.mana_cost,
        "mana_value": card.mana_value,
        "type_line": card.type_line,
        "colors": list(card.colors),
        "color_identity": list(card.color_identity),
        "power": card.power,
        "toughness": card.toughness,
        "loyalty": card.loyalty,
        "slot": instance.slot,
        "foil": instance.foil,
        "can_be_commander": card.can_be_commander,
        "image_url": image,
    }


def iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _players(pod: LivePod) -> list[dict[str, Any]]:
    ordered = sorted(pod.players, key=lambda p: (p.seat is None, p.seat, p.join_index))
    return [
        {"seat": p.seat, "name": p.name, "bot": p.bot, "connected": pod.connected[p.id] > 0}
        for p in ordered
    ]


def seat_view(pod: LivePod, player: LivePlayer) -> dict[str, Any]:
    """The seat view of protocol.md for `player` (lobby, drafting and after)."""
    view, pack, pool = _seat_parts(pod, player)
    view["pack"] = [card_json(c) for c in pack] if pack is not None else None
    view["pool"] = [card_json(c) for c in pool]
    return view


def seat_view_json(pod: LivePod, player: LivePlayer) -> tuple[int, str]:
    """(version, the seat view as JSON text): the same JSON as `seat_view`, built for the
    socket's hot path from each card's JSON text, made once per card per pod."""
    view, pack, pool = _seat_parts(pod, player)
    cache = pod.card_text
    parts = [json.dumps(view, separators=(",", ":"))[:-1], ',"pack":']
    if pack is None:
        parts.append("null")
    else:
        parts += ["[", ",".join([cache.get(c.id) or _card_text(cache, c) for c in pack]), "]"]
    parts += [',"pool":[', ",".join([cache.get(c.id) or _card_text(cache, c) for c in pool]),
              "]}"]
    return view["version"], "".join(parts)


def _card_text(cache: dict[int, str], instance: CardInstance) -> str:
    text = cache[instance.id] = json.dumps(card_json(instance), separators=(",", ":"))
    return text


def _seat_parts(
    pod: LivePod, player: LivePlayer
) -> tuple[dict[str, Any], tuple[CardInstance, ...] | None, tuple[CardInstance, ...]]:
    """The seat view without its cards, the pack's cards and the pool's cards."""
    view: dict[str, Any] = {
        "pod_id": pod.id,
        "version": pod.version,
        "phase": pod.phase,
        "paused": pod.paused,
        "me": {"player_id": player.id, "name": player.name, "seat": player.seat},
        "players": _players(pod),
        "round": 0,
        "rounds": pod.config.rounds,
        "pick": 1,
        "pick_in_round": 1,
        "direction": "left",
        "pack_id": None,
        "picks_needed": 0,
        "packs_waiting": 0,
        "waiting_on": None,
        "deadline": None,
        "timer_seconds": pod.timer_seconds,
        "deck": player.deck,
        "table": _table_of(pod, player),
    }
    state = pod.state
    if state is None or player.seat is None:
        return view, None, ()
    seen = view_for(state, player.seat)
    waiting = None
    if seen.waiting_on is not None:
        waiting = {"seat": seen.waiting_on, "name": pod.at_seat(seen.waiting_on).name}
    view.update(
        round=seen.round,
        pick=seen.pick,
        pick_in_round=seen.pick_in_round,
        direction=seen.direction,
        pack_id=seen.pack_id,
        picks_needed=seen.picks_needed,
        packs_waiting=seen.packs_waiting,
        waiting_on=waiting,
        deadline=None if pod.paused or player.bot else iso(player.deadline),
    )
    return view, seen.pack, seen.pool


def _table_of(pod: LivePod, player: LivePlayer) -> dict[str, Any] | None:
    if player.table is None or not pod.tables:
        return None
    for table in pod.tables:
        if table.get("number") == player.table:
            return table
    return None


def host_view(pod: LivePod, join_url: str) -> dict[str, Any]:
    """The host dashboard: names, counts, connection flags; no card contents."""
    state = pod.state
    players = []
    for p in sorted(pod.players, key=lambda p: (p.seat is None, p.seat, p.join_index)):
        seat = state.seats[p.seat] if state is not None and p.seat is not None else None
        report = (p.deck or {}).get("report") or {}
        players.append(
            {
                "player_id": p.id,
                "seat": p.seat,
                "name": p.name,
                "bot": p.bot,
                "kicked": p.kicked,
                "connected": pod.connected[p.id] > 0,
                "picks": seat.picks if seat else 0,
                "packs_waiting": len(seat.queue) if seat else 0,
                "deck_submitted": p.deck is not None,
                "deck_legal": report.get("legal") if p.deck is not None else None,
                "deadline": iso(p.deadline) if not pod.paused else None,
            }
        )
    return {
        "pod_id": pod.id,
        "version": pod.version,
        "phase": pod.phase,
        "paused": pod.paused,
        "set": pod.set_code,
        "seats": pod.seats,
        "seed": pod.seed,
        "timer_seconds": pod.timer_seconds,
        "join_url": join_url,
        "round": state.round if state else 0,
        "players": players,
        "waiting_on": seats_to_act(state) if state is not None else [],
        "tables": pod.tables,
    }


def summary(pod: LivePod) -> dict[str, Any]:
    """The public summary anyone may read (what the join page shows)."""
    return {
        "pod_id": pod.id,
        "set": pod.set_code,
        "seats": pod.seats,
        "phase": pod.phase,
        "players": [{"name": p.name, "bot": p.bot} for p in pod.players if not p.kicked],
    }
