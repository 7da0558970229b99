"""The one mapping between the stored rows and the live model: a pod's `PodRow` and its
`PodSetup`, a `PlayerRow` and its `LivePlayer`, the line-up's `packs` field and the split's
`tables_json`.

Why one module: a pod is made alone (`lifecycle`), formed from a night (`events`), rebuilt
after a start (`restore`) and followed from another process (`server.cluster.follow`);
a field added to the setup or the row is mapped here once, and none of them forgets it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from draft.cube import Cube
from pods.split import Table
from server.db import repo
from server.db.tables import PlayerRow, PodRow
from server.realtime.decks import deck_from_row
from server.realtime.live import LivePlayer, LivePod, PodSetup


def packs_field(packs: Sequence[str]) -> str | None:
    """A line-up as the `packs` column stores it (`CMM,CLB,CLB`); `None` for none."""
    return ",".join(packs) or None


def packs_of(field: str | None) -> tuple[str, ...]:
    """The line-up a `packs` column holds; empty: every round opens the pod's set."""
    return tuple(field.split(",")) if field else ()


def tables_field(tables: Sequence[Table]) -> str:
    """A split as the `tables_json` column stores it: each table's number and players."""
    return json.dumps([{"number": t.number, "players": list(t.players)} for t in tables])


def tables_of(field: str | None) -> list[Table] | None:
    """The split a `tables_json` column holds; `None` before the first split."""
    if not field:
        return None
    return [Table(number=int(t["number"]), players=tuple(t["players"]))
            for t in json.loads(field)]


def pod_setup(row: PodRow) -> PodSetup:
    """What a stored pod was made with."""
    return PodSetup(
        id=row.id, set_code=row.set_code, seats=row.seats, seed=row.seed,
        timer_seconds=row.pick_timer_seconds, bots_allowed=row.bots_allowed,
        host_hash=row.host_token_hash, event_id=row.event_id,
        cube=Cube.from_json(json.loads(row.cube_json)) if row.cube_json else None,
        packs=packs_of(row.packs), starting_life=row.starting_life,
        deck_size_rule=row.deck_size_rule, bots_between_people=row.bots_between_people,
        created_by=row.created_by,
    )


def pod_row(pod: LivePod, achievements_json: str | None = None,
            created_at: datetime | None = None) -> PodRow:
    """A new pod's row: its setup, version and reveal rule (a pod is stored in the lobby,
    before anyone joins). `achievements_json` is a night's list as the night stored it."""
    setup = pod.setup
    row = PodRow(
        id=setup.id, set_code=setup.set_code, seats=setup.seats, seed=setup.seed,
        pick_timer_seconds=setup.timer_seconds, bots_allowed=setup.bots_allowed,
        host_token_hash=setup.host_hash, event_id=setup.event_id, version=pod.connections.version,
        cube_json=(json.dumps(setup.cube.to_json(), ensure_ascii=False)
                   if setup.cube is not None else None),
        packs=packs_field(setup.packs), starting_life=setup.starting_life,
        deck_size_rule=setup.deck_size_rule, bots_between_people=setup.bots_between_people,
        replay_visibility=pod.night.replay_visibility, achievements_json=achievements_json,
        created_by=setup.created_by,
    )
    if created_at is not None:
        row.created_at = created_at
    return row


def live_player(row: PlayerRow) -> LivePlayer:
    """A stored player as the live pod holds them (the seat comes from the replayed state,
    `restore.seat_players`)."""
    return LivePlayer(
        id=row.id, name=row.name, join_index=row.join_index, bot=row.bot, kicked=row.kicked,
        seat_filler=row.seat_filler,
        token_hash=row.token_hash, seat=row.seat, deadline=repo.as_utc(row.deadline_at),
        deck=deck_from_row(row.deck_json) if row.deck_json else None, table=row.table_number,
    )


def new_player_row(pod_id: str, player: LivePlayer, seat: int | None = None) -> PlayerRow:
    """A player who joins (or a bot who fills a seat) as first stored: no deck, no table,
    no deadline yet; a bot's seat is the one the start drew for it."""
    return PlayerRow(id=player.id, pod_id=pod_id, name=player.name,
                     join_index=player.join_index, bot=player.bot,
                     seat_filler=player.seat_filler, token_hash=player.token_hash, seat=seat)
