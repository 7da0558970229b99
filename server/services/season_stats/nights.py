"""Stored nights → the statistics' input (`pods.season_stats.inputs`).

Why replayed: the server stores the seed and the picks, never the packs. Replaying each
pod's log through the pure engine (`draft.seat_replay`) gives every pack exactly as it
reached each seat, which is what "seen" and "last seen" count.

Which nights: only those whose every pod shows every seat to everyone under its reveal
rule (`pods.reveal.everyone_may_open`). A night in progress adds nothing, so the public
pages cannot hint at a seat's picks before the host's rule would show them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from draft.cards import COLOR_NAMES, Card, sort_colors
from draft.seat_replay import SeatReplay, replay_draft
from pods import reveal
from pods.errors import PodsError
from pods.identity import parse_color
from pods.results import GameResult
from pods.season_stats.cards import PodCards, pod_cards
from pods.season_stats.inputs import (
    Look,
    PodDraft,
    SeatDraft,
    SeenCard,
    SubmittedDeck,
)
from server.core.errors import InvalidError
from server.db import Session, repo, stats_repo
from server.db.stats_repo import PodMark
from server.db.tables import PlayerRow, PodRow
from server.runtime import Runtime
from server.services.night.building import added_card
from server.services.night.restore import load_pod
from server.services.season_stats import stored
from server.services.tables.standings import night_games


def shown_nights(marks: Sequence[PodMark]) -> list[tuple[str, list[str]]]:
    """(event id, pod ids) of each night whose every pod shows every seat, in order."""
    nights: dict[str, list[PodMark]] = {}
    for mark in marks:
        nights.setdefault(mark[0], []).append(mark)
    return [(event, [pod for _event, pod, _phase, _rule in pods])
            for event, pods in nights.items()
            if all(reveal.everyone_may_open(rule, phase) for _e, _p, phase, rule in pods)]


@dataclass(frozen=True)
class CountedPod:
    """A pod as the statistics count it: its cards' counts (`pods.season_stats.cards`) and
    its seats with their decks (their looks dropped: the counts hold what they gave)."""

    cards: PodCards
    seats: PodDraft


@dataclass(frozen=True)
class CountedNight:
    pods: tuple[CountedPod, ...]
    games: tuple[GameResult, ...]


@dataclass
class Parts:
    """Finished pods' parts for one computation: those read from the database (`found`),
    and those it computed because none was stored (`fresh`, for the caller to store)."""

    found: dict[str, str] = field(default_factory=dict)
    fresh: dict[str, str] = field(default_factory=dict)


def stored_parts(rt: Runtime, session: Session, pod_ids: list[str]) -> Parts:
    """The stored parts of the pods not kept in memory (one query for the season)."""
    missing = [pod for pod in pod_ids
               if rt.season_stat_pods.get(pod, reveal.NIGHT_OVER_PHASE) is None]
    return Parts(stats_repo.stored_parts(session, missing, stored.FORMAT))


def counted_night(rt: Runtime, session: Session, event_id: str, pod_ids: list[str],
                  games_mark: tuple[int, ...], parts: Parts) -> CountedNight:
    """One shown night: its pods' counts and decks, and its games that count. A finished
    pod's counts never change and are kept (in memory, and stored: `parts`); the night's
    games are kept under `games_mark` (`stats_repo.night_game_marks`), so a game tonight
    re-reads tonight's games only."""
    pods = tuple(pod for pod_id in pod_ids if (pod := _kept_pod(rt, session, pod_id, parts)))
    games: tuple[GameResult, ...] | None = rt.season_stat_pods.get(("games", event_id),
                                                                   games_mark)
    if games is None:
        games = tuple(night_games(session, pod_ids).counted)
        rt.season_stat_pods.put(("games", event_id), games_mark, games)
    return CountedNight(pods, games)


def _kept_pod(rt: Runtime, session: Session, pod_id: str, parts: Parts) -> CountedPod | None:
    row = repo.get_pod(session, pod_id)
    if row is None:
        return None
    if row.phase != reveal.NIGHT_OVER_PHASE:
        return _counted(_pod_draft(rt, session, row))
    kept: CountedPod | None = rt.season_stat_pods.get(pod_id, row.phase)
    if kept is None:
        body = parts.found.get(pod_id)
        if body is not None:
            kept = CountedPod(*stored.decode(body))
        else:
            kept = _counted(_pod_draft(rt, session, row))
            parts.fresh[pod_id] = stored.encode(kept.cards, kept.seats)
        rt.season_stat_pods.put(pod_id, row.phase, kept)
    return kept


def _counted(pod: PodDraft) -> CountedPod:
    return CountedPod(pod_cards(pod), PodDraft(tuple(replace(seat, looks=())
                                                     for seat in pod.seats)))


def _pod_draft(rt: Runtime, session: Session, row: PodRow) -> PodDraft:
    pod_id = row.id
    players = repo.list_players(session, pod_id)
    log = repo.load_pick_log(session, pod_id)
    pod = load_pod(rt, row, players, [])
    state, replays = replay_draft(
        pod.config, pod.setup.seed, [p.id for p in pod.night.players],
        [(seat, cards) for _seq, seat, cards, _bot in log], pod.pack_source,
        pod.seated_bots())
    by_id = {player.id: player for player in players}
    seen = {card.id: SeenCard(card.id, card.card.name) for card in state.cards}
    return PodDraft(tuple(
        _seat_draft(seat, by_id[seat.player], pod.config.set_for_round, pod.addable_cards,
                    seen)
        for seat in replays if seat.player in by_id))


def _seat_draft(seat: SeatReplay, player: PlayerRow, set_of: Callable[[int], str],
                addable: Sequence[Card], seen: dict[int, SeenCard]) -> SeatDraft:
    looks = tuple(Look(set_of(p.round), p.round, p.pick,
                       tuple(seen[card.id] for card in p.pack),
                       tuple(seen[card.id] for card in p.taken)) for p in seat.picks)
    names = {card.instance: card.name for look in looks for card in look.taken}
    deck = _deck(player.deck_json, names, addable) if player.deck_json else None
    return SeatDraft(player.name, looks, deck, player.bot)


def _deck(stored: str, names: dict[int, str], addable: Sequence[Card]) -> SubmittedDeck:
    """The stored deck body (`server.services.night.building`): its drafted cards, its
    commanders' labels and the identity its report computed. Ids not in the seat's pool
    (a body the check refused) are left out: they are no card of this seat."""
    data = json.loads(stored)
    body = data.get("deck") or {}
    report = data.get("report") or {}
    labels = []
    cards = {card_id for card_id in body.get("main", []) if card_id in names}
    for ref in body.get("commanders", []):
        card_id = ref.get("card_id")
        name = _added_name(addable, ref.get("name")) if ref.get("piper") else names.get(card_id)
        if name is None:
            continue
        if not ref.get("piper"):
            cards.add(card_id)
        labels.append(_label(name, ref.get("color")))
    identity = "".join(sort_colors(set(report.get("color_identity", []))))
    return SubmittedDeck(frozenset(cards), tuple(labels), identity)


def _added_name(addable: Sequence[Card], name: str | None) -> str | None:
    """The added choose-a-color card's printed name, however the phone spelled it."""
    try:
        return added_card(addable, name).name
    except InvalidError:
        return None


def _label(name: str, color: str | None) -> str:
    """A commander by name; a chosen color after it ("The Prismatic Piper (red)")."""
    if not color:
        return name
    try:
        return f"{name} ({COLOR_NAMES[parse_color(color)]})"
    except PodsError:
        return name
