"""CPU of three parts of one table-pace pick, each alone (issue #45): checking a pick
frame, the card text of a seat view, and the loop ↔ writer thread round trip.

Why apart from `prismatic bench`: at table pace each part costs microseconds, far below
the noise of a whole run on a shared machine; alone, in a tight loop, with the CPU time
of this process (not the wall clock), the before and after of one change can be told
apart even under load. Run it with each checkout's own Python, from that checkout, to
compare them (the parts a checkout does not have are measured the way it does them):

    python -m bench.pick_parts [--rounds 7]
    (cd ../before && .venv/bin/python ../this/bench/pick_parts.py)   # another checkout

Figures are medians [min–max] of `--rounds` rounds, in µs of CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import statistics
import time
from collections.abc import Callable
from typing import Any

import orjson

from draft.cards import load_set
from draft.state import CardInstance
from server.cards.card_json import CardJson
from server.db.writer import GroupWriter, Write
from server.protocol.bodies import WsPick
from server.realtime.live import LivePod, PodSetup

FRAME = b'{"type":"pick","pick":17,"cards":[40312],"ref":"p17"}'


def _rounds(rounds: int, n: int, step: Callable[[], Any]) -> list[float]:
    out = []
    for _ in range(rounds):
        started = time.thread_time()
        for _ in range(n):
            step()
        out.append((time.thread_time() - started) / n * 1e6)
    return out


def frame_check(rounds: int) -> list[float]:
    """Decode and check one pick frame: `pick_frame.parse` where the checkout has it,
    else the `WsPick` model."""
    if importlib.util.find_spec("server.protocol.pick_frame") is not None:
        from server.protocol import pick_frame
        return _rounds(rounds, 20_000, lambda: pick_frame.parse(orjson.loads(FRAME)))
    return _rounds(rounds, 20_000, lambda: WsPick.model_validate(orjson.loads(FRAME)))


def card_texts(rounds: int) -> list[float]:
    """45 card texts joined, as a seat view's pack and pool are (every body built before):
    in one call per list where the checkout has `LivePod.card_texts`, else a call per card
    (`server.views.pod.card_text`, before a02c150)."""
    pod = LivePod(PodSetup("bench", "CMR", 8, 1, None, True, "h"), cards=CardJson())
    cards = load_set("CMR").cards
    instances = [CardInstance(i, cards[i % len(cards)], "common", i % 7 == 0)
                 for i in range(45)]
    texts = getattr(pod, "card_texts", None)
    if texts is not None:
        def join() -> str:
            joined: str = texts.joined(instances)
            return "[" + joined + "]"
    else:
        card_text = importlib.import_module("server.views.pod").card_text

        def join() -> str:
            return "[" + ",".join(card_text(pod, c) for c in instances) + "]"
    join()
    return _rounds(rounds, 2_000, join)


class _NoDisk(GroupWriter):
    """The writer with a transaction that does nothing: the hand-off alone."""

    def _commit(self, batch: list[Write]) -> dict[Write, Exception]:
        return {}


def writer_round_trip(rounds: int) -> list[float]:
    """One lone write submitted and awaited (process CPU: both threads)."""
    n = 3_000

    async def run() -> list[float]:
        writer = _NoDisk(lambda: None)  # type: ignore[arg-type, return-value]
        out = []
        for _ in range(rounds):
            started = time.process_time()
            for _ in range(n):
                await writer.submit(Write(stage=None, committed=lambda: None,
                                          failed=lambda: None))
            out.append((time.process_time() - started) / n * 1e6)
        await writer.close()
        return out
    return asyncio.run(run())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)
    for name, measure in (("pick frame: decode + check", frame_check),
                          ("seat view: 45 card texts", card_texts),
                          ("writer: lone write round trip", writer_round_trip)):
        values = measure(args.rounds)
        print(f"{name:32s} {statistics.median(values):7.1f} µs CPU "
              f"[{min(values):.1f}–{max(values):.1f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
