"""The immutable state of one draft: card instances, packs, seats and their queues.

Why immutable: a pick is `state + input -> new state + changes`. The server can keep the
last good state, apply a pick, and only swap it in after the pick is durably stored;
replaying the stored pick log from `start` rebuilds exactly the same value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from operator import attrgetter

from draft.cards import Card
from draft.errors import ConfigError

MIN_SEATS = 2
MAX_SEATS = 8


class Direction(Enum):
    """Which neighbour receives a pack: left is seat i → i+1, right is seat i → i−1."""

    LEFT = 1
    RIGHT = -1

    @property
    def label(self) -> str:
        return self._name_.lower()  # not `.name`: a Python-level descriptor per read

    @property
    def step(self) -> int:
        """The seat offset a pack moves by (+1 left, -1 right)."""
        step: int = self._value_
        return step


@dataclass(frozen=True, slots=True)
class DraftConfig:
    """How a draft is run. The defaults are Commander Draft: 8 seats, 3 packs, take 2.

    `packs` is a line-up, one set code per round (a mixed night: "one Commander Masters
    pack and two Baldur's Gate"); empty means every round opens `set_code`. A line-up's
    `set_code` is its first round's set. Build one with `DraftConfig.for_packs`.
    """

    set_code: str = "CMR"
    seats: int = 8
    picks_per_pass: int = 2
    rounds: int = 3
    packs: tuple[str, ...] = ()

    @classmethod
    def for_packs(
        cls, packs: Sequence[str], seats: int = 8, picks_per_pass: int = 2
    ) -> DraftConfig:
        """A config for these packs, one per round; one set for every round is a plain set."""
        codes = tuple(code.strip().upper() for code in packs)
        if not codes:
            raise ConfigError("a line-up names one set per round")
        line_up = codes if len(set(codes)) > 1 else ()
        return cls(codes[0], seats, picks_per_pass, len(codes), line_up)

    @property
    def round_sets(self) -> tuple[str, ...]:
        """The set each round opens, round 1 first."""
        return self.packs or (self.set_code,) * self.rounds

    @property
    def sets(self) -> tuple[str, ...]:
        """The distinct sets the draft contains, in round order (the rules depend on it)."""
        return tuple(dict.fromkeys(self.round_sets))

    def set_for_round(self, round_number: int) -> str:
        """The set of the packs opened in round `round_number` (1-based)."""
        return self.round_sets[min(max(round_number, 1), self.rounds) - 1]

    def __post_init__(self) -> None:
        if self.packs and len(self.packs) != self.rounds:
            raise ConfigError(
                f"a line-up names one set per round: {self.rounds}, not {len(self.packs)}"
            )
        if not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise ConfigError(f"a pod has {MIN_SEATS} to {MAX_SEATS} seats, not {self.seats}")
        if not 1 <= self.picks_per_pass <= 3:
            raise ConfigError(f"picks per pass must be 1 to 3, not {self.picks_per_pass}")
        if not 1 <= self.rounds <= 5:
            raise ConfigError(f"a draft has 1 to 5 rounds, not {self.rounds}")

    def direction(self, round_number: int) -> Direction:
        """Rounds 1 and 3 pass left, round 2 passes right (odd left, even right)."""
        return Direction.LEFT if round_number % 2 == 1 else Direction.RIGHT


@dataclass(frozen=True, slots=True)
class CardInstance:
    """One physical card in this draft: two copies of a card are two instances."""

    id: int
    card: Card
    slot: str
    foil: bool


@dataclass(frozen=True, slots=True)
class Pack:
    """A physical pack: its id stays the same while it travels round the table."""

    id: int
    round: int
    opener: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at the table: the packs queued in front of it and the cards it took."""

    index: int
    player: str
    queue: tuple[int, ...] = ()
    pool: tuple[int, ...] = ()
    picks: int = 0
    round_picks: int = 0


_PLAYER = attrgetter("player")
"""A seat's player name (`DraftState.players`)."""


@dataclass(frozen=True, slots=True)
class DraftState:
    """Everything about a draft at one moment; cheap to copy, never mutated."""

    config: DraftConfig
    seed: int
    cards: tuple[CardInstance, ...]
    packs: tuple[Pack, ...]
    seats: tuple[Seat, ...]
    round: int
    cards_left_in_round: int
    finished: bool = False

    @property
    def players(self) -> tuple[str, ...]:
        """Player names in seat order (public information at the table)."""
        return tuple(map(_PLAYER, self.seats))  # C-level: every seat view asks

    @property
    def direction(self) -> Direction:
        return self.config.direction(self.round)

    def instances(self, ids: tuple[int, ...]) -> tuple[CardInstance, ...]:
        """The instances of `ids`, in order. `map` over the tuple's own lookup, not a
        generator: every view a pick sends asks for a whole pool (up to 45 cards), and
        a generator's resume per card was the engine's largest cost per pick
        (docs/performance.md, issue #45)."""
        return tuple(map(self.cards.__getitem__, ids))

    def pool_of(self, seat: int) -> tuple[CardInstance, ...]:
        return self.instances(self.seats[seat].pool)

    def current_pack(self, seat: int) -> Pack | None:
        queue = self.seats[seat].queue
        return self.packs[queue[0]] if queue else None

    def picks_needed(self, seat: int) -> int:
        """How many cards the seat must take now (fewer when the pack runs short)."""
        pack = self.current_pack(seat)
        if pack is None:
            return 0
        return min(self.config.picks_per_pass, len(pack.cards))


def check_players(config: DraftConfig, players: tuple[str, ...]) -> None:
    """A draft needs exactly one named player (human or bot) per seat."""
    if len(players) != config.seats:
        raise ConfigError(f"{config.seats} seats need {config.seats} players, got {len(players)}")
    if any(not name.strip() for name in players):
        raise ConfigError("every player needs a name")
