"""Rebuild every unfinished pod after a start: rows → live pods, pick log → replay.

Why replay: the pick log is the truth. The state a restarted server holds is exactly the
state after the last committed pick, so nothing acknowledged is lost and nothing else is
invented.

Why one pod's failure is not the server's: a pod whose stored rows no longer rebuild (a
hand-edited database, card data changed under an old seed) is set aside, logged with the
reason and listed on the start page as "could not be restored"; every other pod starts.
Its rows stay as they are, for whoever investigates.
"""

from __future__ import annotations

import json
import logging

from draft.replay import replay
from pods import achievements
from pods.phases import as_phase
from server.db import repo
from server.db.tables import PlayerRow, PodRow
from server.realtime.live import Connections, LivePod, StoredNight
from server.runtime import Runtime, Unrestored
from server.services.night import rows
from server.services.night.timer_gaps import resume_after_restart
from server.services.tables import round_links
from server.services.tables.games import restore_games

logger = logging.getLogger(__name__)


def load_pod(rt: Runtime, row: PodRow, players: list[PlayerRow],
             log: list[repo.PickRecord]) -> LivePod:
    setup = rows.pod_setup(row)
    night = StoredNight(
        phase=as_phase(row.phase), paused=row.paused, paused_at=repo.as_utc(row.paused_at),
        players=[rows.live_player(p) for p in players],
        next_seq=(log[-1][0] + 1) if log else 1,
        tables=rows.tables_of(row.tables_json),
        locked=row.locked, join_code=row.join_code, revision=row.revision,
        replay_visibility=row.replay_visibility,
        achievements=achievements.from_json(
            json.loads(row.achievements_json) if row.achievements_json else None),
    )
    # Each stored pick batch bumped the version at least once: this stays ahead.
    pod = LivePod(setup=setup, night=night, cards=rt.cards,
                  connections=Connections(version=row.version + len(log) + 1))
    if row.phase != "lobby":
        night.state = replay(pod.config, setup.seed, [p.id for p in night.players],
                             [(seat, cards) for _seq, seat, cards, _bot in log],
                             pod.pack_source, pod.seated_bots())
        seat_players(pod)
    return pod


def seat_players(pod: LivePod) -> None:
    """Each player's seat and the pack their stored deadline is for, from the state."""
    assert pod.night.state is not None
    seat_of = {seat.player: seat.index for seat in pod.night.state.seats}
    for player in pod.night.players:
        player.seat = seat_of[player.id]
        queue = pod.night.state.seats[player.seat].queue
        player.deadline_pack = queue[0] if queue and player.deadline else None


def give_back_time_left(rt: Runtime, pod: LivePod, row: PodRow) -> None:
    """Each running seat gets the time it had left when the server went down (in memory;
    the app stores it before it serves, `timer_gaps.store_time_left`)."""
    resume_after_restart(pod, pod.night.players, repo.as_utc(row.timers_saved_at), rt.now())


def restore_pods(rt: Runtime) -> list[LivePod]:
    """Load every pod not `done` into the registry; returns them. A pod that does not
    rebuild goes to `rt.unrestored` instead (see the module docstring)."""
    restored = []
    with rt.session() as session:
        for row in repo.list_unfinished_pods(session):
            try:
                players = repo.list_players(session, row.id)
                log = repo.load_pick_log(session, row.id)
                pod = load_pod(rt, row, players, log)
                # Game taps do not bump the stored version: stay ahead of what phones saw.
                pod.connections.version += restore_games(session, pod)
                if rt.mode.keeps_time_left:  # several processes: the others' timers ran
                    give_back_time_left(rt, pod, row)
            except Exception as error:  # any fault of one pod's rows: set it aside
                session.rollback()
                reason = f"{type(error).__name__}: {error}".splitlines()[0]
                logger.error("pod %s could not be restored and is set aside: %s",
                             row.id, reason)
                rt.unrestored.append(Unrestored(row.id, row.set_code, reason))
                continue
            rt.registry.add(pod)
            restored.append(pod)
    for event_id in {pod.setup.event_id for pod in restored if pod.setup.event_id}:
        round_links.relink(rt, event_id)  # later rounds' games, borrowed from the home pod
    rt.restored = True
    return restored
