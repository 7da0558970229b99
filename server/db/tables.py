"""The stored form of a pod: its configuration, its players and the append-only pick log.

Why so little: the draft state is never stored. Replaying the pick log from the seed with
the pure engine rebuilds it exactly, so a pick is one small INSERT and nothing else.
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from sqlmodel import Field, SQLModel


def utcnow() -> datetime:
    return datetime.now(UTC)


class PodBase(SQLModel):
    set_code: str = Field(max_length=8)
    seats: int
    pick_timer_seconds: int | None = None
    bots_allowed: bool = True
    cube_json: str | None = None
    """A cube pod's resolved card list (`Cube.to_json()`); `None` for a set's boosters."""
    packs: str | None = Field(default=None, max_length=64)
    """A mixed night's line-up, one set per round (`CMM,CLB,CLB`); `None`: `set_code` only."""
    starting_life: int = Field(default=40, sa_column_kwargs={"server_default": "40"})
    """House rule: the life every player starts each game with (40; 30 for short nights)."""
    deck_size_rule: str = Field(default="at-least", max_length=16,
                                sa_column_kwargs={"server_default": "at-least"})
    """House rule: `at-least` 60 cards (CR 903.13f) or `exact`ly 60."""
    replay_visibility: str = Field(default="after_night", max_length=16,
                                   sa_column_kwargs={"server_default": "after_night"})
    """Who may replay whose draft, and from when (`pods.reveal`): the host's choice."""


class PodRow(PodBase, table=True):
    """One draft night table: configuration, seed, phase and the host's token hash."""

    __tablename__ = "pod"

    id: str = Field(primary_key=True, max_length=32)
    seed: int = Field(sa_type=sa.BigInteger)
    host_token_hash: str = Field(max_length=64)
    phase: str = Field(default="lobby", max_length=16, index=True)
    paused: bool = False
    paused_at: datetime | None = Field(default=None, sa_type=sa.DateTime(timezone=True))
    timers_saved_at: datetime | None = Field(default=None, sa_type=sa.DateTime(timezone=True))
    """When the server last stored that its pick timers ran: each seat's time left is
    `player.deadline_at` minus this, which a restart gives back
    (`server.services.night.timer_gaps`)."""
    version: int = 0
    revision: int = Field(default=0, sa_type=sa.BigInteger,
                          sa_column_kwargs={"server_default": "0"})
    """Bumped by every committed change of the pod when several processes share the
    database (`server.cluster`): a process writes only at the revision its memory holds."""
    tables_json: str | None = None
    """The host's table split (playing phase), as JSON: `[{"number", "players"}]`."""
    achievements_json: str | None = None
    """The achievements players may claim in this pod's games, as JSON:
    `[{"name", "points"}]` (`pods.achievements`); an event's pods get the event's list."""
    bots_between_people: bool = Field(default=False,
                                      sa_column_kwargs={"server_default": sa.false()})
    """The people were seated between the bots (`draft.engine.seat_players`); a pod stored
    before the option (false) replays its plain seeded shuffle."""
    locked: bool = False
    """The host locked the lobby: nobody new may join."""
    join_code: str | None = Field(default=None, max_length=8)
    """The short code joining phones must type, when the host asked for one."""
    event_id: str | None = Field(default=None, foreign_key="event.id", index=True,
                                 max_length=32)
    """The night this pod belongs to, when the host formed it from an event."""
    created_by: str | None = Field(default=None, max_length=64)
    """The client address that created the pod (or formed it from a night): the per-address
    cap counts by it (`server.services.caps`); `None` for pods stored before it."""
    created_at: datetime = Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True))
    updated_at: datetime = Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True))


class PlayerBase(SQLModel):
    name: str = Field(max_length=32)
    bot: bool = False


class PlayerRow(PlayerBase, table=True):
    """A seat's occupant. `join_index` is the order given to the seeded seating shuffle."""

    __tablename__ = "player"
    __table_args__ = (sa.UniqueConstraint("pod_id", "join_index"),)

    id: str = Field(primary_key=True, max_length=32)
    pod_id: str = Field(foreign_key="pod.id", index=True, max_length=32)
    join_index: int
    seat: int | None = None
    kicked: bool = False
    seat_filler: bool = False
    """A bot that took an empty seat when the draft started. Unlike `bot` it never changes
    (a seat handed to a bot, or a kicked player, is a bot too): the seating that spread the
    people between the bots is replayed from these."""
    token_hash: str | None = Field(default=None, max_length=64)
    deadline_at: datetime | None = Field(default=None, sa_type=sa.DateTime(timezone=True))
    deck_json: str | None = None
    """The last submitted deck and its legality report, as JSON (building phase)."""
    table_number: int | None = None
    created_at: datetime = Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True))


class PickRow(SQLModel, table=True):
    """One accepted pick; `seq` orders a pod's log. `cards` is compact JSON, e.g. `[4,17]`."""

    __tablename__ = "pick"
    __table_args__ = (sa.UniqueConstraint("pod_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    pod_id: str = Field(foreign_key="pod.id", max_length=32)
    seq: int
    seat: int
    cards: str = Field(max_length=64)
    by_bot: bool = False
    created_at: datetime = Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True))


class CardRow(SQLModel, table=True):
    """One imported printing: `set`/`number` as printed, `facts` is `Card.to_json()`."""

    __tablename__ = "card"

    set: str = Field(primary_key=True, max_length=16)
    number: str = Field(primary_key=True, max_length=16)
    name: str = Field(max_length=200, index=True)
    facts: str
    rules_text: str | None = None
    imported_at: datetime = Field(sa_type=sa.DateTime(timezone=True))


class GameRow(SQLModel, table=True):
    """One game at one table of a pod: who plays with which commanders, and who won.

    `players_json` is fixed when the game starts (`[{"id", "name", "commanders"}]`), so
    replaying the log never depends on a deck edited later. `current` is false once the
    host re-split the tables, started the next game at that table or the next round.
    """

    __tablename__ = "game"

    id: str = Field(primary_key=True, max_length=32)
    pod_id: str = Field(foreign_key="pod.id", index=True, max_length=32)
    table_number: int
    number: int = 1
    players_json: str
    current: bool = True
    winner_id: str | None = Field(default=None, max_length=32)
    needs_confirmation: bool = Field(default=True,
                                     sa_column_kwargs={"server_default": sa.false()})
    """The result counts for a season only once confirmed (`pods.game_end.Ending.counts`);
    false for the games stored before confirmations counted (migration 0018)."""
    facts_version: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    """Moves only when what a season's standings read of the game changes (its result, whether
    it counts, whether it is disputed: `tables.games.season_facts`), in the same commit as
    the entry that changed it. Why not the log's length: most entries are life taps, and a
    season's version built from them made every tap recompute the standings (migration 0020)."""
    round: int = Field(default=1, sa_column_kwargs={"server_default": "1"})
    """The night's round: 1 is the pod's own split; a later round's game may seat players
    of several pods of the event and is stored in the event's first pod
    (`server.services.tables.rounds`)."""
    created_at: datetime = Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True))


class GameEntryRow(SQLModel, table=True):
    """One tap at the table (`kind` life/commander_damage/commander_cast) or an undo.

    Append-only, like picks: the totals are a fold over a game's entries in `seq` order.
    `ref` is the phone's name for the tap: one author's tap with a given `ref` is stored
    once per game, so a resend after a lost reply cannot apply it twice.
    """

    __tablename__ = "game_entry"
    __table_args__ = (
        sa.UniqueConstraint("game_id", "seq"),
        sa.Index("ix_game_entry_game_id_author_ref", "game_id", "author", "ref", unique=True),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", max_length=32)
    seq: int
    author: str = Field(max_length=32)
    kind: str = Field(max_length=24)
    target: str | None = Field(default=None, max_length=32)
    delta: int = 0
    source_owner: str | None = Field(default=None, max_length=32)
    source_index: int | None = None
    undoes: int | None = None
    ref: str | None = Field(default=None, max_length=64)
    detail: str | None = None
    """What an end-of-game entry carries beyond the tap columns, as JSON (the host's
    placings, the achievement claimed, the entry confirmed): `server.db.game_repo`."""
    created_at: datetime = Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True))


class EventRow(SQLModel, table=True):
    """A night bigger than one pod: players join it, then the host deals them into pods."""

    __tablename__ = "event"

    id: str = Field(primary_key=True, max_length=32)
    set_code: str = Field(max_length=8)
    seed: int = Field(sa_type=sa.BigInteger)
    pick_timer_seconds: int | None = None
    host_token_hash: str = Field(max_length=64)
    phase: str = Field(default="open", max_length=16)
    packs: str | None = Field(default=None, max_length=64)
    """The line-up every pod of the night drafts (`CMM,CLB,CLB`); `None`: `set_code` only."""
    starting_life: int = Field(default=40, sa_column_kwargs={"server_default": "40"})
    deck_size_rule: str = Field(default="at-least", max_length=16,
                                sa_column_kwargs={"server_default": "at-least"})
    replay_visibility: str = Field(default="after_night", max_length=16,
                                   sa_column_kwargs={"server_default": "after_night"})
    """The reveal every pod of the night starts with (`pods.reveal`)."""
    season_id: str | None = Field(default=None, foreign_key="season.id", index=True,
                                  max_length=32)
    """The season this night counts for, when its host opened it with the season's token."""
    screen_token_hash: str | None = Field(default=None, max_length=64, index=True, unique=True)
    """The store's screen link's token, hashed (`server.services.events.screen_tokens`); `None`
    for a night stored before the screen existed, until its host next opens the night."""
    achievements_json: str | None = None
    """The achievements of the night (`pods.achievements`), copied to its pods."""
    locked: bool = False
    """The host locked the night's lobby: nobody new may join (as `PodRow.locked`)."""
    join_code: str | None = Field(default=None, max_length=8)
    """The short code joining phones must type, when the host asked for one."""
    created_by: str | None = Field(default=None, max_length=64)
    """The client address that opened the night (the per-address cap counts by it)."""
    created_at: datetime = Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True))
    changed_at: datetime | None = Field(default=None, sa_type=sa.DateTime(timezone=True))
    """The night's last change (a join, a removal, its lobby guard): an open night with
    none for `night_expiry_seconds` ends (`server.services.expiry`); `None`: `created_at`."""
    clock_saved_at: datetime | None = Field(default=None, sa_type=sa.DateTime(timezone=True))
    """When the night's running round clock was last stored as running: a restart gives it
    what it had left then (`pods.round_clock.RoundClock.restored`)."""


class EventPlayerRow(SQLModel, table=True):
    """Someone who joined the night. Their token becomes their seat token in their pod."""

    __tablename__ = "event_player"
    __table_args__ = (sa.UniqueConstraint("event_id", "join_index"),)

    id: str = Field(primary_key=True, max_length=32)
    event_id: str = Field(foreign_key="event.id", index=True, max_length=32)
    name: str = Field(max_length=32)
    join_index: int
    token_hash: str = Field(max_length=64)
    pod_id: str | None = Field(default=None, foreign_key="pod.id", max_length=32)
    created_at: datetime = Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True))


class SeasonRow(SQLModel, table=True):
    """A store's named series of nights, scored by one scheme (`pods.season.scoring`)."""

    __tablename__ = "season"

    id: str = Field(primary_key=True, max_length=32)
    name: str = Field(max_length=64)
    scoring: str = Field(max_length=16)
    points_json: str
    """The scheme's points by outcome or place, as JSON (`{"win": 5, "draw": 1, "loss": 0}`)."""
    achievements_json: str = "[]"
    """The achievements the host defined, as JSON: `[{"name", "points"}]`."""
    host_token_hash: str = Field(max_length=64)
    created_at: datetime = Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True))
    version: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    """Bumped by every edit of the season's own rows (a rename, a merge): with
    `games_version` it keys the cached standings (`server.services.season_reads`)."""
    made_on_laptop: bool = Field(default=False, sa_column_kwargs={"server_default": sa.true()})
    """Whether the season was made on the laptop (or imported, which only the laptop may):
    only such a season's host token opens the host's reserve of nights and pods
    (`server.services.caps`). Anyone may make a season, so a token of a season made on a
    stranger's phone is a stranger's. Seasons stored before migration 0022 count as made
    on the laptop: they were made before strangers could be told apart."""
    games_version: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    """Bumped by the database's triggers (migration 0021) whenever one of its nights' games
    is added, deleted or moved, or its winner or facts version (`GameRow.facts_version`)
    changes, and whenever a night joins or leaves the season: the season's version is one
    row's read, not a sum over its games."""


class SeasonPlayerRow(SQLModel, table=True):
    """A season's identity once the host renamed or merged it, or a file imported it.

    Players nobody renamed need no row: the season matches their nights' names by
    skeleton (`server.services.seasons.season_names`)."""

    __tablename__ = "season_player"

    id: str = Field(primary_key=True, max_length=32)
    season_id: str = Field(foreign_key="season.id", index=True, max_length=32)
    name: str = Field(max_length=32)
    created_at: datetime = Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True))


class SeasonAliasRow(SQLModel, table=True):
    """A name (by its skeleton, `pods.player_names.skeleton`) that means a season player:
    the player's own name, its names before a rename, the names merged into it."""

    __tablename__ = "season_alias"

    season_id: str = Field(foreign_key="season.id", primary_key=True, max_length=32)
    skeleton: str = Field(primary_key=True, max_length=160)
    player_id: str = Field(foreign_key="season_player.id", index=True, max_length=32)
    name: str = Field(max_length=32)
    """The name as first seen with this skeleton (what the host page lists)."""


class SeasonNightRow(SQLModel, table=True):
    """A night imported from another install's export: it has no pods, only results."""

    __tablename__ = "season_night"

    id: str = Field(primary_key=True, max_length=32)
    season_id: str = Field(foreign_key="season.id", index=True, max_length=32)
    number: int
    """The night's place in the file's order (nights are listed by it)."""
    held_at: datetime = Field(sa_type=sa.DateTime(timezone=True))


class SeasonResultRow(SQLModel, table=True):
    """One game of an imported night: `result_json` holds its placings, draw and awards,
    players named by their season names (`server.services.seasons.season_files`)."""

    __tablename__ = "season_result"
    __table_args__ = (sa.UniqueConstraint("night_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    night_id: str = Field(foreign_key="season_night.id", index=True, max_length=32)
    seq: int
    result_json: str


class RoundClockEntryRow(SQLModel, table=True):
    """One change of a night's round clock (start, pause, resume, add, end, rule, restored),
    with the clock as it stood after it (`pods.round_clock.RoundClock`).

    Append-only, like picks and taps: the clock now is the night's last entry, and the
    entries are what the host did to each round's clock, in `seq` order.
    """

    __tablename__ = "round_clock_entry"
    __table_args__ = (sa.UniqueConstraint("event_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: str = Field(foreign_key="event.id", index=True, max_length=32)
    seq: int
    action: str = Field(max_length=16)
    round: int
    length_seconds: int
    left_seconds: float
    since: datetime = Field(sa_type=sa.DateTime(timezone=True))
    running: bool
    ended: bool = False
    rule: str = Field(max_length=16)
    created_at: datetime = Field(default_factory=utcnow, sa_type=sa.DateTime(timezone=True))


class SeasonStatPodRow(SQLModel, table=True):
    """A finished pod's part of its season's statistics (`server.services.season_stats.
    stored`): its cards' draft counts and its seats' decks, as JSON.

    Why stored: a finished pod's part never changes, and computing it replays the pod's
    whole draft. Kept only in memory, every server start paid seconds for a long season on
    its first read; stored, a cold read sums the parts. `format` is the encoding's version:
    a row of another format is computed again and rewritten."""

    __tablename__ = "season_stat_pod"

    pod_id: str = Field(foreign_key="pod.id", primary_key=True, max_length=32)
    format: int
    body: str
