"""What each role may see, as plain JSON-ready dicts (the protocol's seat and host views;
their shapes are `server.protocol.shapes`).

Why built here from the engine's `view_for`: the engine already guarantees a seat's view
holds only its own pack and pool; this module adds names, connection flags and timers, and
the host view carries counts and names but never card contents, nor the seed that would
rebuild them (`server.protocol.shapes.host`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from draft.engine import passed_from, seats_to_act, view_for
from draft.state import CardInstance
from pods import reveal
from pods.commander_choices import commander_choices
from pods.draft_rules import grants_partner
from server.cards.card_json import dumps as dumps  # re-exported: the sockets encode with it
from server.i18n.catalogs import DEFAULT_LANGUAGE
from server.protocol.shapes.cards import CardView
from server.protocol.shapes.game import GameView
from server.protocol.shapes.host import HostPlayer, HostView, SnapshotNote
from server.protocol.shapes.pod import (
    LineUp,
    PodSummary,
    Setup,
    Table,
    TimersPausedNote,
    table_json,
)
from server.protocol.shapes.seat import (
    CommanderChoices,
    Me,
    PlayerLine,
    PodHead,
    SeatHead,
    SeatPart,
    SeatView,
    WaitingOn,
)
from server.realtime.live import LivePlayer, LivePod
from server.realtime.readiness import games_in_play, without_legal_deck
from server.views.decks import deck_json
from server.views.game import game_view
from server.views.moments import iso as iso  # re-exported: the screen's views spell moments with it
from server.views.round_clock import clock_json, shown_in

SPLIT_PHASES = ("building", "playing")
Cards = Sequence[CardInstance]

if TYPE_CHECKING:
    from server.runtime import Runtime


def card_json(pod: LivePod, instance: CardInstance) -> CardView:
    """One card instance as the phone draws it (built once per printing for the whole
    runtime: card facts never change, see `server.cards.card_json`)."""
    return pod.cards.data(instance, pod.partner_grant)


def _players(pod: LivePod) -> list[PlayerLine]:
    ordered = sorted(pod.night.players, key=lambda p: (p.seat is None, p.seat, p.join_index))
    return [
        {"seat": p.seat, "name": p.name, "bot": p.bot,
         "connected": pod.connections.connected[p.id] > 0}
        for p in ordered
    ]


def _shared_players(pod: LivePod, views: PodViews | None) -> list[PlayerLine]:
    if views is None:
        return _players(pod)
    if views.players is None:
        views.players = _players(pod)
    return views.players


def seat_view(pod: LivePod, player: LivePlayer,
              language: str = DEFAULT_LANGUAGE) -> SeatView:
    """The seat view of protocol.md for `player` (lobby, drafting and after); its deck
    report's sentences in `language`."""
    view, pack, pool = _seat_view(pod, player, language)
    return SeatView(**view, pack=None if pack is None else [card_json(pod, c) for c in pack],
                    pool=[card_json(pod, c) for c in pool])


@dataclass
class PoolSent:
    """What one socket has already sent of its seat's pool, so an update can carry only
    the cards added since (a pool only grows, and it is most of a view's bytes)."""

    count: int | None = None  # None: no view sent yet on this socket
    last_id: int | None = None

    def precedes(self, pool: Sequence[CardInstance]) -> bool:
        """Whether `pool` is what was sent plus cards appended after it."""
        if self.count is None:
            return False
        if self.count == 0:
            return True
        return len(pool) >= self.count and pool[self.count - 1].id == self.last_id

    def record(self, pool: Sequence[CardInstance]) -> None:
        self.count = len(pool)
        self.last_id = pool[-1].id if pool else None


@dataclass(frozen=True)
class SeatText:
    """One seat's view at one version, encoded: its head and pack as JSON text, its pool
    as card instances (each socket sends the part of it that socket has not sent)."""

    version: int
    head: str  # the view without its pack and pool, and without the closing brace
    pack: str
    pool: Cards


@dataclass
class PodViews:
    """What the views of one pod version share, built once for that version: the player
    lines every seat shows, and each seat's encoded view (a phone's socket, a second tab
    of it, and the HTTP answer to its pick all reuse it). Every change a phone may see
    bumps `pod.connections.version` (`LivePod.bump`), so a version's views never go stale; new
    rules text or images (a card download) change the cards' `generation` instead."""

    version: int
    cards: int
    players: list[PlayerLine] | None = None
    head: str | None = None
    """The shared part of every seat's view (`_pod_head_text`), once encoded."""
    seats: dict[tuple[str, str], SeatText] = field(default_factory=dict)
    """By (player id, language): a seat's deck report is said in its reader's language."""


def pod_views(pod: LivePod) -> PodViews:
    """This pod's shared views at its current version and card media (older ones are
    dropped). Kept on the pod itself (`Connections.views`), not in a module's weak
    dictionary: the runtime owns them with the pod, and a weak dictionary's lookup and
    store were a measurable share of a table-pace pick (docs/performance.md)."""
    views = pod.connections.views
    if not isinstance(views, PodViews) or (views.version, views.cards) != (
            pod.connections.version, pod.cards.generation):
        views = pod.connections.views = PodViews(pod.connections.version, pod.cards.generation)
    return views


def seat_text(pod: LivePod, player: LivePlayer,
              language: str = DEFAULT_LANGUAGE) -> SeatText:
    """The seat's encoded view at the pod's current version (built on first use)."""
    views = pod_views(pod)
    text = views.seats.get((player.id, language))
    if text is None:
        part, pack, pool = _seat_part(pod, player, language)
        pack_text = ("null" if pack is None
                     else "[" + pod.card_texts.joined(pack) + "]")
        head = "{" + _pod_head_text(pod, views) + "," + dumps(part)[1:-1]
        text = views.seats[(player.id, language)] = SeatText(views.version, head, pack_text,
                                                             pool)
    return text


def seat_view_text(pod: LivePod, player: LivePlayer, sent: PoolSent | None = None,
                   language: str = DEFAULT_LANGUAGE) -> tuple[int, str]:
    """(version, the seat view as JSON text): the head and pack come from this version's
    shared views (`seat_text`), the cards from the card text cache, so neither a 60-card
    pool nor the head is re-encoded for every socket and update.

    With `sent` (a socket's record of the pool it already sent) the view carries only the
    new cards as `pool_added` in place of `pool`, when the pool grew from what was sent;
    `pool_count` is always there, so a phone can tell that its merged pool is whole."""
    text = seat_text(pod, player, language)
    head, pack_text, pool = text.head, text.pack, text.pool
    if sent is not None and sent.precedes(pool):
        pool_key, cards = "pool_added", pool[sent.count or 0:]
    else:
        pool_key, cards = "pool", pool
    if sent is not None:
        sent.record(pool)
    pool_text = pod.card_texts.joined(cards)
    return text.version, f'{head},"pack":{pack_text},"{pool_key}":[{pool_text}]}}'


def line_up(pod: LivePod) -> LineUp:
    """Which set each round opens, the one the current round opens, and the house rules:
    public at the table, so every phone and the host screen show them. All but the
    round's set is fixed when the pod is created, so it is built once per pod."""
    current = pod.night.state.round if pod.night.state is not None else 1
    return {**_setup(pod), "round_set": pod.config.set_for_round(current),
            "replay_visibility": pod.night.replay_visibility}


_SETUPS: WeakKeyDictionary[LivePod, Setup] = WeakKeyDictionary()


def _setup(pod: LivePod) -> Setup:
    setup = _SETUPS.get(pod)
    if setup is None:
        setup = _SETUPS[pod] = {
            "set": pod.setup.set_code,
            "line_up": list(pod.config.round_sets),
            "house_rules": {"starting_life": pod.setup.starting_life,
                            "deck_size": pod.setup.deck_size_rule,
                            "deck_cards": pod.deck_rules.size},
            "addable_commanders": [card.name for card in pod.addable_cards],
        }
    return setup


def timers_paused(pod: LivePod) -> TimersPausedNote | None:
    note = pod.connections.timers_paused
    if note is None or pod.night.phase != "drafting":
        return None
    return {"seconds": note.seconds, "at": iso(note.at) or ""}


def snapshot_note(pod: LivePod) -> SnapshotNote | None:
    """The night's snapshot (`pod.connections.snapshot`) as the host view shows it."""
    snap = pod.connections.snapshot
    if snap is None:
        return None
    return {"file": snap.file, "bytes": snap.size, "error": snap.error,
            "disk_full": snap.disk_full}


def _pod_head(pod: LivePod, views: PodViews | None = None) -> PodHead:
    """The part of the seat view every seat of the pod shares at this version (with
    `views`, the player lines come from there)."""
    up = line_up(pod)  # spelled out: mypy cannot check a ** beside the other keys
    return {
        "pod_id": pod.id,
        "version": pod.connections.version,
        "phase": pod.night.phase,
        "paused": pod.night.paused,
        "timers_paused": timers_paused(pod),
        "disk_full": pod.connections.disk_full,
        "set": up["set"],
        "line_up": up["line_up"],
        "house_rules": up["house_rules"],
        "addable_commanders": up["addable_commanders"],
        "round_set": up["round_set"],
        "replay_visibility": up["replay_visibility"],
        "players": _shared_players(pod, views),
        "rounds": pod.config.rounds,
        "timer_seconds": pod.setup.timer_seconds,
        "round_clock": clock_json(shown_in(pod.connections.round_clock, pod.night.phase), None),
    }


def _pod_head_text(pod: LivePod, views: PodViews) -> str:
    """`_pod_head` as JSON text without its braces, encoded once per version and spliced
    into every seat's view of it (a pick changes ~4 seats' views; each re-encoded the
    line-up, the house rules and the player lines before, #45)."""
    if views.head is None:
        views.head = dumps(_pod_head(pod, views))[1:-1]
    return views.head


def _seat_part(pod: LivePod, player: LivePlayer,
               language: str) -> tuple[SeatPart, Cards | None, Cards]:
    """The seat's own part of its view, and its pack and pool as card instances."""
    me: Me = {"player_id": player.id, "name": player.name, "seat": player.seat}
    deck = None if player.deck is None else deck_json(player.deck, language)
    deck_open = pod.deck_open(player)
    state = pod.night.state
    if state is None or player.seat is None:
        return {"me": me, "round": 0, "pick": 1, "pick_in_round": 1, "direction": "left",
                "pack_id": None, "picks_needed": 0, "packs_waiting": 0,
                "packs_from_people": 0, "waiting_on": None, "pool_count": 0,
                "deadline": None, "deck": deck, "deck_open": deck_open,
                "table": _table_of(pod, player), "game": _game_of(pod, player)}, None, ()
    seen = view_for(state, player.seat)
    waiting: WaitingOn | None = None
    if seen.waiting_on is not None:
        waiting = {"seat": seen.waiting_on, "name": pod.at_seat(seen.waiting_on).name}
    part: SeatPart = {
        "me": me,
        "round": seen.round,
        "pick": seen.pick,
        "pick_in_round": seen.pick_in_round,
        "direction": seen.direction,
        "pack_id": seen.pack_id,
        "picks_needed": seen.picks_needed,
        "packs_waiting": seen.packs_waiting,
        # Bots pass at once, so a queue from a bot is no one waiting on this phone.
        "packs_from_people": 0 if pod.at_seat(passed_from(state, player.seat)).bot
        else seen.packs_waiting,
        "waiting_on": waiting,
        "pool_count": len(seen.pool),
        "deadline": None if pod.night.paused or player.bot else iso(player.deadline),
        "deck": deck,
        "deck_open": deck_open,
        "table": _table_of(pod, player),
        "game": _game_of(pod, player),
    }
    if deck_open:
        part["commander_choices"] = choices_json(pod, seen.pool)
    return part, seen.pack, seen.pool


def _seat_view(pod: LivePod, player: LivePlayer, language: str,
               views: PodViews | None = None) -> tuple[SeatHead, Cards | None, Cards]:
    """The seat view without its pack and pool, and those as card instances (the callers
    encode them). With `views`, the parts every seat shares come from there."""
    part, pack, pool = _seat_part(pod, player, language)
    view: SeatHead = {**_pod_head(pod, views), **part}
    return view, pack, pool


def choices_json(pod: LivePod, pool: Sequence[CardInstance]) -> CommanderChoices:
    """The builder's "Your commanders": candidates and legal pairs (with the rule) of the
    pool, under the grants of the boosters this draft contained."""
    choices = commander_choices([(i.id, i.card) for i in pool], grants_partner(pod.draft_sets))
    return {"eligible": list(choices.eligible),
            "pairs": [{"cards": [p.first, p.second], "rule": p.rule.value}
                      for p in choices.pairs]}


def _table_of(pod: LivePod, player: LivePlayer) -> Table | None:
    if player.table is None or not pod.night.tables:
        return None
    for table in pod.night.tables:
        if table.number == player.table:
            return table_json(table)
    return None


def _game_of(pod: LivePod, player: LivePlayer) -> GameView | None:
    """The game at the player's table: only its players see it (and the host)."""
    live = pod.night.games.get(player.table) if player.table is not None else None
    return game_view(live, pod.night.achievements) if live is not None else None


def host_dashboard(rt: Runtime, pod: LivePod) -> HostView:
    """The host view with this server's join link: what every host command answers."""
    return host_view(pod, rt.join_url(pod.id))


def host_view(pod: LivePod, join_url: str) -> HostView:
    """The host dashboard: names, counts, connection flags; no card contents."""
    state = pod.night.state
    players: list[HostPlayer] = []
    for p in sorted(pod.night.players, key=lambda p: (p.seat is None, p.seat, p.join_index)):
        seat = state.seats[p.seat] if state is not None and p.seat is not None else None
        players.append(
            {
                "player_id": p.id,
                "seat": p.seat,
                "name": p.name,
                "bot": p.bot,
                "was_human": p.token_hash is not None,
                "kicked": p.kicked,
                "connected": pod.connections.connected[p.id] > 0,
                "picks": seat.picks if seat else 0,
                "pick_in_round": seat.round_picks + 1 if seat else 1,
                "packs_waiting": len(seat.queue) if seat else 0,
                "deck_submitted": p.deck is not None,
                "deck_legal": p.deck.legal if p.deck is not None else None,
                "deadline": iso(p.deadline) if not pod.night.paused else None,
            }
        )
    return {
        "pod_id": pod.id,
        "version": pod.connections.version,
        "phase": pod.night.phase,
        "paused": pod.night.paused,
        "timers_paused": timers_paused(pod),
        "disk_full": pod.connections.disk_full,
        **line_up(pod),
        "seats": pod.setup.seats,
        "timer_seconds": pod.setup.timer_seconds,
        "join_url": join_url,
        "round": state.round if state else 0,
        "players": players,
        "waiting_on": seats_to_act(state) if state is not None else [],
        "tables": None if pod.night.tables is None else [table_json(t) for t in pod.night.tables],
        "games": [game_view(pod.night.games[n], pod.night.achievements)
                  for n in sorted(pod.night.games)],
        "achievements": [{"name": a.name, "points": a.points} for a in pod.night.achievements],
        # What a split would leave behind, for the host to confirm by name.
        "without_legal_deck": without_legal_deck(pod) if pod.night.phase in SPLIT_PHASES else [],
        "games_in_play": [{"table": g.table, "number": g.number} for g in games_in_play(pod)],
        "event_id": pod.setup.event_id,
        "lobby": {"locked": pod.night.locked, "join_code": pod.night.join_code},
        "every_seat_open": reveal.everyone_may_open(pod.night.replay_visibility,
                                                    pod.night.phase),
        "snapshot": snapshot_note(pod),
    }


def summary(pod: LivePod) -> PodSummary:
    """The public summary anyone may read (what the join page shows)."""
    return {
        "pod_id": pod.id,
        "set": pod.setup.set_code,
        "line_up": list(pod.config.round_sets),
        "seats": pod.setup.seats,
        "phase": pod.night.phase,
        "players": [{"name": p.name, "bot": p.bot} for p in pod.night.players if not p.kicked],
        "locked": pod.night.locked,
        "code_required": pod.night.join_code is not None,
        "replay_visibility": pod.night.replay_visibility,
    }
