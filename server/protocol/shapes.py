"""The JSON the server answers with, as types: every view (`server.views`) and every
service that answers with a view (the night's summary, the event screens) builds one of
these, so `mypy --strict` checks each view's shape against docs/protocol.md.

Why TypedDicts and not models: a view is built once per request or socket update and
sent as it is; a TypedDict is a plain dict at run time (nothing is validated or copied
on the hot path), and the JSON on the wire stays exactly what the dict holds.

Why here and not in `server.views`: services (the summary, events) build views too, and
services must not import the views (an import-linter contract).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, get_args

# --- the night's words -------------------------------------------------------------------
# Here and not in `server.realtime.live`, which keeps them on its pods: the shapes need them,
# and the live pods build card JSON (`server.cards`) from these shapes, so a shape that took
# them from `live` closed an import circle.

Phase = Literal["lobby", "drafting", "building", "playing", "done"]
"""Where a pod is in its night; stored as this text in `pod.phase`."""
PHASES: tuple[Phase, ...] = get_args(Phase)


def as_phase(text: str) -> Phase:
    """A stored phase, checked (a restored pod with an unknown phase is set aside)."""
    for phase in PHASES:
        if phase == text:
            return phase
    raise ValueError(f"unknown pod phase {text!r}")


class Table(TypedDict):
    """One table of the host's split: its number and its players' names."""

    number: int
    players: list[str]


class DeckReportJson(TypedDict):
    """A deck's legality report as the protocol sends it (`building.report_json`)."""

    legal: bool
    size: int
    color_identity: list[str]
    problems: list[ProblemJson]


class StoredDeck(TypedDict):
    """A seat's last submitted deck: the body as the phone sent it (a `DeckSubmit` dump,
    what the builder screen edits) and its report, in the submitting phone's language."""

    deck: dict[str, Any]
    report: DeckReportJson


# --- cards -------------------------------------------------------------------------------


class CardFacts(TypedDict):
    """What every card view shows of a printing, whoever holds it."""

    name: str
    set: str
    number: str
    rarity: str
    mana_cost: str
    mana_value: float
    type_line: str
    colors: list[str]
    color_identity: list[str]
    power: str | None
    toughness: str | None
    loyalty: str | None
    can_be_commander: bool
    commander: list[str]
    """Why it may lead a deck (`pods.commanders.commander_reasons` codes)."""
    partner_with: str | None


class CardExtras(TypedDict, total=False):
    """What the runtime's media add (`server.cards.media.CardMedia.extras`)."""

    text: str
    image_url: str


class CardDetails(CardFacts, CardExtras):
    """One card by name, for the zoom view (`GET /api/cards/details`)."""


class CardBody(CardFacts, CardExtras):
    """A card instance's JSON without its `id` (`server.cards.card_json`)."""

    slot: str
    foil: bool


class CardView(CardBody):
    """A card instance as the phone draws it."""

    id: int


# --- decks ------------------------------------------------------------------------------


class ProblemJson(TypedDict):
    """One reason a deck is not legal: stable code, English card name, params, sentence."""

    code: str
    card: str | None
    message: str
    params: dict[str, Any]


# --- the pod's line-up and house rules ---------------------------------------------------


class HouseRules(TypedDict):
    starting_life: int
    deck_size: str
    deck_cards: int


class Setup(TypedDict):
    """What is fixed when the pod is created."""

    set: str
    line_up: list[str]
    house_rules: HouseRules
    addable_commanders: list[str]


class LineUp(Setup):
    """The setup, the set the current round opens and who may replay whose draft (the
    last two change: they are not part of the cached setup)."""

    round_set: str
    replay_visibility: str


# --- the game board ----------------------------------------------------------------------


class CommanderLine(TypedDict):
    index: int
    name: str
    placeholder: bool
    casts: int
    tax: int


class DamageLine(TypedDict):
    owner: str
    index: int
    amount: int


class GamePlayer(TypedDict):
    player_id: str
    name: str
    life: int
    out: bool
    conceded: int | None
    """The seq of the player's concession (their phone may undo it), or None."""
    commanders: list[CommanderLine]
    damage: list[DamageLine]


class CommanderSource(TypedDict):
    owner: str
    index: int


class LogLine(TypedDict):
    seq: int
    author: str
    kind: str
    target: str
    delta: int
    undone: bool
    source: CommanderSource | None


class PlacingLine(TypedDict):
    player_id: str
    place: int


class AwardLine(TypedDict):
    player_id: str
    achievement: str
    points: int


class ResultView(TypedDict):
    """A game's result (`pods.game_end`): the placings best first, a draw, who confirmed
    it, and whether the host's word made it (`by_host`)."""

    placings: list[PlacingLine]
    draw: bool
    by_host: bool
    result_seq: int
    confirmed: list[str]
    awards: list[AwardLine]


class DrawVoteLine(TypedDict):
    player_id: str
    seq: int


class ClaimLine(TypedDict):
    seq: int
    player_id: str
    achievement: str
    points: int
    confirmed_by: str | None


class AchievementLine(TypedDict):
    name: str
    points: int


class GameView(TypedDict):
    """The board every phone at a table and the host screen draw."""

    table: int
    number: int
    round: int
    """The night's round (`server.services.rounds`): 1 is the pod's own split."""
    game_id: str
    seq: int
    winner: str | None
    players: list[GamePlayer]
    log: list[LogLine]
    result: ResultView | None
    draw_votes: list[DrawVoteLine]
    time_called: bool
    claims: list[ClaimLine]
    achievements: list[AchievementLine]


class AppliedView(GameView):
    """The board after a tap, with the seq of the log entry holding that tap."""

    applied: int


# --- the seat view -----------------------------------------------------------------------


class PlayerLine(TypedDict):
    seat: int | None
    name: str
    bot: bool
    connected: bool


class Me(TypedDict):
    player_id: str
    name: str
    seat: int | None


class WaitingOn(TypedDict):
    seat: int
    name: str


class CommanderPair(TypedDict):
    cards: list[int]
    rule: str


class CommanderChoices(TypedDict):
    eligible: list[int]
    pairs: list[CommanderPair]


class TimersPausedNote(TypedDict):
    """The server did not run for `seconds` (a sleeping laptop) and noticed it `at`; the
    pick timers got that time back. Phones and the host show a short note once per `at`."""

    seconds: int
    at: str


class SnapshotNote(TypedDict):
    """The server's copy of its database after the host ended the night
    (`server.services.snapshots`): where it went, or why it failed (`error`, one line)."""

    file: str | None
    bytes: int
    error: str | None
    disk_full: bool


class SeatHead(LineUp):
    """The seat view without its pack and pool (the socket splices their card text in)."""

    pod_id: str
    version: int
    phase: Phase
    paused: bool
    timers_paused: TimersPausedNote | None
    disk_full: bool
    me: Me
    players: list[PlayerLine]
    round: int
    rounds: int
    pick: int
    pick_in_round: int
    direction: str
    pack_id: int | None
    picks_needed: int
    packs_waiting: int
    packs_from_people: int
    waiting_on: WaitingOn | None
    pool_count: int
    deadline: str | None
    timer_seconds: int | None
    deck: StoredDeck | None
    deck_open: bool
    table: Table | None
    game: GameView | None
    commander_choices: NotRequired[CommanderChoices]
    """Only while the seat may still submit a deck."""


class SeatView(SeatHead):
    """What one seat may see: its own pack and pool, public facts about the table."""

    pack: list[CardView] | None
    pool: list[CardView]


# --- the host's views --------------------------------------------------------------------


class HostPlayer(TypedDict):
    player_id: str
    seat: int | None
    name: str
    bot: bool
    was_human: bool
    kicked: bool
    connected: bool
    picks: int
    pick_in_round: int
    packs_waiting: int
    deck_submitted: bool
    deck_legal: bool | None
    deadline: str | None


class GameNumber(TypedDict):
    table: int
    number: int


class Lobby(TypedDict):
    locked: bool
    join_code: str | None


class HostView(LineUp):
    """The host dashboard: names, counts, connection flags; no card contents."""

    pod_id: str
    version: int
    phase: Phase
    paused: bool
    timers_paused: TimersPausedNote | None
    disk_full: bool
    seats: int
    seed: int
    timer_seconds: int | None
    join_url: str
    round: int
    players: list[HostPlayer]
    waiting_on: list[int]
    tables: list[Table] | None
    games: list[GameView]
    achievements: list[AchievementLine]
    without_legal_deck: list[str]
    games_in_play: list[GameNumber]
    event_id: str | None
    lobby: Lobby
    every_seat_open: bool
    """The reveal rule shows every seat to everyone now: the recap and the zip open."""
    snapshot: SnapshotNote | None
    """The snapshot taken when the host ended this night (`None` before, and on
    PostgreSQL)."""


class PublicPlayer(TypedDict):
    name: str
    bot: bool


class PodSummary(TypedDict):
    """The public summary anyone may read (what the join page shows)."""

    pod_id: str
    set: str
    line_up: list[str]
    seats: int
    phase: Phase
    players: list[PublicPlayer]
    locked: bool
    code_required: bool
    replay_visibility: str


class OpenPods(TypedDict):
    pods: list[PodSummary]


# --- the night's summary (`server.services.summary`) -------------------------------------


class SummaryDeck(TypedDict):
    commanders: list[str]
    legal: bool
    size: int
    color_identity: list[str]


class SummaryPlayer(TypedDict):
    name: str
    seat: int | None
    bot: bool
    kicked: bool
    table: int | None
    deck: SummaryDeck | None


class SummaryGamePlayer(TypedDict):
    name: str
    commanders: list[str]
    life: int
    out: bool


class PlayedGame(TypedDict):
    table: int
    number: int
    current: bool
    players: list[SummaryGamePlayer]
    winner: str | None


class PodNight(TypedDict):
    """One pod's part of the night's summary."""

    pod_id: str
    set: str
    phase: Phase
    players: list[SummaryPlayer]
    tables: list[Table]
    games: list[PlayedGame]


class NightSummary(TypedDict):
    event_id: str
    set: str
    pods: list[PodNight]


# --- events (`server.services.events`) ---------------------------------------------------


class ProgressPlayer(TypedDict):
    name: str
    bot: bool
    connected: bool


class Progress(TypedDict):
    """How far a pod is, for the night's host screen."""

    pod_id: str
    phase: Phase
    paused: bool
    seats: int
    round: int
    rounds: int
    picks: int
    players: list[ProgressPlayer]
    decks: int
    tables: list[Table]
    winners: int
    host_path: str


class NumberedProgress(Progress):
    number: int


class EventPlayer(TypedDict):
    player_id: str
    name: str
    pod: int | None


class EventHostView(TypedDict):
    event_id: str
    set: str
    line_up: list[str]
    phase: str
    seed: int
    replay_visibility: str
    lobby: Lobby
    """The night's lobby guard, as a pod's (`server.services.lobby_guard`)."""
    achievements: list[AchievementLine]
    timer_seconds: int | None
    join_url: str
    players: list[EventPlayer]
    pods: list[NumberedProgress]
    round: int
    """The night's round of games: 1 is each pod's own split (`server.services.rounds`)."""
    round_tables: list[Table]
    """The tables of a later round, across the night's pods (empty in round 1)."""


class EventName(TypedDict):
    name: str


class EventPublicView(TypedDict):
    event_id: str
    set: str
    line_up: list[str]
    phase: str
    replay_visibility: str
    players: list[EventName]
    pods: int
    locked: bool
    code_required: bool
    """The phone must type the join code (never sent here; the host screen shows it)."""


class EventPlayerView(TypedDict):
    """The waiting phone's view: once its pod exists, where its seat is (same token)."""

    event_id: str
    player_id: str
    name: str
    phase: str
    pod_id: str | None
    seat_path: str | None
    players: int


# --- the start page's card data (`server.services.card_data`) ----------------------------


class SetStatus(TypedDict):
    """Per set: printings, how many have rules text and a cached image."""

    set: str
    name: str
    cards: int
    texts: int
    images: int


class CardsStatus(TypedDict):
    sets: list[SetStatus]
    images: str
    """The images mode (`server.cards.media.ImageMode`)."""
    job: dict[str, Any]
    """The download job (`server.cards.download_job.JobState` as a dict)."""
    command: str


# --- the store's screen (a night on the TV; docs/protocol.md "The store's screen") -------


class ScreenSlowest(TypedDict):
    """The seat the pod waits on longest: fewest picks made, then latest deadline."""

    name: str
    pick: int
    deadline: str | None


class ScreenPlacing(TypedDict):
    name: str
    place: int


class ScreenResult(TypedDict):
    draw: bool
    placings: list[ScreenPlacing]


class ScreenSeat(TypedDict):
    """One player at a table: names, life and commanders only (all public at the table)."""

    name: str
    life: int
    out: bool
    commanders: list[str]


class ScreenTable(TypedDict):
    table: int
    game: int
    players: list[ScreenSeat]
    result: ScreenResult | None


class ScreenPod(TypedDict):
    number: int
    phase: Phase
    paused: bool
    round: int
    rounds: int
    people: int
    picking: list[str]
    slowest: ScreenSlowest | None
    timer_seconds: int | None
    decks: int
    tables: list[ScreenTable]


class ScreenStanding(TypedDict):
    rank: int
    name: str
    points: int
    games: int
    wins: int
    draws: int


class ScreenView(TypedDict):
    """What the store's screen draws: never a card of a pack, pool or deck, never a token."""

    event_id: str
    phase: str
    set: str
    line_up: list[str]
    players: int
    pods: list[ScreenPod]
    standings: list[ScreenStanding]
