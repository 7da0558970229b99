"""The after-draft reveal: which seats a viewer may replay, and one seat's replay.

Why from the database and not from memory: a finished night (`done`) is not restored into
memory after a restart, and in cluster mode another process may hold the pod. The stored
rows are the truth everywhere: the pod's phase and reveal rule, the tokens' hashes and the
pick log. So every request reads them, off the event loop (`Runtime.read`), checks the
host's rule (`pods.reveal`) with them, and only then replays the log. A viewer who may not
open a seat gets 403 `replay_hidden` before any pick is read.
"""

from __future__ import annotations

from draft.seat_replay import replay_draft
from pods import reveal
from server.core.errors import BadTokenError, ForbiddenError, UnknownPodError
from server.core.security import token_matches
from server.db import Session, repo
from server.db.tables import PlayerRow, PodRow
from server.runtime import Runtime
from server.services.night.restore import load_pod
from server.values.replays import Openable, OpenedSeat, Viewer


def viewer_of(row: PodRow, players: list[PlayerRow], token_hash: str) -> Viewer:
    if token_matches(token_hash, row.host_token_hash):
        return Viewer(host=True, seat=None)
    for player in players:
        if not player.kicked and token_matches(token_hash, player.token_hash):
            return Viewer(host=False, seat=player.seat)
    raise BadTokenError("this token does not belong to this pod")


def pod_rows(session: Session, pod_id: str) -> tuple[PodRow, list[PlayerRow]]:
    row = repo.get_pod(session, pod_id)
    if row is None:
        raise UnknownPodError(f"there is no pod {pod_id!r}")
    return row, repo.list_players(session, pod_id)


def _openable(row: PodRow, players: list[PlayerRow], viewer: Viewer) -> Openable:
    seated = sorted((p for p in players if p.seat is not None), key=lambda p: p.seat or 0)
    allowed = set(reveal.openable(row.replay_visibility, row.phase, viewer.seat,
                                  [p.seat for p in seated if p.seat is not None]))
    return Openable(row.id, row.phase, row.replay_visibility, viewer,
                    [(p.seat, p.name, p.bot) for p in seated
                     if p.seat is not None and p.seat in allowed])


def list_openable(session: Session, pod_id: str, token_hash: str) -> Openable:
    """What `GET /api/pods/{id}/replay` answers (in a worker thread)."""
    row, players = pod_rows(session, pod_id)
    return _openable(row, players, viewer_of(row, players, token_hash))


def open_seat(rt: Runtime, session: Session, pod_id: str, token_hash: str,
              seat: int) -> OpenedSeat:
    """One seat's replay, if the host's rule lets this viewer open it (in a worker thread).

    The rule is checked before the pick log is read: a hidden seat costs no replay."""
    row, players = pod_rows(session, pod_id)
    viewer = viewer_of(row, players, token_hash)
    if seat not in {s for s, _name, _bot in _openable(row, players, viewer).seats}:
        raise ForbiddenError("the host's rule does not let you replay this seat now",
                             "replay_hidden")
    log = repo.load_pick_log(session, pod_id)
    # The pod as stored, with no pick applied (its seats come from the seed): the log is
    # replayed once, below, for both the final state (the deck) and the seat's picks.
    pod = load_pod(rt, row, players, [])
    pod.night.state, replays = replay_draft(
        pod.config, pod.setup.seed, [p.id for p in pod.night.players],
        [(s, cards) for _seq, s, cards, _bot in log], pod.pack_source, pod.seated_bots())
    player = pod.at_seat(seat)
    return OpenedSeat(pod, player, replays[seat])


async def openable(rt: Runtime, pod_id: str, token_hash: str) -> Openable:
    return await rt.read(lambda session: list_openable(session, pod_id, token_hash))


async def opened_seat(rt: Runtime, pod_id: str, token_hash: str, seat: int) -> OpenedSeat:
    return await rt.read(lambda session: open_seat(rt, session, pod_id, token_hash, seat))
