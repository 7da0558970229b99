"""A night bigger than one pod, as its host, anyone and a waiting phone see it.

The route reads what these need (the night, its pods in this process, its round) from
the services and passes it in: a view imports no service."""

from __future__ import annotations

import json
from collections.abc import Sequence

from pods.forming import PodPolicy, seat_plan
from server.db.tables import EventPlayerRow
from server.protocol.shapes.events import (
    EventHostView,
    EventPlayerView,
    EventPublicView,
    NumberedProgress,
    PlannedPod,
    Progress,
)
from server.protocol.shapes.pod import table_json
from server.realtime.live import LivePod
from server.values.night import Night


def progress(pod: LivePod) -> Progress:
    """How far a pod is, for the night's host screen: phase, round and picks made."""
    state = pod.night.state
    picks = sum(seat.picks for seat in state.seats) if state is not None else 0
    return {
        "pod_id": pod.id, "phase": pod.night.phase, "paused": pod.night.paused,
        "seats": pod.setup.seats,
        "round": state.round if state is not None else 0, "rounds": pod.config.rounds,
        "picks": picks,
        "players": [{"name": p.name, "bot": p.bot, "connected": pod.connections.connected[p.id] > 0}
                    for p in sorted(pod.night.players, key=lambda p: p.join_index) if not p.kicked],
        "decks": sum(1 for p in pod.night.players if p.deck is not None),
        "tables": [table_json(t) for t in pod.night.tables or []],
        "winners": sum(1 for game in pod.night.games.values() if game.winner is not None),
        "host_path": f"/pods/{pod.id}/host",
    }


def host_view(night: Night, pods: Sequence[LivePod], join_url: str,
              round_number: int) -> EventHostView:
    """The night's host view: `pods` are the night's pods in this process
    (`events.pods_of`), `round_number` the night's round of games
    (`round_links.current_round`). It holds no seed: the night's seed draws every pod's
    seed, and so every pack of the night (`server.protocol.shapes.host`)."""
    pod_of = {pod_id: number for number, pod_id in enumerate(night.pod_ids, start=1)}
    return {
        "event_id": night.row.id, "set": night.row.set_code, "line_up": list(night.line_up),
        "phase": night.row.phase,
        "replay_visibility": night.row.replay_visibility,
        "lobby": {"locked": night.row.locked, "join_code": night.row.join_code},
        "achievements": json.loads(night.row.achievements_json or "[]"),
        "timer_seconds": night.row.pick_timer_seconds,
        "join_url": join_url,
        "players": [{"player_id": p.id, "name": p.name,
                     "pod": pod_of.get(p.pod_id) if p.pod_id else None}
                    for p in night.players],
        "pods": [NumberedProgress(number=n, **progress(pod))
                 for n, pod in enumerate(pods, start=1)],
        "round": round_number,
        # A later round's tables span the night: every pod holds the same list.
        "round_tables": [table_json(t) for t in pods[0].night.tables or []]
        if pods and round_number > 1 else [],
        "pod_plans": pod_plans(night),
    }


def pod_plans(night: Night) -> dict[str, list[PlannedPod]]:
    """What "Form pods" would make of tonight's players by each policy, while they join."""
    if night.row.phase != "open":
        return {}
    return {policy.value: [{"players": players, "seats": seats}
                           for players, seats in seat_plan(len(night.players), policy)]
            for policy in PodPolicy}


def public_view(night: Night) -> EventPublicView:
    return {"event_id": night.row.id, "set": night.row.set_code,
            "line_up": list(night.line_up), "phase": night.row.phase,
            "replay_visibility": night.row.replay_visibility,
            "players": [{"name": p.name} for p in night.players],
            "pods": len(night.pod_ids), "locked": night.row.locked,
            "code_required": night.row.join_code is not None}


def player_view(night: Night, player: EventPlayerRow) -> EventPlayerView:
    """The waiting phone's view: once its pod exists, where its seat is (same token)."""
    return {"event_id": night.row.id, "player_id": player.id, "name": player.name,
            "phase": night.row.phase, "pod_id": player.pod_id,
            "seat_path": f"/pods/{player.pod_id}/seat" if player.pod_id else None,
            "players": len(night.players)}
