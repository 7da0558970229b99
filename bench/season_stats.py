"""Issue #44's speed: a season of 40 nights × 16 players, its statistics computed cold (every
night's drafts replayed) and read warm, through the real routes.

Why in-process and generated straight into the database: the figure to watch is the
statistics' own cost (replaying 80 drafts, counting), not a server's start-up or the API's
drafting, which other benches measure. Each night is two pods of eight people drafted by
the bot (`draft.simulate`), decks led by a Piper of a seeded color, two tables of four each
playing two games with a recorded winner. Every pod is `done` (shown: it counts).

It prints, in ms: the cold compute (`season_stats.reads.compute`), the first read of each
page's JSON (the compute plus rendering), the median and p99 of warm reads, and the first
read of each page after a restart on the same database (at once, and once the start's
background warm-up has settled).

Usage: python -m bench.season_stats [--nights 40] [--players 16] [--reads 50]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from draft.simulate import simulate
from draft.state import DraftConfig
from server.app import create_app
from server.core.settings import Settings
from server.db import Session
from server.db.tables import EventRow, GameRow, PickRow, PlayerRow, PodRow, SeasonRow
from server.runtime import Runtime
from server.services.season_stats.reads import compute

COLORS = "WUBRG"


def store_season(session: Session, nights: int, players: int, seed: int = 44,
                 season_id: str = "benchseason") -> str:
    """Write a season of `nights` nights of `players` people (pods of eight) into the
    database and commit; returns its id (the browser test stores one night this way)."""
    rng = random.Random(seed)
    session.add(SeasonRow(id=season_id, name="Bench League", scoring="win-draw-loss",
                          points_json='{"win": 5, "draw": 1, "loss": 0}',
                          host_token_hash="x" * 64))
    session.flush()  # no relationships: parents go first by hand
    for night in range(nights):
        event_id = f"{season_id}e{night}"
        session.add(EventRow(id=event_id, set_code="CMR", seed=night,
                             host_token_hash="x" * 64, phase="done", season_id=season_id))
        session.flush()
        for pod_number in range(players // 8):
            _store_pod(session, rng, event_id, f"{event_id}p{pod_number}",
                       [f"Player {(pod_number * 8 + i + night) % 40}" for i in range(8)])
    session.commit()
    return season_id


def _store_pod(session: Session, rng: random.Random, event_id: str, pod_id: str,
               names: list[str]) -> None:
    add = session.add
    seed = rng.randrange(2**31)
    ids = [f"{pod_id}s{i}" for i in range(8)]
    state, picks = simulate(DraftConfig("CMR"), seed, ids)
    add(PodRow(id=pod_id, set_code="CMR", seats=8, seed=seed, host_token_hash="x" * 64,
               phase="done", event_id=event_id))
    session.flush()
    seat_of = {seat.player: seat.index for seat in state.seats}
    for join_index, (player_id, name) in enumerate(zip(ids, names, strict=True)):
        pool = state.seats[seat_of[player_id]].pool
        color = rng.choice(COLORS)
        deck = {"deck": {"commanders": [{"piper": True, "color": color}],
                         "main": list(pool[:25]), "basics": {}},
                "report": {"legal": True, "size": 60, "color_identity": [color],
                           "problems": []}}
        add(PlayerRow(id=player_id, pod_id=pod_id, join_index=join_index, name=name,
                      seat=seat_of[player_id], deck_json=json.dumps(deck)))
    session.flush()
    for seq, made in enumerate(picks, start=1):
        add(PickRow(pod_id=pod_id, seq=seq, seat=made.seat, cards=json.dumps(list(made.cards))))
    for table in range(2):
        table_ids = ids[table * 4:table * 4 + 4]
        players = [{"id": i, "name": names[ids.index(i)], "commanders": []} for i in table_ids]
        for number in (1, 2):
            add(GameRow(id=f"{pod_id}t{table}g{number}", pod_id=pod_id,
                        table_number=table + 1, number=number, players_json=json.dumps(players),
                        current=number == 2, winner_id=rng.choice(table_ids),
                        needs_confirmation=False))


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=40)
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--reads", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        values: dict[str, object] = {
            "db_url": f"sqlite:///{Path(folder) / 'bench.db'}", "data_dir": Path(folder) / "data",
            "allowed_hosts": "testserver", "rate_limit_exempt": "testclient", "images": "local"}
        settings = Settings(**values)  # type: ignore[arg-type]
        with TestClient(create_app(settings)) as client:
            rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
            started = time.perf_counter()
            with rt.session() as session:
                season_id = store_season(session, args.nights, args.players)
            print(f"stored {args.nights} nights × {args.players} players in "
                  f"{_ms(time.perf_counter() - started)} ms")
            for when in ("cold compute (every draft replayed)",
                         "compute again, finished pods and unchanged nights kept (a new version)"):
                with rt.session() as session:
                    started = time.perf_counter()
                    stats = compute(rt, session, season_id)
                    took = time.perf_counter() - started
                assert stats is not None
                print(f"{when}: {_ms(took)} ms ({stats.nights} nights, "
                      f"{len(stats.cards.cards)} card rows, "
                      f"{len(stats.commanders.commanders)} commander lines)")
            rt.season_stat_pods = type(rt.season_stat_pods)(1024)  # the first read: cold
            for page in ("cards", "commanders"):
                for format in ("json", "csv"):
                    url = f"/api/seasons/{season_id}/{page}?format={format}"
                    started = time.perf_counter()
                    assert client.get(url).status_code == 200
                    first = time.perf_counter() - started
                    warm = []
                    for _ in range(args.reads):
                        started = time.perf_counter()
                        assert client.get(url).status_code == 200
                        warm.append(time.perf_counter() - started)
                    warm.sort()
                    print(f"{page} {format}: first read {_ms(first)} ms, warm median "
                          f"{_ms(statistics.median(warm))} ms, p99 "
                          f"{_ms(warm[min(len(warm) - 1, int(len(warm) * 0.99))])} ms")
        for wait in (False, True):
            _after_a_restart(settings, season_id, wait)


def _after_a_restart(settings: Settings, season_id: str, wait: bool) -> None:
    """The first read of each page after the server starts again on the same database: at
    once (it joins whatever the start computes), or once the start's background work has
    settled (what a phone opening the page a minute after the restart meets)."""
    started = time.perf_counter()
    with TestClient(create_app(settings)) as client:
        rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
        up = time.perf_counter() - started
        settled = 0.0
        if wait:
            started = time.perf_counter()
            client.portal.call(rt.season_warming.settle)  # type: ignore[union-attr]
            settled = time.perf_counter() - started
        firsts = []
        for page in ("cards", "commanders"):
            started = time.perf_counter()
            assert client.get(f"/api/seasons/{season_id}/{page}").status_code == 200
            firsts.append(f"{page} {_ms(time.perf_counter() - started)} ms")
    when = f"once the start's warm-up settled ({_ms(settled)} ms)" if wait else "at once"
    print(f"after a restart (up in {_ms(up)} ms), first reads {when}: {', '.join(firsts)}")


if __name__ == "__main__":
    main()
