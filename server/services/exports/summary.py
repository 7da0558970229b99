"""The night's summary for the host: pods, tables, decks and winners, as values
(`server.values.summary`; `server.views.summary` shapes them as JSON or text).

Why a deck's commanders, colors and size wait for the reveal rule
(`pods.reveal.everyone_may_open`): the host's laptop is seen by the room, and a host may
also play, so under `after_night` the decks stay secret until the night ends (never under
`own_seat` or `nobody`), as the recap and the export do. Until then a deck says only that
it was submitted and whether it is legal, what the host needs to split the tables. The
commanders of a game in play are on the table for all to see, so the games keep them.

Why read from the database: past games (before a re-split or a rematch) are no longer in
memory, and the summary is a rare host request, so it replays every stored game's log.
"""

from __future__ import annotations

from pods import reveal
from pods.game_result import result_of
from pods.table_state import seed_of
from pods.tracker import replay_game
from server.db import Session, game_repo
from server.realtime.live import LivePod
from server.runtime import Runtime
from server.services.tables.games import commanders_of
from server.values.summary import GamePlayer, PlayedGame, PodNight, SummaryDeck, SummaryPlayer


async def pod_summary(rt: Runtime, pod: LivePod) -> PodNight:
    """One pod's part of the summary: its players and decks from memory, its played games
    from the database (read and replayed off the event loop)."""
    players: list[SummaryPlayer] = []
    shown = reveal.everyone_may_open(pod.night.replay_visibility, pod.night.phase)
    for p in sorted(pod.night.players, key=lambda p: (p.seat is None, p.seat, p.join_index)):
        deck: SummaryDeck | None = None
        if p.deck is not None:
            deck = SummaryDeck(tuple(commanders_of(pod, p)) if shown else None, p.deck.legal,
                               p.deck.size if shown else None,
                               tuple(p.deck.color_identity) if shown else None)
        players.append(SummaryPlayer(p.name, p.seat, p.bot, p.kicked, p.table, deck))
    pod_id, phase, tables = pod.id, pod.night.phase, pod.night.tables or []
    life = pod.setup.starting_life
    played = await rt.read(lambda session: played_games(session, pod_id, life))
    return PodNight(pod_id, pod.setup.set_code, phase, tuple(players), tuple(tables),
                    tuple(played))


def played_games(session: Session, pod_id: str, starting_life: int) -> list[PlayedGame]:
    """Every game of the pod with a change or a winner, replayed from its stored log and
    the pod's starting life (a house rule), so life totals and who is out are the table's."""
    rows = game_repo.list_games(session, pod_id)
    logs = game_repo.load_entries(session, [row.id for row in rows])
    played: list[PlayedGame] = []
    for row in rows:
        if not game_repo.is_played(row, logs[row.id]):
            continue
        game = replay_game(game_repo.players_of(row), logs[row.id], starting_life,
                           seed_of(row.id))
        names = {p.id: p.name for p in game.players}
        result = result_of(game, row.winner_id)
        played.append(PlayedGame(
            row.round, row.table_number, row.number, row.current,
            tuple(GamePlayer(p.name, tuple(p.commanders), game.life[p.id], game.out(p.id))
                  for p in game.players),
            names.get(row.winner_id) if row.winner_id else None,
            tuple(sorted(names[p.player] for p in result.placings if p.place == 1))
            if result is not None and result.draw else None))
    return played
