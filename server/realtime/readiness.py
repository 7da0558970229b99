"""What a live pod's host must know before splitting the tables: who plays at them, who
has no legal deck yet, and which games are being played.

Why in the live state: the deck service refuses a split on these answers
(`server.services.night.building.check_may_split`) and the host's view shows them
(`server.views.pod`); both read them here, so the view asks no service.
"""

from __future__ import annotations

from server.realtime.live import LiveGame, LivePlayer, LivePod


def table_players(pod: LivePod) -> list[LivePlayer]:
    """People who play at the tables: every seat a person joined, in draft seat order."""
    people = [p for p in pod.night.players if not p.kicked and p.seat is not None
              and (p.token_hash is not None)]
    return sorted(people, key=lambda p: p.seat if p.seat is not None else 0)


def without_legal_deck(pod: LivePod) -> list[str]:
    """The table players whose submitted deck is missing or not legal, in seat order."""
    return [p.name for p in table_players(pod)
            if p.deck is None or not p.deck.legal]


def games_in_play(pod: LivePod) -> list[LiveGame]:
    """The current games where something was recorded: a re-split would end them."""
    return [pod.night.games[n] for n in sorted(pod.night.games) if pod.night.games[n].started]
