"""The night's summary for the host, shaped: as JSON (`server.protocol.shapes.summary`) or
as text in the host's language. The values come from `server.services.exports.summary`,
which already hid what the reveal rule hides; card names stay English (they are what
every other tool reads)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from server.i18n.catalogs import DEFAULT_LANGUAGE, N_, translations
from server.protocol.shapes.pod import table_json
from server.protocol.shapes.summary import (
    PlayedGame,
    PodNight,
    SummaryDeck,
    SummaryPlayer,
)
from server.values import summary


def pod_night_json(pod: summary.PodNight) -> PodNight:
    return {"pod_id": pod.pod_id, "set": pod.set, "phase": pod.phase,
            "players": [_player_json(p) for p in pod.players],
            "tables": [table_json(t) for t in pod.tables],
            "games": [played_game_json(game) for game in pod.games]}


def _player_json(player: summary.SummaryPlayer) -> SummaryPlayer:
    deck: SummaryDeck | None = None
    if player.deck is not None:
        found = player.deck
        deck = {"commanders": list(found.commanders) if found.commanders is not None else None,
                "legal": found.legal, "size": found.size,
                "color_identity": list(found.color_identity)
                if found.color_identity is not None else None}
    return {"name": player.name, "seat": player.seat, "bot": player.bot,
            "kicked": player.kicked, "table": player.table, "deck": deck}


def played_game_json(game: summary.PlayedGame) -> PlayedGame:
    """A played game as the summary and the recap send it."""
    return {"round": game.round, "table": game.table, "number": game.number,
            "current": game.current,
            "players": [{"name": p.name, "commanders": list(p.commanders), "life": p.life,
                         "out": p.out} for p in game.players],
            "winner": game.winner,
            "draw": list(game.draw) if game.draw is not None else None}


PHASES = {"lobby": N_("Lobby"), "drafting": N_("Drafting"), "building": N_("Building decks"),
          "playing": N_("Playing"), "done": N_("Done")}


def _outcome(game: summary.PlayedGame, _: Callable[[str], str]) -> str:
    """Who won, or a draw between whom (every player agreed, or time was called), or that
    nothing was recorded."""
    if game.draw:
        return _("a draw: %(players)s") % {"players": ", ".join(game.draw)}
    if game.winner:
        return _("won by %(name)s") % {"name": game.winner}
    return _("no result recorded")


def as_text(pods: Sequence[summary.PodNight], language: str = DEFAULT_LANGUAGE) -> str:
    """A readable summary in the host's language: one block per pod with its decks,
    tables and games."""
    _ = translations(language).gettext
    title = _("Prismatic Commander Draft night")
    lines = [title, "=" * len(title), ""]
    for number, pod in enumerate(pods, start=1):
        phase = _(PHASES[pod.phase]) if pod.phase in PHASES else pod.phase
        heading = _("Pod %(n)s (%(set)s, %(phase)s) — %(id)s") % {
            "n": number, "set": pod.set, "phase": phase, "id": pod.pod_id}
        lines += [heading, "-" * len(heading), _("Decks:")]
        for p in pod.players:
            if p.bot or p.kicked:
                continue
            deck = p.deck
            if deck is None:
                lines.append("  " + _("%(name)s: no deck") % {"name": p.name})
            elif deck.commanders is not None:
                lines.append("  " + _("%(name)s: %(commanders)s [%(colors)s] (%(legal)s)") % {
                    "name": p.name, "commanders": " & ".join(deck.commanders),
                    "colors": "".join(deck.color_identity or ()) or "C",
                    "legal": _("legal") if deck.legal else _("not legal")})
            else:  # the reveal rule hides the deck: only whether it is legal
                lines.append("  " + _("%(name)s: deck hidden until the reveal (%(legal)s)") % {
                    "name": p.name, "legal": _("legal") if deck.legal else _("not legal")})
        seated = max((game.round for game in pod.games), default=1)  # the tables' round
        for table in pod.tables:
            lines.append(_("Round %(round)s · Table %(n)s: %(players)s") % {
                "round": seated, "n": table.number, "players": ", ".join(table.players)})
        for game in pod.games:
            totals = ", ".join(f"{p.name} {p.life}" for p in game.players)
            lines.append("  " + _("Round %(round)s · Table %(table)s, game %(number)s: "
                                  "%(outcome)s (life: %(totals)s)") % {
                "round": game.round, "table": game.table, "number": game.number,
                "totals": totals, "outcome": _outcome(game, _)})
        lines.append("")
    return "\n".join(lines)
