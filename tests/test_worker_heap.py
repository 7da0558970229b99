"""The test processes' collector policy (tests/worker_heap.py)."""

from __future__ import annotations

import gc
import weakref
from types import SimpleNamespace
from typing import Any

import pytest

from tests.worker_heap import FULL_COLLECTION_EVERY, module_ends, settle


def item(path: str) -> Any:
    return SimpleNamespace(path=path)


def test_a_module_ends_before_another_modules_test_or_none() -> None:
    assert module_ends(item("tests/a.py"), item("tests/b.py"))
    assert module_ends(item("tests/a.py"), None)
    assert not module_ends(item("tests/a.py"), item("tests/a.py"))


def test_this_process_runs_full_collections_rarely() -> None:
    assert gc.get_threshold()[2] == FULL_COLLECTION_EVERY


class Node:
    other: object = None


@pytest.mark.usefixtures("restored_gc")
def test_settling_collects_what_a_module_left_and_freezes_what_survives() -> None:
    first, second = Node(), Node()
    first.other, second.other = second, first
    left = weakref.ref(first)
    del first, second
    kept = [Node()]
    settle()
    assert left() is None
    assert gc.get_freeze_count() > 0
    assert not any(obj is kept[0] for obj in gc.get_objects())  # frozen: never walked again


@pytest.mark.usefixtures("restored_gc")
def test_cycles_made_after_settling_are_still_collected() -> None:
    settle()
    first, second = Node(), Node()
    first.other, second.other = second, first
    gone = weakref.ref(first)
    del first, second
    gc.collect()
    assert gone() is None
