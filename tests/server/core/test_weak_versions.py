"""One value per live object and version: kept while the version holds, built anew at the
next, and gone with the object."""

from __future__ import annotations

import gc

from server.core.weak_versions import WeakVersions


class Pod:
    """A stand-in for a live pod: any object a weak reference may point to."""


def test_a_value_is_built_once_per_version_and_the_next_version_builds_anew() -> None:
    cache: WeakVersions[Pod, list[int]] = WeakVersions()
    pod, built = Pod(), []

    def make() -> list[int]:
        built.append(1)
        return [len(built)]

    first = cache.get(pod, 1, make)
    assert cache.get(pod, 1, make) is first and len(built) == 1
    second = cache.get(pod, 2, make)
    assert second is not first and second == [2]
    assert cache.get(pod, 1, make) == [3]  # only the newest version is kept


def test_an_object_let_go_takes_its_value_with_it() -> None:
    cache: WeakVersions[Pod, str] = WeakVersions()
    kept, dropped = Pod(), Pod()
    cache.get(kept, 1, lambda: "kept")
    cache.get(dropped, 1, lambda: "dropped")
    del dropped
    gc.collect()
    assert len(cache) == 1 and cache.get(kept, 1, lambda: "built again") == "kept"
