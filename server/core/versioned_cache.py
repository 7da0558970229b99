"""A small cache of values computed from stored data, each kept with the version it was
computed at: a read asks for the version it sees now, and a different version is a miss.

Why versions and not invalidation calls: another process of a cluster (or a later write
of this one) may change the data; comparing a stored version needs no message from the
writer, so no path of writing can forget to invalidate. Bounded: least recently used
values leave first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class VersionedCache(Generic[V]):
    def __init__(self, size: int) -> None:
        self._size = size
        self._values: OrderedDict[Hashable, tuple[Hashable, V]] = OrderedDict()
        self._lock = threading.Lock()  # read from several threads of a pool

    def get(self, key: Hashable, version: Hashable) -> V | None:
        with self._lock:
            found = self._values.get(key)
            if found is None or found[0] != version:
                return None
            self._values.move_to_end(key)
            return found[1]

    def put(self, key: Hashable, version: Hashable, value: V) -> None:
        with self._lock:
            self._values[key] = (version, value)
            self._values.move_to_end(key)
            while len(self._values) > self._size:
                self._values.popitem(last=False)

    def drop(self, key: Hashable) -> None:
        with self._lock:
            self._values.pop(key, None)
