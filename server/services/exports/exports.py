"""What a seat (or the host) can download: pool, deck, unused cards and draft log, as
values (`server.values.exports`); `server.views.exports` writes and names the files.

Why the deck export holds only the deck: importers that take a Commander deck's sideboard
as its command zone (XMage, MTGO text) reject a sideboard of unused cards, so the unused
cards are their own export (`what="unused"`), as is the whole pool (`what="pool"`).

Why the draft log is rebuilt by replay: the log is the pick log seen from one seat (the
pack as it arrived, the cards taken). Replaying the stored picks with the pure engine gives
exactly that, so nothing extra is stored on the hot path. Exports are rare; replay is cheap.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime

from draft import engine
from draft.changes import PickMade
from draft.packs import PackSource
from draft.state import DraftConfig
from pods import reveal
from pods.deck import Deck, pool_as_deck
from pods.formats import WRITERS
from pods.formats.draft_log import DraftLog, LoggedPick, mtgo_time
from pods.formats.names import display_name
from server.core.errors import ConflictError, ForbiddenError, InvalidError
from server.db import Session, repo
from server.protocol.bodies import DeckSubmit
from server.realtime.live import LivePlayer, LivePod
from server.runtime import Runtime
from server.services.night.building import build_deck
from server.values.exports import SeatExport

LOG_FORMATS = ("mtgo", "text", "json")
WHATS = ("deck", "pool", "unused", "log")
"""What a seat can export: its deck, its whole pool, the pool cards the deck leaves out,
and its draft log."""
ZIPPED = (("pool", "arena"), ("deck", "arena"), ("unused", "arena"), ("log", "mtgo"))
"""Each seat's files in the night's zip, in this order."""


async def draft_log(rt: Runtime, pod: LivePod, player: LivePlayer) -> DraftLog:
    """The player's draft log, rebuilt from the stored pick log (read and replayed off the
    event loop: a whole draft's replay must not stall the sockets)."""
    assert player.seat is not None
    names = {p.seat: p.name for p in pod.night.players}
    replay = Replay(pod.id, pod.config, tuple(p.id for p in pod.night.players), pod.setup.seed,
                    pod.pack_source, player.seat, pod.seated_bots())
    picks, started = await rt.read(replay.run)
    return DraftLog(event_id=pod.id, players=tuple(names[i] for i in range(pod.setup.seats)),
                    you=player.seat, set_code=pod.setup.set_code, picks=picks,
                    packs=pod.config.packs, time=mtgo_time(started or datetime.now(UTC)))


@dataclass(frozen=True)
class Replay:
    """What replaying one seat's picks needs, taken from the live pod on the loop (the
    worker thread must not read live pod fields)."""

    pod_id: str
    config: DraftConfig
    player_ids: tuple[str, ...]
    seed: int
    source: PackSource | None
    seat: int
    bots: tuple[str, ...] = ()
    """The bots the people were seated between (`LivePod.seated_bots`)."""

    def run(self, session: Session) -> tuple[tuple[LoggedPick, ...], datetime | None]:
        """The seat's picks (the pack as it arrived, the cards taken) and when the draft
        started."""
        log = repo.load_pick_log(session, self.pod_id)
        started = repo.get_draft_started_at(session, self.pod_id)
        state = engine.start(self.config, list(self.player_ids), self.seed, self.source,
                             self.bots)
        picks = []
        for _seq, seat, cards, _bot in log:
            state, changes = engine.pick(state, seat, cards)
            made = changes[0]
            if seat == self.seat and isinstance(made, PickMade):
                picks.append(LoggedPick(
                    round=made.round, pick=made.pick,
                    pack=tuple(state.cards[i].card for i in made.pack_before),
                    taken=tuple(state.cards[i].card for i in made.cards)))
        return tuple(picks), started


def submitted_deck(pod: LivePod, player: LivePlayer) -> Deck | None:
    """The submitted deck, named "<player> — <commanders>", unused pool cards as sideboard."""
    if player.deck is None or pod.night.state is None or player.seat is None:
        return None
    body = DeckSubmit.model_validate(player.deck.body)
    deck = build_deck(pod.night.state, player.seat, body, pod.addable_cards)
    return replace(deck, name=deck_name(player.name, deck))


def deck_name(player: str, deck: Deck) -> str:
    """`Ann — Tana, the Bloodsower & Sakashima of a Thousand Faces` (the player alone
    when the deck has no commander yet)."""
    commanders = " & ".join(display_name(c.card) for c in deck.commanders)
    return f"{player} — {commanders}" if commanders else player


async def seat_export(rt: Runtime, pod: LivePod, player: LivePlayer, what: str,
                      fmt: str) -> SeatExport:
    """One file to download, before it is written (`server.views.exports` writes it)."""
    if pod.night.state is None or player.seat is None:
        raise ConflictError("there is nothing to export before the draft", "wrong_phase")
    if what not in WHATS:
        raise InvalidError(f"export one of {', '.join(WHATS)}", "unknown_format")
    content: Deck | DraftLog
    if what == "log":
        if fmt not in LOG_FORMATS:
            raise InvalidError(f"a draft log is exported as {', '.join(LOG_FORMATS)}",
                               "unknown_format")
        content = await draft_log(rt, pod, player)
    elif fmt not in WRITERS:
        raise InvalidError(f"unknown format {fmt!r}", "unknown_format")
    elif what == "pool":
        content = pool_as_deck((i.card for i in pod.night.state.pool_of(player.seat)), "")
    else:
        found = submitted_deck(pod, player)
        if found is None:
            raise ConflictError("submit a deck first", "no_deck")
        content = (pool_as_deck(found.sideboard, "") if what == "unused"
                   else replace(found, sideboard=()))
    return SeatExport(player.name, player.seat, pod.setup.set_code, what, fmt, content)


async def seat_exports(rt: Runtime, pod: LivePod) -> list[SeatExport]:
    """Every seat's pool, deck and unused cards (Arena text; the last two once a deck is
    submitted) and draft log (MTGO text), in seat order, for the night's zip.

    Only once the draft is over: it holds every pool, and the host sees no cards while
    the table drafts (a host who also plays would otherwise read everyone's picks). Then
    only when the host's reveal rule shows every seat to everyone (`pods.reveal`), so the
    zip is no back door round the rule the phones were shown in the lobby."""
    if pod.night.state is None or pod.night.phase in ("lobby", "drafting"):
        raise ConflictError("the night's export opens when the draft is over", "wrong_phase")
    if not reveal.everyone_may_open(pod.night.replay_visibility, pod.night.phase):
        raise ForbiddenError("the host's reveal rule keeps every seat's draft hidden now",
                             "replay_hidden")
    found: list[SeatExport] = []
    for player in sorted(pod.night.players, key=lambda p: p.seat or 0):
        for what, fmt in ZIPPED:
            if what in ("deck", "unused") and player.deck is None:
                continue
            found.append(await seat_export(rt, pod, player, what, fmt))
    return found
