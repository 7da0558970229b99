"""The reveal's JSON: the seats a viewer may open and one seat's replay, pick by pick.

Why the same card objects as the seat view (`server.views.pod.card_json`): the phone draws
a replayed pack with the code that draws a live one, zoom dialog included.
"""

from __future__ import annotations

from typing import Any

from draft.bots import PickContext
from draft.cards import WUBRG
from draft.coach import coach
from pods.reveal import DRAFT_OVER_PHASES
from server.cards.card_json import card_facts
from server.i18n.catalogs import DEFAULT_LANGUAGE
from server.protocol.shapes.cards import CardView
from server.values.replays import Openable, OpenedSeat
from server.views.decks import deck_json
from server.views.pod import card_json


def openable_json(found: Openable) -> dict[str, Any]:
    """`GET /api/pods/{id}/replay`: the rule, who asks and the seats they may open."""
    return {
        "pod_id": found.pod_id,
        "phase": found.phase,
        "replay_visibility": found.visibility,
        "draft_over": found.phase in DRAFT_OVER_PHASES,
        "you": {"host": found.viewer.host, "seat": found.viewer.seat},
        "seats": [{"seat": seat, "name": name, "bot": bot} for seat, name, bot in found.seats],
    }


def opened_by_default(listing: dict[str, Any], asked: int | None) -> int | None:
    """The seat the replay page opens from `openable_json`'s list: `asked` if listed, else
    the viewer's own, else the first listed (`None`: nothing to open). The page's script
    chose the same way before the list brought the seat (`replay.js`)."""
    seats = [entry["seat"] for entry in listing["seats"]]
    for wanted in (asked, listing["you"]["seat"]):
        if wanted is not None and wanted in seats:
            return int(wanted)
    return seats[0] if seats else None


def replay_json(opened: OpenedSeat, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """`GET /api/pods/{id}/replay/{seat}`: every pick with the pack as it reached the seat,
    the cards taken and the cards that wheeled (`draft.seat_replay`), the deck's commanders
    and the submitted deck (`None` before one is submitted; its report in `language`).
    The pool as it grew is the `taken` of the picks so far."""
    pod, player = opened.pod, opened.player

    def cards(instances: Any) -> list[CardView]:
        return [card_json(pod, instance) for instance in instances]

    return {
        "pod_id": pod.id,
        "seat": opened.replay.seat,
        "name": player.name,
        "bot": player.bot,
        "line_up": list(pod.config.round_sets),
        "picks": [{"round": p.round, "pick": p.pick, "pack": cards(p.pack),
                   "taken": cards(p.taken), "wheeled": cards(p.wheeled)}
                  for p in opened.replay.picks],
        "commanders": commanders_json(opened),
        "deck": None if player.deck is None else deck_json(player.deck, language),
        **coach_json(opened),
    }


def coach_json(opened: OpenedSeat) -> dict[str, Any]:
    """Beside each pick, what the bot would have taken from that pack with that pool and
    why (`draft.coach`), and the colours flowing to the seat each round. Only ever inside
    a seat's replay: the reveal rule already let this viewer open the seat."""
    pod = opened.pod
    context = PickContext(pod.setup.seed, opened.replay.seat, frozenset(pod.config.sets))
    choices, flowing = coach(opened.replay, context)
    return {
        "bot_picks": [{"took": list(choice.took), "same": choice.same,
                       "colors": "".join(c for c in WUBRG if c in choice.why[0].bot_colors)
                       if choice.why else "",
                       "why": [{"id": card, "value": round(part.value, 2),
                                "colors": round(part.colors, 2),
                                "commander": round(part.commander, 2)}
                               for card, part in zip(choice.took, choice.why, strict=True)]}
                      for choice in choices],
        "flow": [{"round": flow.round,
                  "colors": [{"color": color, "weight": round(weight, 2)}
                             for color, weight in flow.colors]} for flow in flowing],
    }


def commanders_json(opened: OpenedSeat) -> list[dict[str, Any]]:
    """The submitted deck's commanders as card objects: a pool card as the views draw it,
    an added choose-a-color commander (CR 903.13e) by its facts, with `id` None."""
    pod, player = opened.pod, opened.player
    if player.deck is None or not opened.replay.picks:
        return []
    pool = {instance.id: instance for instance in opened.replay.picks[-1].pool}
    found: list[dict[str, Any]] = []
    for ref in player.deck.body.get("commanders") or []:
        if ref.get("piper"):
            added = next((c for c in pod.addable_cards
                          if c.name == ref.get("name")), None) or pod.chosen_color_card
            if added is not None:
                found.append({"id": None, **card_facts(added, pod.partner_grant),
                              "added": True, "chosen_color": ref.get("color")})
        elif ref.get("card_id") in pool:
            found.append(dict(card_json(pod, pool[ref["card_id"]])))
    return found
