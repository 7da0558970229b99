"""The server process's garbage collector: what start-up built is frozen, and young
collections run less often.

Why: CPython's cycle collector walks every tracked container of a generation. A draft
night's heap is large and long-lived (modules, card data, every pod's `DraftState`), and
each pick builds a new state of tuples that survive until the next pick, so the default
thresholds (700, 10, 10) ran a full collection every few seconds at 50 pods, each a
quarter of a second with the event loop stalled, and the young collections on top:
5–7 s of a 25 s bench run went to the collector (docs/performance.md). Freezing the
start-up heap takes it out of every later collection; a young generation of 10,000
objects lets most per-pick garbage die by reference count before a collection looks at it.
Cycles are still collected, later.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 10_000
OLDER_THRESHOLD = 20


def settle_heap() -> None:
    """Collect once, freeze what survives (start-up state), raise the thresholds. Call
    in the serving process after the imports (restoring pods then walks none of them) and
    again after start-up, before serving; a second call freezes what start-up added."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, OLDER_THRESHOLD, OLDER_THRESHOLD)
