"""The browser's ES modules (`frontend/static/js/`, no build step) import one way only, and
every name a module imports is one its module exports.

Why a test without a browser: a circle between two modules works in a browser until the
day a top-level line of one reads a binding of the other before it is set (a TDZ error
on one page, not on the others), and a misspelt import fails only on the pages that load
it. Reading the `import` and `export` lines finds both in milliseconds. The modules keep
their imports and exports at the start of a line (ours do, and the reader below relies
on it: a line inside a comment or a string does not start with `import {`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[2] / "frontend" / "static" / "js"

IMPORT = re.compile(
    r"^import\s+(?:(?P<what>[^;\"']+?)\s+from\s+)?[\"'](?P<source>[^\"']+)[\"']", re.M)
RE_EXPORT = re.compile(
    r"^export\s+(?:\{(?P<names>[^}]*)\}|\*)\s+from\s+[\"'](?P<source>[^\"']+)[\"']", re.M)
EXPORT_DECLARATION = re.compile(
    r"^export\s+(?:async\s+)?(?:function\*?|class|const|let|var)\s+(?P<name>[A-Za-z_$][\w$]*)",
    re.M)
EXPORT_LIST = re.compile(r"^export\s+\{(?P<names>[^}]*)\}\s*(?!\s*from)", re.M)
EXPORT_DEFAULT = re.compile(r"^export\s+default\b", re.M)
DYNAMIC_IMPORT = re.compile(r"\bimport\(\s*[\"'](?P<source>[^\"']+)[\"']")


@dataclass
class Module:
    """What one file imports (module name → the names it takes; `*` for all) and exports."""

    name: str
    imports: dict[str, set[str]] = field(default_factory=dict)
    exports: set[str] = field(default_factory=set)


def imported_names(what: str | None) -> set[str]:
    """`{ a, b as c }` → {a, b}; `x` → {default}; `* as ns` → {*}; a bare import → {}."""
    if not what:
        return set()
    names: set[str] = set()
    braces = re.search(r"\{([^}]*)\}", what)
    if braces:
        names |= {part.split(" as ")[0].strip() for part in braces.group(1).split(",")
                  if part.strip()}
    outside = re.sub(r"\{[^}]*\}", "", what).strip().strip(",").strip()
    if outside.startswith("*"):
        names.add("*")
    elif outside:
        names.add("default")
    return names


def exported_names(names: str) -> set[str]:
    """`a, b as c` → {a, c}: what the module is seen to export."""
    return {part.split(" as ")[-1].strip() for part in names.split(",") if part.strip()}


def read_module(path: Path, folder: Path) -> Module:
    text = path.read_text(encoding="utf-8")
    module = Module(path.relative_to(folder).as_posix())

    def target(source: str) -> str:
        return (path.parent / source).resolve().relative_to(folder.resolve()).as_posix()

    for found in IMPORT.finditer(text):
        module.imports.setdefault(target(found["source"]), set()).update(
            imported_names(found["what"]))
    for found in DYNAMIC_IMPORT.finditer(text):
        module.imports.setdefault(target(found["source"]), set())
    for found in RE_EXPORT.finditer(text):
        names = found["names"]
        taken = {"*"} if names is None else {p.split(" as ")[0].strip()
                                             for p in names.split(",") if p.strip()}
        module.imports.setdefault(target(found["source"]), set()).update(taken)
        if names is not None:
            module.exports |= exported_names(names)
    module.exports |= {found["name"] for found in EXPORT_DECLARATION.finditer(text)}
    module.exports |= {name for found in EXPORT_LIST.finditer(text)
                       for name in exported_names(found["names"])}
    if EXPORT_DEFAULT.search(text):
        module.exports.add("default")
    return module


def read_modules(folder: Path) -> dict[str, Module]:
    return {module.name: module
            for module in (read_module(path, folder) for path in sorted(folder.rglob("*.js")))}


def circles(modules: dict[str, Module]) -> list[list[str]]:
    """Each import circle once, as the path that closes it (`a.js → b.js → a.js`)."""
    found: list[list[str]] = []
    seen: set[frozenset[str]] = set()
    done: set[str] = set()

    def walk(name: str, path: list[str]) -> None:
        if name in path:
            loop = [*path[path.index(name):], name]
            if frozenset(loop) not in seen:
                seen.add(frozenset(loop))
                found.append(loop)
            return
        if name in done or name not in modules:
            return
        for imported in sorted(modules[name].imports):
            walk(imported, [*path, name])
        done.add(name)

    for name in sorted(modules):
        walk(name, [])
    return found


def missing_imports(modules: dict[str, Module]) -> list[str]:
    """Each import of a file that is not there, or of a name its module does not export."""
    problems = []
    for module in modules.values():
        for source, names in sorted(module.imports.items()):
            if source not in modules:
                problems.append(f"{module.name} imports {source}, which does not exist")
                continue
            problems.extend(f"{module.name} imports {name} from {source}, which does not "
                            "export it" for name in sorted(names - {"*"})
                            if name not in modules[source].exports)
    return problems


def write(folder: Path, files: dict[str, str]) -> dict[str, Module]:
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return read_modules(folder)


def test_no_browser_module_imports_itself_through_others() -> None:
    modules = read_modules(JS)
    assert len(modules) > 30  # the reader found the pages and their modules
    assert [" → ".join(loop) for loop in circles(modules)] == []


def test_every_name_a_browser_module_imports_is_exported_by_its_module() -> None:
    modules = read_modules(JS)
    assert sum(len(names) for m in modules.values() for names in m.imports.values()) > 100
    assert missing_imports(modules) == []


def test_a_circle_of_two_or_three_modules_is_named(tmp_path: Path) -> None:
    modules = write(tmp_path, {
        "cards.js": 'import { el } from "./dom.js";\nimport { detailsButton } from "./zoom.js";\n',
        "zoom.js": ('import {\n  manaCost,\n} from "./cards.js";\n'
                    "export function detailsButton() {}\n"),
        "dom.js": "export function el() {}\n",
        "a.js": 'import "./b.js";\n', "b.js": 'export { x } from "./c.js";\n',
        "c.js": 'import * as a from "./a.js";\nexport const x = 1;\n',
    })
    assert circles(modules) == [["a.js", "b.js", "c.js", "a.js"],
                                ["cards.js", "zoom.js", "cards.js"]]


def test_an_import_of_a_name_nobody_exports_or_of_a_missing_file_is_named(
        tmp_path: Path) -> None:
    modules = write(tmp_path, {
        "page.js": ('import { el, $ as find, missing } from "./dom.js";\n'
                    'import card from "./card.js";\nimport { gone } from "./gone.js";\n'
                    "// import { commented } from './dom.js' is not an import\n"),
        "dom.js": ("export function el() {}\nconst $ = 1;\nexport { $ };\n"
                   'const url = "import { fake } from \'./nowhere.js\'";\n'),
        "card.js": "export class Card {}\n",
    })
    assert missing_imports(modules) == [
        "page.js imports default from card.js, which does not export it",
        "page.js imports missing from dom.js, which does not export it",
        "page.js imports gone.js, which does not exist",
    ]


@pytest.mark.parametrize(("what", "names"), [
    ("{ a, b as c }", {"a", "b"}), ("x", {"default"}), ("* as ns", {"*"}),
    ("x, { y }", {"default", "y"}), (None, set()),
])
def test_an_import_clause_names_what_it_takes(what: str | None, names: set[str]) -> None:
    assert imported_names(what) == names
