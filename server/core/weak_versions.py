"""One value per live object, kept with the version it was built at: a read that sees
another version builds the value anew, and the old one goes.

Why weak keys: the objects are the runtime's live pods; when the registry lets a pod go,
its value goes with it, and no path of dropping a pod must remember this cache. Why
generic and here: the runtime owns the views' cache (`Runtime.views`), and the runtime
is below the views (the services import it), so it can hold the cache but not name the
views' own types (`server.views.cache` does).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar
from weakref import WeakKeyDictionary

K = TypeVar("K")
V = TypeVar("V")


class WeakVersions(Generic[K, V]):
    def __init__(self) -> None:
        self._values: WeakKeyDictionary[K, tuple[Hashable, V]] = WeakKeyDictionary()

    def get(self, key: K, version: Hashable, make: Callable[[], V]) -> V:
        """The value of `key` at `version`, made (and kept) when missing or older."""
        found = self._values.get(key)
        if found is not None and found[0] == version:
            return found[1]
        value = make()
        self._values[key] = (version, value)
        return value

    def __len__(self) -> int:
        return len(self._values)
