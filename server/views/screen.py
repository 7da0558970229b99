"""The store's screen: a night as a TV in the store shows it to everyone in the room.

Why built from scratch and not from the host view: the host view is a superset made for
the host (join codes, who is connected, links with the host's token in them).
The screen is read by anyone who walks past, so it is built only from what the room may
know: names, phases, how many packs and picks, who is still picking and how long they
have, life totals and commanders on the table, results and standings. It never holds a
card of a pack, a pool or a deck (the commanders of a game in play are on the table for
all to see), and never a token.
"""

from __future__ import annotations

from collections.abc import Sequence

from draft.engine import seats_to_act
from pods.game_result import result_of
from pods.results import GameResult
from pods.season.standings import Standing
from pods.store_wifi import StoreWifi, qr_text
from pods.table_state import active
from pods.tracker import CommanderRef, Game, Kind
from server.protocol.shapes.screen import (
    ScreenDanger,
    ScreenJoin,
    ScreenNightResult,
    ScreenPod,
    ScreenResult,
    ScreenSlowest,
    ScreenStanding,
    ScreenTable,
    ScreenView,
)
from server.realtime.live import PLACEHOLDER, LiveGame, LivePlayer, LivePod
from server.values.night import Night
from server.values.screen import FinishedGame, NightScreen, SeasonLines
from server.views.pod import iso
from server.views.qr import qr_data_uri
from server.views.round_clock import clock_json, shown_in


def night_screen(screen: NightScreen) -> ScreenView:
    """The screen of a night as read (`server.services.events.screens.night_screen`)."""
    view = screen_view(screen.night, screen.pods, screen.standings, screen.join_url,
                       screen.season, screen.wifi)
    view["round_clock"] = clock_json(shown_in(screen.clock, night_phase(screen.pods)),
                                     screen.now)
    view["results"] = [night_result(game) for game in screen.results]
    return view


def night_result(game: FinishedGame) -> ScreenNightResult:
    """One finished game of tonight, players by name (as stored results name them)."""
    return {"pod": game.pod, "round": game.round, "table": game.table, "game": game.game,
            "result": placings_line(game.result, {}, game.pending)}


def night_phase(pods: Sequence[LivePod]) -> str:
    """Building while any pod builds, else playing while any plays (the clock's phases)."""
    phases = {pod.night.phase for pod in pods}
    return next((phase for phase in ("building", "playing") if phase in phases), "")


def screen_view(night: Night, pods: Sequence[LivePod], standings: Sequence[Standing],
                join_url: str, season: SeasonLines | None = None,
                wifi: StoreWifi | None = None) -> ScreenView:
    return {
        "event_id": night.row.id,
        "phase": night.row.phase,
        "set": night.row.set_code,
        "line_up": list(night.line_up),
        "players": len(night.players),
        "pods": [pod_line(number, pod) for number, pod in enumerate(pods, start=1)],
        "standings": [standing_line(line) for line in standings],
        "join": join_line(night, join_url, wifi),
        "season": {"name": season.name,
                   "standings": [standing_line(line) for line in season.standings]}
        if season is not None else None,
    }


def join_line(night: Night, url: str, wifi: StoreWifi | None = None) -> ScreenJoin | None:
    """While the night is open: its join link and code, who joined (in join order), and
    the store's Wi-Fi as a QR code. The code is the room's: a guarded lobby keeps out
    whoever is not in the store."""
    if night.row.phase != "open":
        return None
    return {"url": url, "code": night.row.join_code,
            "names": [p.name for p in sorted(night.players, key=lambda p: p.join_index)],
            "wifi": {"name": wifi.name, "qr": qr_data_uri(qr_text(wifi))}
            if wifi is not None else None}


def pod_line(number: int, pod: LivePod) -> ScreenPod:
    """One pod; its tables while they play and once it is done (the night's end shows
    their results). A later round's table is listed only under the pod that stores it: every
    other pod whose players sit at it borrows the same game, and the TV shows it once."""
    people = [p for p in pod.night.players if not p.bot and not p.kicked]
    picking, slowest = still_picking(pod)
    return {
        "number": number,
        "phase": pod.night.phase,
        "paused": pod.night.paused,
        "round": pod.night.state.round if pod.night.state is not None else 0,
        "rounds": pod.config.rounds,
        "people": len(people),
        "picking": picking,
        "slowest": slowest,
        "timer_seconds": pod.setup.timer_seconds,
        "decks": sum(1 for p in people if p.deck is not None),
        "tables": [table_line(pod.night.games[n]) for n in sorted(pod.night.games)
                   if pod.night.games[n].home in (None, pod.id)]
        if pod.night.phase in ("playing", "done") else [],
    }


def still_picking(pod: LivePod) -> tuple[list[str], ScreenSlowest | None]:
    """The people with a pack in front of them (bots pick at once), in seat order, and
    the one the pod waits on longest: fewest picks made, then the latest deadline."""
    state = pod.night.state
    if pod.night.phase != "drafting" or state is None:
        return [], None
    people = [p for p in (pod.at_seat(seat) for seat in seats_to_act(state))
              if not p.bot and not p.kicked]
    if not people:
        return [], None
    seats = state.seats

    def waiting_longest(player: LivePlayer) -> tuple[int, float]:
        picks = seats[player.seat].picks if player.seat is not None else 0
        later = player.deadline.timestamp() if player.deadline is not None else 0.0
        return picks, -later

    slowest = min(people, key=waiting_longest)
    seat = seats[slowest.seat] if slowest.seat is not None else None
    return [p.name for p in people], {
        "name": slowest.name,
        "pick": seat.round_picks + 1 if seat is not None else 1,
        "deadline": None if pod.night.paused else iso(slowest.deadline),
    }


def table_line(live: LiveGame) -> ScreenTable:
    game = live.game
    shared = game.table
    turn = (active(shared, [p.id for p in game.players], game.standing)
            if game.end.result is None else None)
    return {
        "round": live.round,
        "table": live.table,
        "game": live.number,
        "turn": shared.turn_number,
        "players": [{"name": p.name, "life": game.life[p.id], "out": game.out(p.id),
                     "commanders": [c for c in p.commanders if c != PLACEHOLDER],
                     "poison": game.counter(p.id, Kind.POISON), "active": p.id == turn,
                     "monarch": p.id == shared.monarch,
                     "initiative": p.id == shared.initiative,
                     "room": shared.room(p.id) if p.id == shared.initiative else None,
                     "danger": danger_lines(game, p.id)}
                    for p in game.players],
        "result": result_line(result_of(game, live.winner),
                              {p.id: p.name for p in game.players}, not game.end.counts),
    }


DANGER_DAMAGE = 15
"""Commander damage the room watches: 15 or more of the 21 that put a player out."""


def danger_lines(game: Game, victim: str) -> list[ScreenDanger]:
    """The commanders that dealt `victim` 15+ damage (most first); one nobody named (a
    placeholder) is called by its owner's name."""
    owners = {p.id: p for p in game.players}
    lines: list[ScreenDanger] = []
    for player in game.players:
        for index, name in enumerate(player.commanders):
            damage = game.damage(victim, CommanderRef(player.id, index))
            if damage >= DANGER_DAMAGE and player.id != victim:
                lines.append({"commander": owners[player.id].name if name == PLACEHOLDER
                              else name, "damage": damage})
    return sorted(lines, key=lambda line: -line["damage"])


def result_line(result: GameResult | None, names: dict[str, str],
                pending: bool = False) -> ScreenResult | None:
    """`pending`: not confirmed yet, so it counts for no season (`Ending.counts`)."""
    return placings_line(result, names, pending) if result is not None else None


def placings_line(result: GameResult, names: dict[str, str], pending: bool) -> ScreenResult:
    """A result's places, first first (names sorted within a place); a player `names`
    does not name is shown as the result names it."""
    placings = sorted(result.placings, key=lambda p: (p.place, names.get(p.player, p.player)))
    return {"draw": result.draw, "pending": pending,
            "placings": [{"name": names.get(p.player, p.player), "place": p.place}
                         for p in placings]}


def standing_line(line: Standing) -> ScreenStanding:
    return {"rank": line.rank, "name": line.player, "points": line.points,
            "games": line.games, "wins": line.wins, "draws": line.draws}
