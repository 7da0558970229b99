"""Golden drafts: what a seed deals, pinned in files, so a change to generation is seen.

    python scripts/golden_drafts.py            # check: exit 1 if any golden file differs
    python scripts/golden_drafts.py --write    # rewrite tests/draft/golden/*.json

Why: a restarted server rebuilds every pod from its seed and pick log (`draft.replay`),
so a seed must open the same packs forever, and the bots must pick the same cards. A
golden file holds, for one set and seed, every pack of every round (card numbers, slot,
foil; card instances are numbered in that order) and every pick (seat, instance ids) of a
whole 8-seat draft in which `ValueBot` drafts for everyone.
`tests/draft/test_golden_drafts.py` regenerates them and compares. Rewrite them only when
a change to collation, seating or the bot is intended, and say so in the commit. After a
collation or seating change, pods stored before it no longer replay (the server sets them
aside at start-up); after a bot change they do, since replay reads bot picks from the log.

Set-agnostic: a set gets golden files by being listed in `SETS`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from draft import engine  # noqa: E402
from draft.bots import ValueBot  # noqa: E402
from draft.changes import PickMade  # noqa: E402
from draft.state import DraftConfig  # noqa: E402

SETS = ("CMR", "CLB", "CMM")
"""Every set with golden files (add a bundled set's code here, then run `--write`)."""
SEEDS = (7, 2**62 + 11)
"""A small seed and one of the size the server draws (`secrets.randbelow(2**63)`)."""
GOLDEN_DIR = ROOT / "tests" / "draft" / "golden"


def golden_draft(set_code: str, seed: int) -> dict[str, Any]:
    """The packs and bot picks of a whole draft of `set_code` from `seed`, as JSON data."""
    config = DraftConfig(set_code=set_code)
    players = [f"p{i}" for i in range(config.seats)]
    state = engine.start(config, players, seed)
    opened = state
    bot = ValueBot()
    picks: list[list[Any]] = []
    while not state.finished:
        for seat in range(config.seats):
            if state.seats[seat].queue and not state.finished:
                state, changes = engine.auto_pick(state, seat, bot)
                made = changes[0]
                assert isinstance(made, PickMade)
                picks.append([seat, list(made.cards)])

    def label(card_id: int) -> str:
        instance = opened.cards[card_id]
        return f"{instance.card.number}:{instance.slot}{'*' if instance.foil else ''}"

    return {
        "set": set_code,
        "seed": seed,
        "seating": list(opened.players),
        "packs": [[label(i) for i in pack.cards] for pack in opened.packs],
        "picks": picks,
        "pools": [[state.cards[i].card.number for i in seat.pool] for seat in state.seats],
    }


def golden_path(set_code: str, seed: int) -> Path:
    return GOLDEN_DIR / f"{set_code.lower()}-{seed}.json"


def render(data: dict[str, Any]) -> str:
    """One pack or pick per line: a diff shows where generation changed."""
    lines = ["{", f'  "set": {json.dumps(data["set"])},', f'  "seed": {data["seed"]},',
             f'  "seating": {json.dumps(data["seating"])},']
    for key in ("packs", "picks", "pools"):
        rows = [f"    {json.dumps(row, separators=(',', ':'))}" for row in data[key]]
        lines.append(f'  "{key}": [\n' + ",\n".join(rows) + "\n  ]"
                     + ("," if key != "pools" else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


def stale() -> list[Path]:
    """The golden files that are missing or differ from what generation gives now."""
    changed = []
    for set_code in SETS:
        for seed in SEEDS:
            path = golden_path(set_code, seed)
            wanted = render(golden_draft(set_code, seed))
            if not path.is_file() or path.read_text(encoding="utf-8") != wanted:
                changed.append(path)
    return changed


def write() -> list[Path]:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    written = []
    for set_code in SETS:
        for seed in SEEDS:
            path = golden_path(set_code, seed)
            path.write_text(render(golden_draft(set_code, seed)), encoding="utf-8")
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the golden files")
    args = parser.parse_args(argv)
    if args.write:
        for path in write():
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    changed = stale()
    for path in changed:
        print(f"differs: {path.relative_to(ROOT)}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
