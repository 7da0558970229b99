"""The night's summary for the host: pods, tables, decks and winners, as JSON or text.

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

from collections.abc import Callable, Sequence

from pods import reveal
from pods.game_result import result_of
from pods.table_state import seed_of
from pods.tracker import replay_game
from server.db import Session, game_repo
from server.i18n.catalogs import DEFAULT_LANGUAGE, N_, translations
from server.protocol.shapes.summary import PlayedGame, PodNight, SummaryDeck, SummaryPlayer
from server.realtime.live import LivePod
from server.runtime import Runtime
from server.services.tables.games import commanders_of


async def pod_summary(rt: Runtime, pod: LivePod) -> PodNight:
    """One pod's part of the summary: its players and decks from memory, its played games
    from the database (read and replayed off the event loop)."""
    players: list[SummaryPlayer] = []
    shown = reveal.everyone_may_open(pod.night.replay_visibility, pod.night.phase)
    for p in sorted(pod.night.players, key=lambda p: (p.seat is None, p.seat, p.join_index)):
        deck: SummaryDeck | None = None
        if p.deck is not None:
            deck = {"commanders": list(commanders_of(pod, p)) if shown else None,
                    "legal": p.deck.legal, "size": p.deck.size if shown else None,
                    "color_identity": list(p.deck.color_identity) if shown else None}
        players.append({"name": p.name, "seat": p.seat, "bot": p.bot, "kicked": p.kicked,
                        "table": p.table, "deck": deck})
    pod_id, phase, tables = pod.id, pod.night.phase, pod.night.tables or []
    life = pod.setup.starting_life
    played = await rt.read(lambda session: played_games(session, pod_id, life))
    return {"pod_id": pod_id, "set": pod.setup.set_code, "phase": phase, "players": players,
            "tables": [{"number": t.number, "players": list(t.players)} for t in tables],
            "games": played}


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
        played.append({
            "round": row.round, "table": row.table_number, "number": row.number,
            "current": row.current,
            "players": [{"name": p.name, "commanders": list(p.commanders),
                         "life": game.life[p.id], "out": game.out(p.id)}
                        for p in game.players],
            "winner": names.get(row.winner_id) if row.winner_id else None,
            "draw": sorted(names[p.player] for p in result.placings if p.place == 1)
            if result is not None and result.draw else None,
        })
    return played


PHASES = {"lobby": N_("Lobby"), "drafting": N_("Drafting"), "building": N_("Building decks"),
          "playing": N_("Playing"), "done": N_("Done")}


def _outcome(game: PlayedGame, _: Callable[[str], str]) -> str:
    """Who won, or a draw between whom (every player agreed, or time was called), or that
    nothing was recorded."""
    if game["draw"]:
        return _("a draw: %(players)s") % {"players": ", ".join(game["draw"])}
    if game["winner"]:
        return _("won by %(name)s") % {"name": game["winner"]}
    return _("no result recorded")


def as_text(pods: Sequence[PodNight], language: str = DEFAULT_LANGUAGE) -> str:
    """A readable summary in the host's language: one block per pod with its decks,
    tables and games. Card names stay English (they are what every other tool reads)."""
    _ = translations(language).gettext
    title = _("Prismatic Commander Draft night")
    lines = [title, "=" * len(title), ""]
    for number, pod in enumerate(pods, start=1):
        phase = _(PHASES[pod["phase"]]) if pod["phase"] in PHASES else pod["phase"]
        heading = _("Pod %(n)s (%(set)s, %(phase)s) — %(id)s") % {
            "n": number, "set": pod["set"], "phase": phase, "id": pod["pod_id"]}
        lines += [heading, "-" * len(heading), _("Decks:")]
        for p in pod["players"]:
            if p["bot"] or p["kicked"]:
                continue
            deck = p["deck"]
            if deck is None:
                lines.append("  " + _("%(name)s: no deck") % {"name": p["name"]})
            elif deck["commanders"] is not None:
                lines.append("  " + _("%(name)s: %(commanders)s [%(colors)s] (%(legal)s)") % {
                    "name": p["name"], "commanders": " & ".join(deck["commanders"]),
                    "colors": "".join(deck["color_identity"] or ()) or "C",
                    "legal": _("legal") if deck["legal"] else _("not legal")})
            else:  # the reveal rule hides the deck: only whether it is legal
                lines.append("  " + _("%(name)s: deck hidden until the reveal (%(legal)s)") % {
                    "name": p["name"], "legal": _("legal") if deck["legal"] else _("not legal")})
        seated = max((game["round"] for game in pod["games"]), default=1)  # the tables' round
        for table in pod["tables"]:
            lines.append(_("Round %(round)s · Table %(n)s: %(players)s") % {
                "round": seated, "n": table["number"], "players": ", ".join(table["players"])})
        for game in pod["games"]:
            totals = ", ".join(f"{p['name']} {p['life']}" for p in game["players"])
            lines.append("  " + _("Round %(round)s · Table %(table)s, game %(number)s: "
                                  "%(outcome)s (life: %(totals)s)") % {
                "round": game["round"], "table": game["table"], "number": game["number"],
                "totals": totals, "outcome": _outcome(game, _)})
        lines.append("")
    return "\n".join(lines)
