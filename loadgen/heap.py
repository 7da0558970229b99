"""The bench client's cycle collector is off while its phones draft.

Why: one client process plays every phone (2,000 at the convention goal). Its full
collections walked every socket, seat and sample it held, up to 0.4 s with its event loop
stopped (freezing the set-up heap did not help: the sockets open inside the draft), and
every phone froze at once. No phone read its answer meanwhile (the latency counted the
pause), and when the loop ran again the picks whose think time had ended went out
together: a burst of a hundred picks in one instant that no room of real phones, each its
own device, ever sends. Issue #33's slow picks of the 2,000-phone run sat in exactly the
seconds of the client's collections.

What it costs: the client's cyclic garbage is about 2.5 objects a pick (59,105 after
24,000 picks, 113 MB peak RSS for the whole client), so a convention's draft fits in
memory; it is collected once when the draft is over.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cycle collection inside the `with` body (reference counting still frees almost
    everything); one collection after it. Restores the collector's previous state."""
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
        gc.collect()
