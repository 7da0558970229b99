"""The recap's JSON: what the recap page draws and what the downloaded files hold.

Why plain names and counts for deck cards (not full card views): the recap is read on paper
or from a file with no server; the commanders carry their facts (color identity, cost), the
deck its cards by type with counts, and the curve.
"""

from __future__ import annotations

from typing import Any

from pods.recap import CURVE_TOP
from server.cards.card_json import card_facts
from server.protocol.shapes.pod import table_json
from server.values.recap import NightRecap, Recap, RecapSeat
from server.views.summary import played_game_json


def recap_json(recap: Recap, base_url: str) -> dict[str, Any]:
    """`GET /api/pods/{id}/recap`: the pod's players with commanders, color identity and
    deck, its tables and its played games; `replay_url` opens each seat's replay."""
    pod = recap.pod
    return {
        "pod_id": pod.id,
        **_label_json(recap),
        "set": pod.setup.set_code,
        "line_up": list(pod.config.round_sets),
        "phase": pod.night.phase,
        "replay_visibility": pod.night.replay_visibility,
        "players": [_seat(pod.id, seat, base_url, pod.partner_grant) for seat in recap.seats],
        "tables": [table_json(t) for t in pod.night.tables or []],
        "games": [played_game_json(game) for game in recap.games],
    }


def night_recap_json(night: NightRecap, base_url: str) -> dict[str, Any]:
    """`GET /api/events/{id}/recap`: each shown pod's recap, in the night's order."""
    return {"event_id": night.event_id, **_label_json(night),
            "hidden_pods": night.hidden,
            "pods": [recap_json(pod, base_url) for pod in night.pods]}


def _label_json(recap: Recap | NightRecap) -> dict[str, Any]:
    """What titles the recap and names its files: `season` (a name or null), `held` (the
    night's ISO date), `pod_number` (from 1; null for a whole night or a pod on its own)."""
    label = recap.label
    return {"season": label.season, "held": label.held.isoformat(),
            "pod_number": label.pod_number}


def _seat(pod_id: str, seat: RecapSeat, base_url: str, grant: bool) -> dict[str, Any]:
    player = seat.player
    found: dict[str, Any] = {
        "seat": player.seat, "name": player.name, "bot": player.bot,
        "replay_url": f"{base_url}/pods/{pod_id}/replay?seat={player.seat}",
        "commanders": [], "color_identity": [], "legal": None, "deck": None,
    }
    if seat.deck is None or seat.outline is None or seat.report is None:
        return found
    found["commanders"] = [{**card_facts(c.card, grant), "chosen_color": c.chosen_color}
                           for c in seat.deck.commanders]
    found["color_identity"] = list(seat.report.color_identity)
    found["legal"] = seat.report.legal
    found["deck"] = {
        "size": seat.outline.size,
        "groups": [{"type": group.type, "count": group.count,
                    "cards": [{"name": card.name, "mana_cost": card.mana_cost,
                               "mana_value": card.mana_value, "count": count}
                              for card, count in group.cards]}
                   for group in seat.outline.groups],
        "curve": [{"mana_value": f"{v}+" if v == CURVE_TOP else str(v), "cards": n}
                  for v, n in enumerate(seat.outline.curve)],
    }
    return found
