"""The cache keeps one version per key (a newer version replaces the older) and at most
`size` keys, the least recently read leaving first: it cannot grow with writes or seasons."""

from __future__ import annotations

from server.core.versioned_cache import VersionedCache


def test_a_new_version_replaces_the_old_one() -> None:
    cache: VersionedCache[str] = VersionedCache(4)
    cache.put("season", 1, "old")
    cache.put("season", 2, "new")
    assert cache.get("season", 1) is None
    assert cache.get("season", 2) == "new"


def test_the_least_recently_read_key_leaves_first() -> None:
    cache: VersionedCache[str] = VersionedCache(2)
    cache.put("a", 1, "A")
    cache.put("b", 1, "B")
    assert cache.get("a", 1) == "A"  # now "b" is the least recently read
    cache.put("c", 1, "C")
    assert cache.get("b", 1) is None
    assert cache.get("a", 1) == "A" and cache.get("c", 1) == "C"
