"""Confirming or disputing a table's result, also of a game the table already left.

Why earlier games too: a table often starts its next game before anyone confirmed the
last result, which retires that game from memory (`games.next_game`); it must still be
confirmable, or it would stay pending for the season for good. A move naming an earlier
`game` of the table is checked against that game replayed from its stored log, by the
same rules (`pods.game_end`), and appended to that game's log; memory is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable

from pods.game_end import Confirm, Dispute
from pods.table_state import seed_of
from pods.tracker import TrackerError, replay_game
from pods.tracker import apply as apply_entry
from server.core.errors import ConflictError
from server.db import Session, game_repo, repo
from server.protocol.bodies import GameConfirm
from server.realtime.live import LiveGame, LivePlayer, LivePod
from server.runtime import Runtime
from server.services.commit import commit
from server.services.tables import games, round_links

Make = Callable[[int, str], Confirm | Dispute]


async def confirm(rt: Runtime, pod: LivePod, player: LivePlayer | None, table: int,
                  body: GameConfirm) -> games.Applied:
    if body.game is not None and _names_earlier(rt, pod, table, body.game):
        return await _on_earlier(rt, pod, player, table, body.game, body.ref,
                                 lambda seq, author: Confirm(seq, author, body.result_seq))
    return await games.confirm(rt, pod, player, table, body)


async def dispute(rt: Runtime, pod: LivePod, player: LivePlayer | None, table: int,
                  body: GameConfirm) -> games.Applied:
    if body.game is not None and _names_earlier(rt, pod, table, body.game):
        return await _on_earlier(rt, pod, player, table, body.game, body.ref,
                                 lambda seq, author: Dispute(seq, author, body.result_seq))
    return await games.dispute(rt, pod, player, table, body)


def _names_earlier(rt: Runtime, pod: LivePod, table: int, number: int) -> bool:
    """Game numbers at a table only grow, so an earlier number stays earlier."""
    live = round_links.holder(rt, pod, table).night.games.get(table)
    return live is not None and number < live.number


async def _on_earlier(rt: Runtime, pod: LivePod, player: LivePlayer | None, table: int,
                      number: int, ref: str | None, make: Make) -> games.Applied:
    pod = round_links.holder(rt, pod, table)
    async with pod.lock:
        games.check_may_act(pod, player, table)
        current = games.game_at(pod, table)
        earlier = await rt.read(lambda session: _stored(session, pod.id, table,
                                                        current.round, number))
        if earlier is None:
            raise ConflictError(f"table {table} played no game {number}", "game_over")
        author = player.id if player else games.HOST
        entry = make(earlier.next_seq, author)
        seq = games.already_stored(earlier, author, ref, entry)
        if seq is not None:
            return games.Applied(earlier, seq)
        try:
            game = apply_entry(earlier.game, entry)
        except TrackerError as error:
            raise games.refusal(entry, error) from error
        stored = LiveGame(id=earlier.id, table=table, number=earlier.number, game=game,
                          next_seq=earlier.next_seq + 1, winner=earlier.winner,
                          round=earlier.round)
        rescored = (games.season_facts(game, earlier.winner)
                    != games.season_facts(earlier.game, earlier.winner))

        def applied() -> games.Applied:
            if rescored:
                games.warm_season_of(rt, pod)
            return games.Applied(stored, entry.seq)

        def stage(session: Session) -> None:
            game_repo.append_entry(session, earlier.id, entry, ref)
            if rescored:
                game_repo.bump_facts(session, earlier.id)

        return await commit(rt, stage, applied, pod=pod)


def _stored(session: Session, pod_id: str, table: int, round_: int,
            number: int) -> LiveGame | None:
    """The table's earlier game `number` of this round, replayed from its log."""
    row = next((r for r in game_repo.list_games(session, pod_id)
                if r.table_number == table and r.number == number and r.round == round_
                and not r.current), None)
    stored_pod = repo.get_pod(session, pod_id)
    if row is None or stored_pod is None:
        return None
    log = game_repo.load_entries(session, [row.id])[row.id]
    refs = game_repo.load_refs(session, [row.id])[row.id]
    game = replay_game(game_repo.players_of(row), log, stored_pod.starting_life,
                       seed_of(row.id))
    return LiveGame(id=row.id, table=table, number=row.number, game=game,
                    next_seq=(log[-1].seq + 1) if log else 1, winner=row.winner_id,
                    refs=refs, round=row.round)
