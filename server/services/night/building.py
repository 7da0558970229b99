"""After the draft: deck submission with a legality report, and the host's table split.

Why the deck is stored as the phone sent it (ids, pipers, basics) plus the report: the
body is what the builder screen edits and resubmits; the report is what the host's
"ready" column shows. Both are rebuilt from the pool, never trusted from the client. The
live state holds them as values (`server.realtime.decks.SubmittedDeck`); the views say
the report's sentences in each reader's language (`server.views.decks`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from draft.cards import Card, bundled_set_codes, load_set
from draft.state import DraftState
from pods.basics import basic_land
from pods.deck import Commander, Deck
from pods.errors import PodsError
from pods.identity import parse_color
from pods.legality import check_deck
from pods.split import SplitPolicy, Table, split_tables
from pods.table_state import seed_of
from pods.tracker import Game, Player, new_game
from server.core.errors import ConflictError, InvalidError
from server.db import Session, game_repo, repo
from server.protocol.bodies import DeckSubmit
from server.realtime.decks import SubmittedDeck, answered, deck_to_row, with_ref
from server.realtime.live import LiveGame, LivePlayer, LivePod
from server.realtime.readiness import games_in_play, table_players, without_legal_deck
from server.runtime import Runtime
from server.services.commit import commit
from server.services.night import rows
from server.services.tables import games


def pool_cards(pod: LivePod, player: LivePlayer) -> list[Card]:
    if pod.night.state is None or player.seat is None:
        return []
    return [instance.card for instance in pod.night.state.pool_of(player.seat)]


def added_card(addable: Sequence[Card], name: str | None) -> Card:
    """The choose-a-color card a `piper: true` commander adds.

    A named card the draft does not allow (a Piper after a Baldur's Gate-only draft) is
    still built, so the deck check can say which rule refuses it (`added_not_allowed`).
    """
    if name is None:
        if addable:
            return addable[0]
        raise InvalidError("this draft has no choose-a-color commander", "no_piper")
    known = [*addable, *(card for code in bundled_set_codes()
                        if (card := load_set(code).chosen_color_card) is not None)]
    for card in known:
        if card.name.casefold() == name.strip().casefold():
            return card
    raise InvalidError(f"{name!r} is not a choose-a-color commander", "no_piper")


def build_deck(
    state: DraftState, seat: int, body: DeckSubmit, addable: Sequence[Card] = ()
) -> Deck:
    """The `pods.Deck` a deck body describes; `InvalidError` for ids not in the pool."""
    pool = {instance.id: instance.card for instance in state.pool_of(seat)}
    used: set[int] = set()

    def take(card_id: int) -> Card:
        if card_id not in pool:
            raise InvalidError(f"card {card_id} is not in your pool", "not_in_pool")
        if card_id in used:
            raise InvalidError(f"card {card_id} is listed twice", "duplicate_card")
        used.add(card_id)
        return pool[card_id]

    commanders = []
    for ref in body.commanders:
        color = _color(ref.color)
        if ref.piper:
            commanders.append(Commander(added_card(addable, ref.name), color, added=True))
        elif ref.card_id is not None:
            commanders.append(Commander(take(ref.card_id), chosen_color=color))
        else:
            raise InvalidError("a commander needs a card_id or piper: true", "bad_commander")
    main = [take(card_id) for card_id in body.main]
    for name, count in body.basics.items():
        land = basic_land(name)
        if land is None:
            raise InvalidError(f"{name!r} is not a basic land", "unknown_basic")
        main += [land] * count
    sideboard = tuple(card for cid, card in pool.items() if cid not in used)
    return Deck(commanders=tuple(commanders), main=tuple(main), sideboard=sideboard)


def _color(text: str | None) -> str | None:
    if text is None:
        return None
    try:
        return parse_color(text)
    except PodsError as error:
        raise InvalidError(str(error), error.code) from error


async def submit_deck(rt: Runtime, pod: LivePod, player: LivePlayer,
                      body: DeckSubmit) -> SubmittedDeck:
    """Check the deck against the seat's pool, store body and report, publish.

    After the split a deck may still come (or change) until the player's table records
    its first change; the table's game then seats the new commanders.
    """
    content = body.model_dump(exclude_none=True, exclude={"ref"})
    async with pod.lock:
        try:
            if answered(player.deck, body.ref, content):
                assert player.deck is not None
                return player.deck  # a resend of a stored submit: applied once
        except ValueError as error:
            raise ConflictError(str(error), "ref_reused") from error
        if pod.night.phase == "playing" and not pod.deck_open(player):
            raise ConflictError("your table's game has begun; decks are fixed now",
                                "deck_locked")
        if not pod.deck_open(player) or pod.night.state is None or player.seat is None:
            raise ConflictError(f"decks are built after the draft, not in {pod.night.phase}",
                                "wrong_phase")
        deck = build_deck(pod.night.state, player.seat, body, pod.addable_cards)
        report = check_deck(deck, pool_cards(pod, player), pod.deck_rules)
        stored = with_ref(SubmittedDeck.checked(content, report), player.deck, body.ref)
        deck_json = deck_to_row(stored)
        game = _reseated(pod, replace(player, deck=stored))  # the deck as it will be
        seats = frozenset({player.seat})

        def staged(session: Session) -> None:
            repo.update_player(session, player.id, deck_json=deck_json)
            if game is not None:
                game_repo.set_players(session, game[0].id, game[1].players)

        def submitted() -> SubmittedDeck:
            player.deck = stored
            if game is None:
                rt.hub.publish(pod.channel, pod.bump(seats))
            else:
                game[0].game = game[1]
                rt.hub.publish(pod.channel, pod.bump())  # the whole table sees the commanders
            return stored

        return await commit(rt, staged, submitted, pod=pod)


def _reseated(pod: LivePod, player: LivePlayer) -> tuple[LiveGame, Game] | None:
    """The player's untouched game with their commanders taken from their deck now."""
    live = pod.night.games.get(player.table) if player.table is not None else None
    if live is None or live.started:
        return None
    seated = [Player(p.id, p.name, games.commanders_of(pod, player) if p.id == player.id
                     else p.commanders) for p in live.game.players]
    return live, new_game(seated, pod.setup.starting_life, seed_of(live.id))


def check_may_split(pod: LivePod, without_decks: bool, end_games: bool) -> None:
    """The host confirms, by name, what a split leaves behind: players without a legal
    deck, and games being played (never silently reset)."""
    missing = without_legal_deck(pod)
    if missing and not without_decks:
        raise ConflictError(f"no legal deck yet: {', '.join(missing)}; "
                            "confirm to split without them", "decks_missing")
    ending = [f"Table {g.table} game {g.number}" for g in games_in_play(pod)]
    if ending and not end_games:
        raise ConflictError(f"splitting again ends {', '.join(ending)}; "
                            "confirm to end them", "games_in_progress")


async def split(rt: Runtime, pod: LivePod, policy: str, without_decks: bool = False,
                end_games: bool = False) -> list[Table]:
    """Random tables (neighbours apart when asked); the pod moves to `playing`.

    A re-split keeps every ended game as it was (its log and winner stay stored) and
    numbers the new games after the games played at each table."""
    async with pod.lock:
        if pod.night.phase not in ("building", "playing"):
            raise ConflictError("tables are split after the draft", "wrong_phase")
        if any(live.round > 1 for live in pod.night.games.values()):
            raise ConflictError("the night's host re-seated every pod for a later round; "
                                "the next round re-seats again", "rounds_started")
        check_may_split(pod, without_decks, end_games)
        people = table_players(pod)
        rng = random.Random(f"prismatic:{pod.setup.seed}:tables:{pod.connections.version}")
        try:
            result = split_tables([p.name for p in people], rng,
                                  SplitPolicy(keep_neighbours_apart=policy == "apart",
                                              allow_small=True))
        except PodsError as error:
            raise InvalidError(str(error), error.code) from error
        tables = list(result.tables)
        number_of = {name: t.number for t in result.tables for name in t.players}
        pod_id = pod.id
        numbers = await rt.read(lambda session: game_repo.played_numbers(session, pod_id))
        planned = games.plan_games(pod, tables, numbers)
        version = pod.connections.version + 1

        def staged(session: Session) -> None:
            for person in people:
                repo.update_player(session, person.id, table_number=number_of[person.name])
            repo.update_pod(session, pod.id, phase="playing",
                            tables_json=rows.tables_field(tables),
                            version=version)
            games.stage_new_games(session, pod, planned)

        def dealt() -> list[Table]:
            for person in people:
                person.table = number_of[person.name]
            pod.night.tables, pod.night.phase = tables, "playing"
            pod.night.games = {live.table: live for live, _row in planned}
            rt.hub.publish(pod.channel, pod.bump())
            return tables

        return await commit(rt, staged, dealt, pod=pod)
