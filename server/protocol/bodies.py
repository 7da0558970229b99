"""Request and response bodies, with the limits the protocol promises.

Why strict models: every byte a phone sends is untrusted; a bad body becomes a 400/422
envelope before any service runs, never a 500.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError

from pods.errors import BadCharactersError
from pods.player_names import NAME_MAX, check_characters

SEED_MAX = 2**63 - 1


def _clean_name(value: str) -> str:
    """A name's shape; a control or direction character is refused with the services' own
    rule and code (`pods.player_names.check_characters`, 422 `bad_characters`: the error
    type is the code, `server.edge.error_handlers`)."""
    try:
        check_characters(value)
    except BadCharactersError as error:
        raise PydanticCustomError(BadCharactersError.code, str(error)) from None
    value = value.strip()
    if not value:
        raise ValueError("a name needs at least one visible character")
    if any(unicodedata.category(ch).startswith("C") for ch in value):
        raise ValueError("a name cannot contain control characters")
    if len(value) > NAME_MAX:
        raise ValueError(f"a name has at most {NAME_MAX} characters")
    return value


Name = Annotated[str, Field(min_length=1, max_length=256), AfterValidator(_clean_name)]


class Body(BaseModel):
    # strict: `true` is not a seat count and "3" is not a card id (no silent coercion)
    model_config = ConfigDict(extra="forbid", populate_by_name=True, strict=True)


SetCode = Annotated[str, Field(min_length=2, max_length=8, pattern=r"^[A-Za-z0-9]+$")]
ReplayVisibility = Literal["nobody", "own_seat", "after_draft", "after_night"]
"""Who may replay whose draft, and from when (`pods.reveal.MODES`)."""


class PodCreate(Body):
    set_code: str = Field("CMR", alias="set", min_length=2, max_length=8, pattern=r"^[A-Za-z0-9]+$")
    packs: list[SetCode] | None = Field(None, min_length=1, max_length=5)
    """A line-up, one set per round (`["CMM", "CLB", "CLB"]`), instead of `set`."""
    starting_life: int = Field(40, ge=1, le=999)
    """House rule: each game's starting life (40; 30 is common for short nights)."""
    deck_size: Literal["at-least", "exact"] = "at-least"
    """House rule: at least 60 cards (CR 903.13f) or exactly 60."""
    seats: int = Field(8, ge=2, le=8)
    seed: int | None = Field(None, ge=0, le=SEED_MAX)
    pick_timer_seconds: int | None = Field(None, ge=1, le=600)
    bots: bool = True
    bots_between_people: bool = True
    """Seat the people between the bots, as evenly as their count allows (still seeded)."""
    cube: str | None = Field(None, min_length=1, max_length=200_000)
    """A cube list (`N Name` lines) to draft instead of the set's boosters."""
    replay_visibility: ReplayVisibility = "after_night"
    """Who may replay whose draft once it is over (`pods.reveal`)."""


class PodCreated(BaseModel):
    pod_id: str
    host_token: str
    host_url: str
    join_url: str


class SeatCreate(Body):
    name: Name
    code: str | None = Field(None, max_length=16)
    """The lobby's join code, when the host asks for one (shown on the host screen)."""


class LobbyUpdate(Body):
    locked: bool | None = None
    """`True`: nobody new may take a seat (kicked seats stay free)."""
    join_code: bool | None = None
    """`True`: a fresh code every phone must type to join; `False`: no code."""
    replay_visibility: ReplayVisibility | None = None
    """Who may replay whose draft once it is over (`pods.reveal`)."""


class SeatCreated(BaseModel):
    player_id: str
    seat_token: str
    seat_url: str
    view: dict[str, Any]
    """The seat's view as `GET /me` gives it: the phone paints its lobby from it without a
    request of its own (issue #46)."""


class PickCreate(Body):
    pick: int = Field(ge=1, le=1000)
    cards: list[Annotated[int, Field(ge=0, le=100_000)]] = Field(min_length=1, max_length=3)


class BotUpdate(Body):
    bot: bool


class TablesCreate(Body):
    """`without_decks`: the host confirmed splitting although some players have no legal
    deck yet; `end_games`: the host confirmed ending the games being played (a re-split)."""

    policy: Literal["random", "apart"] = "random"
    without_decks: bool = False
    end_games: bool = False
    clock_minutes: int | None = 60
    """Round 1's clock (1–240 minutes; `null`: no clock), started by the split that seats
    the night's last pod. A lone pod has no round clock: the length is checked, not used."""


class WsPick(Body):
    type: Literal["pick"]
    pick: int = Field(ge=1, le=1000)
    cards: list[Annotated[int, Field(ge=0, le=100_000)]] = Field(min_length=1, max_length=3)
    ref: str | None = Field(None, max_length=64)


class CommanderRef(Body):
    card_id: int | None = Field(None, ge=0, le=100_000)
    piper: bool = False
    """An added choose-a-color commander (CR 903.13e), not a pool card."""
    name: str | None = Field(None, min_length=1, max_length=64)
    """Which one, when `piper` is true: "The Prismatic Piper" or "Faceless One" (default:
    the first the draft allows)."""
    color: str | None = Field(None, max_length=8)


TapRef = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[!-~]+$")]
"""A phone's own name for one tap (printable ASCII): a tap resent with the same `ref`
(after a lost reply or a reconnect) is applied once and answered like the first time."""


class DeckSubmit(Body):
    commanders: list[CommanderRef] = Field(default_factory=list, max_length=4)
    main: list[Annotated[int, Field(ge=0, le=100_000)]] = Field(default_factory=list,
                                                                 max_length=120)
    basics: dict[Annotated[str, Field(max_length=16)], Annotated[int, Field(ge=0, le=60)]] = (
        Field(default_factory=dict, max_length=6)
    )
    ref: TapRef | None = None
    """The phone's name for this submit: a resend (the phone's queue, after a lost reply)
    is applied once; the same `ref` with another deck is 409 `ref_reused`."""


PlayerId = Annotated[str, Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


class CommanderSource(Body):
    """A commander at the table: its owner's player id and 0 or 1 (partners, Piper pairs)."""

    owner: PlayerId
    index: int = Field(ge=0, le=1)


GameNumber = Annotated[int, Field(ge=1, le=100_000)]
"""The table's game the phone was looking at: a tap resent after the host started the next
game is refused (409 `game_over`) instead of landing in the new game."""


class GameAdjust(Body):
    kind: Literal["life", "commander_damage", "commander_cast", "poison", "experience",
                  "energy"]
    target: PlayerId
    delta: int = Field(ge=-999, le=999)
    source: CommanderSource | None = None
    ref: TapRef | None = None
    game: GameNumber | None = None


class GameUndo(Body):
    seq: int = Field(ge=1, le=1_000_000)
    ref: TapRef | None = None
    game: GameNumber | None = None


class GameWinner(Body):
    player_id: PlayerId | None = None


class GameAct(Body):
    """A move at the table with nothing more to say (a draw offer, time called)."""

    ref: TapRef | None = None
    game: GameNumber | None = None


class GameConcede(GameAct):
    player_id: PlayerId | None = None
    """Who concedes: the phone's own player (may be left out), or the host names one."""


class GameMove(GameAct):
    """A move of the whole table (`pods.table_state`): end the turn, pick the first player,
    make a player the monarch, take the initiative or venture into Undercity."""

    move: Literal["end_turn", "first_player", "monarch", "initiative", "venture"]
    player_id: PlayerId | None = None
    """Who the move is about: the phone's own player when left out (the host names one)."""
    room: str | None = Field(None, min_length=1, max_length=40)
    """The Undercity room a venture goes to (`initiative`, `venture`)."""


class GameConfirm(GameAct):
    result_seq: int = Field(ge=0, le=1_000_000)
    """The result being confirmed, by the seq it last changed at (the board's
    `result.result_seq`): a result that changed meanwhile is not confirmed (409)."""


class GamePlacing(Body):
    player_id: PlayerId
    place: int = Field(ge=1, le=16)


class GameCorrect(Body):
    placings: list[GamePlacing] | None = Field(None, max_length=16)
    """Every player's place (shared places allowed); `null` or empty clears the host's word."""
    draw: bool = False
    game: GameNumber | None = None


class GameClaim(GameAct):
    achievement: str = Field(min_length=1, max_length=80)


class AchievementItem(Body):
    name: str = Field(max_length=200)
    points: int


class AchievementsBody(Body):
    achievements: list[AchievementItem] = Field(max_length=20)


class WsAdjust(GameAdjust):
    type: Literal["adjust"]
    table: int | None = Field(None, ge=1, le=16)


class WsUndo(GameUndo):
    type: Literal["undo"]
    table: int | None = Field(None, ge=1, le=16)


class WsMove(GameMove):
    type: Literal["move"]
    table: int | None = Field(None, ge=1, le=16)


class EventCreate(Body):
    set_code: str = Field("CMR", alias="set", min_length=2, max_length=8, pattern=r"^[A-Za-z0-9]+$")
    packs: list[SetCode] | None = Field(None, min_length=1, max_length=5)
    starting_life: int = Field(40, ge=1, le=999)
    deck_size: Literal["at-least", "exact"] = "at-least"
    seed: int | None = Field(None, ge=0, le=SEED_MAX)
    pick_timer_seconds: int | None = Field(None, ge=1, le=600)
    replay_visibility: ReplayVisibility = "after_night"
    """The reveal every pod of the night starts with (`pods.reveal`)."""
    season_id: str | None = Field(None, min_length=1, max_length=32,
                                  pattern=r"^[A-Za-z0-9_-]+$")
    """The season the night counts for; the request's bearer is the season's host token."""
    achievements: list[str] | None = Field(None, max_length=20)
    """Which of the season's achievements tonight offers, by name (`None`: all of them;
    only with `season_id`, 422 `unknown_achievement` for a name the season lacks)."""


class EventCreated(BaseModel):
    event_id: str
    host_token: str
    host_url: str
    join_url: str


class EventJoined(BaseModel):
    player_id: str
    player_token: str
    event_url: str


class EventPodsCreate(Body):
    policy: Literal["balanced", "fill"] = "balanced"
    """Balanced: equal pods (10 → 5+5). Fill: pods of eight, bots fill the last (10 → 8+2)."""


class EventRoundCreate(Body):
    round: int = Field(ge=2, le=99)
    """The round to start: the one after the night's current round (a double press of
    "Next round" cannot skip one)."""
    force: bool = False
    """Start it although a game of the current round has no result."""
    clock_minutes: int | None = 60
    """The round's clock, started with the round (1–240 minutes; `null`: no clock)."""


class RoundClockChange(Body):
    action: Literal["start", "pause", "resume", "add", "end", "rule"]
    round: int
    """The round whose clock this is (0: the deckbuilding countdown): a host screen left
    open from an earlier round changes nothing."""
    minutes: int | None = None
    """`start`: the round's length (60 when left out); `add`: the time added."""
    rule: Literal["finish_turn", "one_more_turn"] | None = None
    """`start` or `rule`: what happens at time (the active player finishes this turn, or
    one more turn each)."""


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorEnvelope(BaseModel):
    """Every refusal: `{"error": {"code", "message"}}` (see docs/protocol.md)."""

    error: ErrorDetail


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorEnvelope, "description": description}
    for status, description in (
        (400, "Malformed request"), (401, "Missing or wrong token"), (403, "Wrong role"),
        (404, "Unknown pod or player"), (405, "Method not allowed"),
        (409, "Conflicts with the pod's state"), (413, "Too large"),
        (422, "Invalid values"), (429, "Too many requests"),
        (503, "Database busy: try again"),
    )
}
"""Declared on the app, so the OpenAPI schema documents the error envelope everywhere."""


class JoinArrivals(BaseModel):
    opened: bool
    """Whether a phone (not this laptop) has opened the join page."""
