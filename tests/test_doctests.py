"""The usage examples in the docstrings of `draft` and `pods` run, and hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import draft
import pods


def modules(package: ModuleType) -> list[str]:
    return sorted(info.name for info in pkgutil.walk_packages(package.__path__,
                                                              package.__name__ + "."))


@pytest.mark.parametrize("name", modules(draft) + modules(pods))
def test_the_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed"


def test_some_modules_have_examples() -> None:
    """A guard against the parametrization finding nothing (and passing vacuously)."""
    attempted = sum(doctest.testmod(importlib.import_module(name)).attempted
                    for name in ("pods.identity", "pods.formats.arena"))
    assert attempted >= 2
