"""The night's recap of one pod: every player's commanders and deck, the games by table.

Why it waits for "everyone may see every seat" (`pods.reveal.everyone_may_open`): the
recap shows every deck at once, so it opens exactly when the host's rule opens every
seat's replay to everyone, and never under `nobody` or `own_seat`. Like the replays it is
read from the stored rows off the event loop (`server.services.exports.replays`), so it works for
a finished night after a restart and on every process of a cluster.
"""

from __future__ import annotations

from dataclasses import replace

from pods import reveal
from pods.recap import outline
from server.core.errors import BadTokenError, ForbiddenError, UnknownPodError
from server.core.security import token_matches
from server.db import Session, event_repo, repo
from server.runtime import Runtime
from server.services.exports.exports import submitted_deck
from server.services.exports.night_label import event_label, pod_label
from server.services.exports.replays import pod_rows, viewer_of
from server.services.exports.summary import played_games
from server.services.night.restore import load_pod
from server.values.night_label import NightLabel
from server.values.recap import NightRecap, Recap, RecapSeat


def read_recap(rt: Runtime, session: Session, pod_id: str, token_hash: str) -> Recap:
    """The pod's recap if the host's rule shows every seat to everyone now (in a worker
    thread); 403 `replay_hidden` before that."""
    row, players = pod_rows(session, pod_id)
    viewer_of(row, players, token_hash)
    if not reveal.everyone_may_open(row.replay_visibility, row.phase):
        raise ForbiddenError("the recap opens when the host's rule shows every seat",
                             "replay_hidden")
    return _pod_recap(rt, session, row.id, pod_label(session, row))


def read_night_recap(rt: Runtime, session: Session, event_id: str,
                     token_hash: str) -> NightRecap:
    """Every pod of the night whose rule shows every seat to everyone now, for the night's
    host or any of its players (in a worker thread); 403 `replay_hidden` when none does."""
    event = event_repo.get_event(session, event_id)
    if event is None:
        raise UnknownPodError(f"there is no event {event_id!r}", "unknown_event")
    people = event_repo.list_event_players(session, event_id)
    if not (token_matches(token_hash, event.host_token_hash)
            or any(token_matches(token_hash, p.token_hash) for p in people)):
        raise BadTokenError("this token does not belong to this night")
    label = event_label(session, event)
    shown, hidden = [], 0
    for number, pod_id in enumerate(event_repo.list_event_pod_ids(session, event_id), 1):
        row = repo.get_pod(session, pod_id)
        if row is not None and reveal.everyone_may_open(row.replay_visibility, row.phase):
            shown.append(_pod_recap(rt, session, pod_id, replace(label, pod_number=number)))
        else:
            hidden += 1
    if not shown:
        raise ForbiddenError("the recap opens when the host's rule shows every seat",
                             "replay_hidden")
    return NightRecap(event_id, shown, hidden, label)


def _pod_recap(rt: Runtime, session: Session, pod_id: str, label: NightLabel) -> Recap:
    row, players = pod_rows(session, pod_id)
    pod = load_pod(rt, row, players, repo.load_pick_log(session, pod_id))
    seats = []
    for player in sorted((p for p in pod.night.players if p.seat is not None),
                         key=lambda p: p.seat or 0):
        deck = submitted_deck(pod, player)
        seats.append(RecapSeat(player, deck, outline(deck) if deck else None, player.deck))
    return Recap(pod, seats, played_games(session, pod_id, pod.setup.starting_life), label)


async def recap(rt: Runtime, pod_id: str, token_hash: str) -> Recap:
    return await rt.read(lambda session: read_recap(rt, session, pod_id, token_hash))


async def night_recap(rt: Runtime, event_id: str, token_hash: str) -> NightRecap:
    return await rt.read(lambda session: read_night_recap(rt, session, event_id, token_hash))
