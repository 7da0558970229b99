"""The test process's garbage collector: collected and frozen at each module's end, full
collections rare in between (issue #43).

Why: CPython's cycle collector walks every tracked object of the generations it collects,
and a worker's heap is large and mostly long-lived (modules, card data, each worker's
templates and saved nights), while each test builds an app full of cycles that dies at its
end. With the default thresholds a worker ran a full collection every few seconds, each a
quarter of a second of walking the same long-lived objects: 5.5-6.5 s of a worker's 37 s
of CPU over `tests/server/routes` went to full collections, and at the session's end
the interpreter's own last collections kept each worker alive for about 3 s more.

So, when a module ends (its fixtures are torn down, the next test is in another module or
there is none), the worker collects once and freezes what survives, which is what the
session keeps; every later collection walks only what was made since. A cycle a frozen
object joins later is still freed by reference counting, never by a collection; what
survives a module's end is the session's anyway. Between module ends a full collection runs
at most once per `FULL_COLLECTION_EVERY` middle ones (CPython's default: 10).
"""

from __future__ import annotations

import gc

import pytest

FULL_COLLECTION_EVERY = 100


def module_ends(item: pytest.Item, nextitem: pytest.Item | None) -> bool:
    """Whether `item` is the last test of its module that this process runs next."""
    return nextitem is None or nextitem.path != item.path


def settle() -> None:
    """Collect what the module left, freeze what survives."""
    gc.collect()
    gc.freeze()


class WorkerHeap:
    """The plugin; tests/conftest.py registers it in every pytest process."""

    def __init__(self) -> None:
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, FULL_COLLECTION_EVERY)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_teardown(self, item: pytest.Item,
                                nextitem: pytest.Item | None) -> object:
        result = yield
        if module_ends(item, nextitem):
            settle()
        return result
