"""Draft logs: what each pack held and what one seat took, MTGO-style text and our JSON.

Why our own input type: the engine's pick records change while the night is built;
`LoggedPick` is the stable shape the exporters need, and the server maps engine picks to
it. MTGO text is what draft-analysis sites import:

    Event #: 42
    Time:    11/29/2026 8:15:00 PM
    Players:
        Ann
    --> Bob

    ------ CMR ------

    Pack 1 pick 1:
        Card in the pack
    --> Card taken

A `------ SET ------` line is written before each round (MTGO does the same), naming the
set that round opened (a mixed night's line-up, e.g. CMM then CLB, CLB); the reader
accepts one or many and keeps them as the log's `packs`. The `Time:` line is in MTGO's
own form (`mtgo_time`): some log readers wait for it before the players and never stop
looking without it. Every card taken
in a pick is marked `-->` in that pick's one block, which is how XMage's `DraftLogImporter`
reads it (any line `--> Name` is a card taken). Split cards are `A // B` here, not MTGO's
`A/B`: XMage looks a log's names up as written, and its cards are named `A // B`.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from draft.cards import Card
from pods.errors import DeckFormatError
from pods.formats.json_format import card_ref, find_ref
from pods.formats.names import CardLookup, display_name
from pods.problems import Problem

JSON_FORMAT = "prismatic-draft-log"
_PICK = re.compile(r"^Pack (\d+) pick (\d+):$", re.IGNORECASE)
_SET = re.compile(r"^-+ ?(\S+) ?-+$")
MARK = "--> "
INDENT = "    "


@dataclass(frozen=True, slots=True)
class LoggedPick:
    """One pass: the pack as it reached the seat (taken cards included) and the cards taken."""

    round: int
    pick: int
    pack: tuple[Card, ...]
    taken: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DraftLog:
    """One seat's view of a draft: the players in seat order, who "you" are, the picks."""

    event_id: str
    players: tuple[str, ...]
    you: int
    set_code: str
    picks: tuple[LoggedPick, ...]
    time: str | None = None
    packs: tuple[str, ...] = ()
    """The set each round opened (a line-up); empty: every round opened `set_code`."""

    def set_for_round(self, round_number: int) -> str:
        """The set the packs of round `round_number` came from."""
        if 1 <= round_number <= len(self.packs):
            return self.packs[round_number - 1]
        return self.set_code


@dataclass(frozen=True, slots=True)
class DraftLogRead:
    """A log read from text, and the card names that could not be found."""

    log: DraftLog
    problems: tuple[Problem, ...] = ()


def mtgo_time(moment: datetime) -> str:
    """`11/29/2026 8:15:00 PM`: the month/day/year, 12-hour clock MTGO writes in its logs.

    >>> mtgo_time(datetime(2026, 11, 29, 20, 15))
    '11/29/2026 8:15:00 PM'
    """
    hour = moment.hour % 12 or 12
    half = "AM" if moment.hour < 12 else "PM"
    return (f"{moment.month}/{moment.day}/{moment.year} "
            f"{hour}:{moment.minute:02d}:{moment.second:02d} {half}")


def write_mtgo(log: DraftLog) -> str:
    """The log as MTGO-style text."""
    lines = [f"Event #: {log.event_id}"]
    if log.time:
        lines.append(f"Time:    {log.time}")
    lines.append("Players:")
    lines += [(MARK if i == log.you else INDENT) + p for i, p in enumerate(log.players)]
    current_round = None
    for pick in log.picks:
        if pick.round != current_round:
            current_round = pick.round
            lines += ["", f"------ {log.set_for_round(pick.round)} ------"]
        lines += ["", f"Pack {pick.round} pick {pick.pick}:"]
        to_mark = Counter(pick.taken)
        for card in pick.pack:
            marked = to_mark[card] > 0
            to_mark[card] -= 1
            lines.append((MARK if marked else INDENT) + display_name(card))
    return "\n".join(lines) + "\n"


def read_mtgo(text: str, lookup: CardLookup) -> DraftLogRead:
    """A log from MTGO-style text; `DeckFormatError` when it is not a draft log at all."""
    event_id, time, set_code = "", None, ""
    packs: list[str] = []
    players: list[str] = []
    you = -1
    picks: list[LoggedPick] = []
    problems: list[Problem] = []
    in_players = False
    current: tuple[int, int] | None = None
    pack: list[Card] = []
    taken: list[Card] = []

    def close() -> None:
        if current is not None:
            picks.append(LoggedPick(current[0], current[1], tuple(pack), tuple(taken)))

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            in_players = False
            continue
        if stripped.startswith("Event #:"):
            event_id = stripped.split(":", 1)[1].strip()
        elif stripped.startswith("Time:"):
            time = stripped.split(":", 1)[1].strip()
        elif stripped == "Players:":
            in_players = True
        elif in_players:
            if line.startswith(MARK.rstrip()):
                you = len(players)
            players.append(stripped.removeprefix("-->").strip())
        elif match := _SET.match(stripped):
            set_code = set_code or match[1]
            packs.append(match[1])
        elif match := _PICK.match(stripped):
            close()
            current, pack, taken = (int(match[1]), int(match[2])), [], []
        elif current is not None:
            is_taken = stripped.startswith("-->")
            name = stripped.removeprefix("-->").strip()
            card = lookup.find(name)
            if card is None:
                problems.append(lookup.unknown(name, number))
                continue
            pack.append(card)
            if is_taken:
                taken.append(card)
        else:
            message = f"Line {number} is not part of an MTGO draft log: {stripped!r}."
            problems.append(Problem("unreadable_line", None, message, {"line": number}))
    close()
    if not event_id and not picks:
        raise DeckFormatError("not an MTGO draft log: no 'Event #:' line and no picks")
    line_up = tuple(packs) if len(set(packs)) > 1 else ()
    log = DraftLog(event_id, tuple(players), you, set_code, tuple(picks), time, line_up)
    return DraftLogRead(log, tuple(problems))


def write_json(log: DraftLog) -> str:
    """The log as our JSON (cards by set and number)."""
    data = {
        "format": JSON_FORMAT,
        "version": 1,
        "event_id": log.event_id,
        "time": log.time,
        "players": list(log.players),
        "you": log.you,
        "set": log.set_code,
        "packs": list(log.packs),
        "picks": [
            {
                "round": p.round,
                "pick": p.pick,
                "pack": [card_ref(c) for c in p.pack],
                "taken": [card_ref(c) for c in p.taken],
            }
            for p in log.picks
        ],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def read_json(text: str, lookup: CardLookup) -> DraftLogRead:
    """A log from our JSON; `DeckFormatError` when it is not JSON or not our shape."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise DeckFormatError(f"not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
        raise DeckFormatError(f"not a {JSON_FORMAT} JSON document")
    problems: list[Problem] = []
    try:
        picks = tuple(
            LoggedPick(
                int(p["round"]),
                int(p["pick"]),
                _cards(p["pack"], lookup, problems),
                _cards(p["taken"], lookup, problems),
            )
            for p in data["picks"]
        )
        log = DraftLog(
            str(data["event_id"]),
            tuple(str(p) for p in data["players"]),
            int(data["you"]),
            str(data["set"]),
            picks,
            None if data.get("time") is None else str(data["time"]),
            tuple(str(code) for code in data.get("packs") or ()),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise DeckFormatError(f"draft log JSON is missing or has a bad field: {error}") from None
    return DraftLogRead(log, tuple(problems))


def _cards(entries: Any, lookup: CardLookup, problems: list[Problem]) -> tuple[Card, ...]:
    if not isinstance(entries, list):
        raise TypeError("a pack must be a list of cards")
    found = (find_ref(e, lookup, problems) for e in entries if isinstance(e, dict))
    return tuple(card for card in found if card is not None)
