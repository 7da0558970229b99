"""No import circle anywhere in `server`, imports for the type checker included; and the
import contracts in pyproject.toml name every part of `server`, so a new folder cannot
slip past them.

Why our own graph and not only import-linter: its contracts say who may import whom, but
none says "no circle", and a circle through a `TYPE_CHECKING` import is still a circle for
the reader (two modules that each need the other to be understood). The graph is read
from the source (`ast`): every `import` and `from … import` of the package, at module
level, under `if TYPE_CHECKING:` or inside a function alike.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules_of(folder: Path, package: str) -> dict[str, Path]:
    """Every module of the package in `folder`, by dotted name (a package by its own)."""
    found = {}
    for path in sorted(folder.rglob("*.py")):
        parts = [package, *path.relative_to(folder).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules `module` imports: `from a.b import c` is `a.b.c` when that
    is a module, else `a.b` (a name defined in it, or in its `__init__`)."""
    is_package = path.name == "__init__.py"
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")
                anchor = anchor[: len(anchor) - node.level + (1 if is_package else 0)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                targets.add(submodule if submodule in known else base)
    return {target for target in targets if target in known and target != module}


def import_graph(folder: Path, package: str) -> dict[str, set[str]]:
    known = modules_of(folder, package)
    return {module: imported(module, path, known) for module, path in known.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The graph's import circles: its strongly connected components of two or more
    modules (Tarjan's algorithm, iterative so a deep package cannot overflow the stack)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            step = next(targets, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_server_has_no_import_circle() -> None:
    found = circles(import_graph(ROOT / "server", "server"))
    assert found == [], "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def write_package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "shop" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root / "shop"


def test_a_circle_through_a_type_checking_import_is_found(tmp_path: Path) -> None:
    folder = write_package(tmp_path, {
        "__init__.py": "",
        "orders.py": "from shop.stock import Shelf\n",
        "stock.py": "from typing import TYPE_CHECKING\n"
                    "if TYPE_CHECKING:\n    from shop.orders import Order\n",
        "prices.py": "import shop.stock\n",
    })
    assert circles(import_graph(folder, "shop")) == [["shop.orders", "shop.stock"]]


def test_a_circle_through_relative_and_function_imports_is_found(tmp_path: Path) -> None:
    folder = write_package(tmp_path, {
        "__init__.py": "",
        "till/__init__.py": "",
        "till/cash.py": "from . import card\n",
        "till/card.py": "def pay():\n    from ..ledger import book\n",
        "ledger.py": "from shop.till.cash import drawer\n",
    })
    assert circles(import_graph(folder, "shop")) == [
        ["shop.ledger", "shop.till.card", "shop.till.cash"]]


def test_a_package_without_circles_has_none(tmp_path: Path) -> None:
    folder = write_package(tmp_path, {
        "__init__.py": "",
        "orders.py": "from shop.stock import Shelf\nfrom shop import prices\n",
        "stock.py": "from shop.prices import cost\n",
        "prices.py": "import json\n",
    })
    assert circles(import_graph(folder, "shop")) == []


def server_parts() -> set[str]:
    """`server`'s folders and root modules, as the contracts name them."""
    parts = set()
    for path in (ROOT / "server").iterdir():
        if path.is_dir() and (path / "__init__.py").exists():
            parts.add(f"server.{path.name}")
        elif path.suffix == ".py" and path.name != "__init__.py":
            parts.add(f"server.{path.stem}")
    return parts


def contract(name_start: str) -> dict[str, object]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contracts = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["name"].startswith(name_start))


def test_only_server_db_runs_sql_names_every_other_part_of_the_server() -> None:
    sources = set(contract("Only server.db runs SQL")["source_modules"])  # type: ignore[arg-type]
    assert sources == server_parts() - {"server.db"}


def test_core_and_protocol_may_import_no_other_part_of_the_server() -> None:
    for part in ("server.core", "server.protocol"):
        forbidden = contract(f"{part} imports nothing")["forbidden_modules"]
        assert set(forbidden) == server_parts() - {part}  # type: ignore[call-overload]
