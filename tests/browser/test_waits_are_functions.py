"""Every `wait_for_function` in the browser tests waits on a function, never on an expression.

Why: Playwright evaluates an expression again with `eval` on every poll, and our pages'
CSP has no 'unsafe-eval', so an expression that is not true at the first look fails with
an `EvalError` only when the page is slow — on a loaded CI machine, never on a quiet one.
A function is evaluated once and then called. This rule reads the tests' source, so it
fails on the first such wait, however fast the machine.
"""

from __future__ import annotations

import ast
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _string_constants(tree: ast.Module) -> dict[str, str]:
    named: dict[str, str] = {}
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            named[node.targets[0].id] = node.value.value
    return named


def _waited_sources(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(), filename=str(path))
    named = _string_constants(tree)
    waits: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "wait_for_function"
            and node.args
        ):
            continue
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            waits.append((node.lineno, first.value))
        elif isinstance(first, ast.Name) and first.id in named:
            waits.append((node.lineno, named[first.id]))
    return waits


def _is_function(source: str) -> bool:
    text = source.strip()
    head = text.split("=>", 1)[0].strip()
    return text.startswith("function") or (
        "=>" in text and (head.isidentifier() or (head.startswith("(") and head.endswith(")")))
    )


def test_every_wait_for_function_in_the_browser_tests_is_a_function() -> None:
    expressions = [
        f"{path.name}:{line}: {source.strip()[:60]}"
        for path in sorted(HERE.glob("*.py"))
        for line, source in _waited_sources(path)
        if not _is_function(source)
    ]
    assert expressions == [], "wrap each in '() => …':\n" + "\n".join(expressions)


def test_the_rule_tells_an_expression_from_a_function() -> None:
    assert _is_function("() => document.body.dataset.pick")
    assert _is_function("n => document.body.dataset.pick !== n")
    assert _is_function("(a, b) => a < b")
    assert _is_function("function () { return true; }")
    assert not _is_function("document.querySelector('img.qr').complete")
    assert not _is_function("window.ready === true")
