"""The live pods of this process: each pod's current `DraftState`, players and lock.

Why in memory: a pick must not replay the log. The registry holds the last committed
state; a service swaps in the new state only after the database commit succeeded, so
memory never runs ahead of what a restart would rebuild.

Why a `tip` beside the state: picks are committed in groups (`server.db.writer`), so a pod
may have picks queued but not yet committed. The next pick builds on the tip (where the
queued picks lead); views, timers and restarts only ever see the committed `state`.

Why a `LivePod` is four parts: its setup never changes (frozen: the cached rules below
rest on it); its stored night is what the database holds, so a restart rebuilds it and a
process following the pod takes it whole (`server.cluster.follow`), never field by field,
and a field added to it later cannot be forgotten there; its pick pipeline and its
connections are this process's own.
"""

from __future__ import annotations

import asyncio
from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property

from draft.cards import Card, load_set
from draft.cube import Cube
from draft.packs import PackSource
from draft.state import DraftConfig, DraftState
from pods import reveal
from pods.achievements import Achievement
from pods.draft_rules import grants_partner, may_add
from pods.legality import DeckRules, SizeRule
from pods.phases import Phase
from pods.round_clock import RoundClock
from pods.split import Table
from pods.tracker import STARTING_LIFE, Game
from server.cards.card_json import CardJson, InstanceTexts
from server.core.errors import UnknownPodError
from server.core.security import token_matches
from server.realtime.decks import SubmittedDeck
from server.realtime.waiting import WaitingSeats

PLACEHOLDER = "Commander"
"""The name of a commander nobody submitted; phones show it in their language."""


@dataclass(eq=False)
class LivePlayer:
    """A seat's occupant as the server sees it (the engine only knows `id` strings)."""

    id: str
    name: str
    join_index: int
    bot: bool = False
    kicked: bool = False
    token_hash: str | None = None
    seat: int | None = None
    seat_filler: bool = False
    """A bot that took an empty seat at the start (`PlayerRow.seat_filler`)."""
    deadline: datetime | None = None
    deadline_pack: int | None = None
    deck: SubmittedDeck | None = None
    table: int | None = None


@dataclass(eq=False)
class LiveGame:
    """The current game at one table: its stored id, the totals folded from its log, and
    the winner the host recorded. Swapped in only after its log entry is committed."""

    id: str
    table: int
    number: int
    game: Game
    next_seq: int = 1
    winner: str | None = None
    refs: dict[tuple[str, str], int] = field(default_factory=dict)
    """`(author, ref) -> seq`: the taps already stored under a phone's name for them."""
    round: int = 1
    """The night's round (`server.services.tables.rounds`): 1 is the pod's own split."""
    home: str | None = None
    """A later round's game: the pod that stores it (the event's first pod). Every other
    pod of the night whose players sit at it holds the same object in its `games`."""

    @property
    def started(self) -> bool:
        """Whether anything was recorded: a tap (even one undone since) or a winner."""
        return bool(self.game.log) or self.winner is not None


@dataclass(eq=False)
class Notice:
    """Published after each change: the new version and the seats whose view changed
    (`None`: everyone). Subscribers build their own view when they send it."""

    version: int
    seats: frozenset[int] | None = None
    waiting_only: bool = False
    """A waiting seats' flush (`server.services.night.waiting_views`): no new version,
    nothing for the host or a screen, only `seats`' `waiting_on` caught up."""


@dataclass(eq=False)
class Tip:
    """Where a pod's queued, uncommitted picks lead: what the next pick builds on."""

    state: DraftState
    next_seq: int
    deadlines: dict[str, tuple[datetime | None, int | None]]
    """player id → (deadline, pack it is for), as the queued picks planned them."""
    last: asyncio.Future[None]
    """The newest queued write: resolved once every pick up to the tip is settled."""


@dataclass(eq=False)
class Pipeline:
    """A pod's pick pipeline: where its queued, uncommitted picks lead, and the generation
    that voids them all when one of them fails (`server.services.night.drafting.queue_step`)."""

    tip: Tip | None = None
    """`None` when nothing is queued: the tip is the committed state."""
    epoch: int = 0
    """Bumped when a queued pick fails: later picks queued on top of it are void."""


class PodLock:
    """The pod's lock. `async with pod.lock` is exclusive: after taking the mutex it also
    waits until the pod's queued picks are committed (or failed), so a host command works
    on a settled pod. The pick path takes only the mutex (`pipelined()`), queues its write
    and lets go, so picks of one pod share a group commit instead of waiting in line."""

    def __init__(self) -> None:
        self.mutex = asyncio.Lock()
        self.in_flight = 0
        self.settled = asyncio.Event()
        self.settled.set()

    def pipelined(self) -> asyncio.Lock:
        return self.mutex

    def queued(self) -> None:
        self.in_flight += 1
        self.settled.clear()

    def done(self) -> None:
        self.in_flight -= 1
        if self.in_flight == 0:
            self.settled.set()

    async def __aenter__(self) -> None:
        await self.mutex.acquire()
        try:
            await self.settled.wait()
        except BaseException:
            self.mutex.release()
            raise

    async def __aexit__(self, *exc: object) -> None:
        self.mutex.release()


@dataclass(frozen=True)
class TimersPaused:
    """The server did not run for a while (a sleeping laptop); the timers got it back."""

    seconds: int
    at: datetime
    """When the server noticed it (after waking)."""


@dataclass(frozen=True)
class Snapshot:
    """The database copy taken when the host ended the night, or why it failed
    (`server.services.night.snapshots`); the host view says which."""

    file: str | None
    """Where the copy went; `None` when it failed."""
    size: int
    """Its size in bytes (0 when it failed)."""
    error: str | None = None
    """Why it failed, in one line."""
    disk_full: bool = False


@dataclass(frozen=True)
class PodSetup:
    """What a pod is made with, fixed for its life: who it is, what it drafts, its house
    rules. Frozen, so nothing can change it behind the cached rules below."""

    id: str
    set_code: str
    seats: int
    seed: int
    timer_seconds: int | None
    bots_allowed: bool
    host_hash: str
    event_id: str | None = None
    """The night the pod belongs to (its host deals the seats), if any."""
    cube: Cube | None = None
    """A cube pod's card list; `None` means the set's draft boosters."""
    packs: tuple[str, ...] = ()
    """A mixed night's line-up, one set per round; empty: every round opens `set_code`."""
    starting_life: int = STARTING_LIFE
    deck_size_rule: str = SizeRule.AT_LEAST.value
    bots_between_people: bool = False
    """Seat the people between the bots when the draft starts (a pod option)."""
    created_by: str | None = None
    """The client address that made the pod (`server.services.caps` counts by it)."""


@dataclass(eq=False)
class StoredNight:
    """The pod's night as stored: what a restart rebuilds from the rows, and what a
    process following the pod (`server.cluster.follow`) takes whole from the database.
    Swapped in only after the commit that stores it (`server.services.commit`)."""

    phase: Phase = "lobby"
    paused: bool = False
    paused_at: datetime | None = None
    players: list[LivePlayer] = field(default_factory=list)
    state: DraftState | None = None
    """The committed draft state (`None` before the draft)."""
    next_seq: int = 1
    """The pick log's next sequence number."""
    tables: list[Table] | None = None
    games: dict[int, LiveGame] = field(default_factory=dict)
    """Table number → its current game (playing phase)."""
    locked: bool = False
    """The host locked the lobby (see `lifecycle.set_lobby`)."""
    join_code: str | None = None
    replay_visibility: str = reveal.DEFAULT
    """Who may replay whose draft, and from when (`pods.reveal`): the host's choice, open
    to change in the lobby."""
    achievements: tuple[Achievement, ...] = ()
    """What players may claim in this pod's games (`pods.achievements`); the host's list,
    or the event's."""
    revision: int = 0
    """The stored `pod.revision` this memory reflects (several processes: `server.cluster`)."""


@dataclass(eq=False)
class Connections:
    """What only this process knows of a pod: its view version and its sockets."""

    version: int = 1
    """Bumped by every change a phone may see; views carry it (`bump`)."""
    connected: Counter[str] = field(default_factory=Counter)
    """Player id → open sockets."""
    timers_paused: TimersPaused | None = None
    """The last sleep of the server during this draft (phones and the host get a note)."""
    disk_full: bool = False
    """The last commit failed because the laptop's disk is full (`server.db.disk`)."""
    round_clock: RoundClock | None = None
    """The night's round clock, as the night's pods show it to their phones
    (`server.services.tables.round_clock` sets it on every pod of the night)."""
    snapshot: Snapshot | None = None
    """The database snapshot taken when the host ended the night, or why it failed
    (`server.services.night.snapshots`)."""
    views: object = None
    """The views of the current version every socket of the pod shares
    (`server.views.pod.PodViews`, which this layer may not import; set and checked
    there)."""
    waiting: WaitingSeats = field(default_factory=WaitingSeats)
    """Waiting seats owed a view of whom they wait for (`server.realtime.waiting`)."""


@dataclass(eq=False)
class LivePod:
    """A pod in memory: its setup, its stored night, its pick pipeline (with the lock
    that settles it) and this process's connections to it."""

    setup: PodSetup
    night: StoredNight = field(default_factory=StoredNight)
    pipeline: Pipeline = field(default_factory=Pipeline)
    lock: PodLock = field(default_factory=PodLock)
    connections: Connections = field(default_factory=Connections)
    cards: CardJson = field(default_factory=CardJson)
    """The runtime's card JSON (`rt.cards`, shared by every pod); a pod made outside a
    runtime gets one of its own, without media."""

    @property
    def id(self) -> str:
        return self.setup.id

    @property
    def channel(self) -> str:
        return f"pod:{self.id}"

    @cached_property
    def config(self) -> DraftConfig:
        """The draft's configuration (set or line-up and seats never change after creation,
        so this and the rules below are computed once: every seat view reads them)."""
        setup = self.setup
        if setup.packs:
            return DraftConfig.for_packs(setup.packs, seats=setup.seats)
        return DraftConfig(set_code=setup.set_code, seats=setup.seats)

    def seated_bots(self, players: Sequence[LivePlayer] | None = None) -> tuple[str, ...]:
        """The ids of the bots the seating spreads the people between (none when the
        option is off): what `engine.start` and `replay` need to seat the same table."""
        if not self.setup.bots_between_people:
            return ()
        return tuple(p.id for p in (self.night.players if players is None else players)
                     if p.seat_filler)

    @cached_property
    def draft_sets(self) -> tuple[str, ...]:
        """The sets whose boosters the draft contains (none for a cube: no booster rules)."""
        return () if self.setup.cube is not None else self.config.sets

    @cached_property
    def partner_grant(self) -> bool:
        """903.13f(3): whether this draft's boosters grant partner (its card JSON's
        commander reasons depend on it)."""
        return grants_partner(self.draft_sets)

    @cached_property
    def card_texts(self) -> InstanceTexts:
        """This pod's card instances as text (`server.cards.card_json.InstanceTexts`)."""
        return InstanceTexts(self.cards, self.partner_grant)

    @cached_property
    def deck_rules(self) -> DeckRules:
        """CR 903.13 for this draft's boosters, with the pod's deck size house rule."""
        return DeckRules.for_draft(self.draft_sets, SizeRule(self.setup.deck_size_rule))

    @cached_property
    def addable_cards(self) -> tuple[Card, ...]:
        """The choose-a-color commanders players may add (CR 903.13e), one per name."""
        if self.setup.cube is not None:
            card = self.setup.cube.chosen_color_card
            return (card,) if card is not None else ()
        found: dict[str, Card] = {}
        for code in self.draft_sets:
            card = load_set(code).chosen_color_card
            if card is not None and may_add(card.name, self.draft_sets):
                found.setdefault(card.name, card)
        return tuple(found.values())

    def addable_card(self, name: str | None) -> Card | None:
        """The addable card with this name (the first one when no name is given)."""
        for card in self.addable_cards:
            if name is None or card.name.casefold() == name.strip().casefold():
                return card
        return None

    @property
    def pack_source(self) -> PackSource | None:
        """What the engine opens packs from (`None`: the set's boosters)."""
        return self.setup.cube

    @property
    def chosen_color_card(self) -> Card | None:
        """The Piper-like commander players may add (The Prismatic Piper, Faceless One)."""
        return self.addable_card(None)

    def player(self, player_id: str) -> LivePlayer:
        for player in self.night.players:
            if player.id == player_id:
                return player
        raise UnknownPodError(f"no player {player_id!r} in this pod", "unknown_player")

    def at_seat(self, seat: int) -> LivePlayer:
        for player in self.night.players:
            if player.seat == seat:
                return player
        raise UnknownPodError(f"no player at seat {seat}", "unknown_player")

    def seat_token_owner(self, token_hash: str) -> LivePlayer | None:
        """The player whose seat token hashes to `token_hash` (kicked players have none)."""
        found = None
        for player in self.night.players:
            if token_matches(token_hash, player.token_hash):
                found = player
        return found

    def is_host(self, token_hash: str) -> bool:
        return token_matches(token_hash, self.setup.host_hash)

    def deck_open(self, player: LivePlayer) -> bool:
        """Whether `player` may still submit or change a deck: while decks are built, and
        after the split until their table's first game records its first change (someone
        who was not ready when the host split must not be locked out). A later round
        plays the decks built for round 1."""
        if self.night.phase == "building":
            return True
        if self.night.phase != "playing" or player.table is None:
            return False
        live = self.night.games.get(player.table)
        return live is not None and live.round == 1 and live.number == 1 and not live.started

    def bump(self, seats: frozenset[int] | None = None) -> Notice:
        """A new version that `seats` (`None`: everyone) are told of now; those seats
        are no longer owed a later view of their `waiting_on`."""
        self.connections.version += 1
        self.connections.waiting.told(seats)
        return Notice(self.connections.version, seats)


RESTING_DONE_PODS = 32
"""How many finished pods loaded from the database a registry keeps (`Registry.rest`):
a night's pods and last week's, without a season's worth in memory."""


class Registry:
    """Pod id → live pod, for every unfinished pod (and pods ended in this process), and
    a bounded number of resting done pods: finished pods loaded from the database when
    someone asked for them after a restart (`server.services.night.done_pods`).

    Why bounded and least recently used: a long season's finished pods must not grow
    memory without bound, and the pods asked for last are the ones being corrected.
    Why a busy resting pod is not dropped: a request holding its lock, or a socket
    watching it, must not leave a copy in memory that the next load does not see."""

    def __init__(self, resting: int = RESTING_DONE_PODS) -> None:
        self._pods: dict[str, LivePod] = {}
        self._resting: OrderedDict[str, LivePod] = OrderedDict()
        self._resting_max = resting

    def add(self, pod: LivePod) -> None:
        self._resting.pop(pod.id, None)
        self._pods[pod.id] = pod

    def rest(self, pod: LivePod) -> LivePod:
        """Keep a done pod loaded from the database; returns the pod kept, which is the one
        already here when another request loaded it first (one pod in memory, not two)."""
        known = self.find(pod.id)
        if known is not None:
            return known
        self._resting[pod.id] = pod
        self._drop_idle()
        return pod

    def _drop_idle(self) -> None:
        """Forget the least recently used resting pods past the bound, skipping busy ones."""
        excess = len(self._resting) - self._resting_max
        for pod_id, pod in list(self._resting.items()):
            if excess <= 0:
                return
            if not pod.lock.mutex.locked() and not pod.connections.connected:
                del self._resting[pod_id]
                excess -= 1

    def get(self, pod_id: str) -> LivePod:
        pod = self.find(pod_id)
        if pod is None:
            raise UnknownPodError(f"there is no pod {pod_id!r}")
        return pod

    def find(self, pod_id: str) -> LivePod | None:
        pod = self._pods.get(pod_id)
        if pod is None and (pod := self._resting.get(pod_id)) is not None:
            self._resting.move_to_end(pod_id)
        return pod

    def all(self) -> list[LivePod]:
        return [*self._pods.values(), *self._resting.values()]

    def discard(self, pod_id: str) -> None:
        """Forget a pod that ended with nothing in it (an expired empty lobby)."""
        self._pods.pop(pod_id, None)
        self._resting.pop(pod_id, None)

    def __len__(self) -> int:
        return len(self._pods) + len(self._resting)
