"""The package's modules import one another in layers, never in a circle.

A view or a record is built from a game, a bot's personality wraps a bot, a command wraps the
engine: each module imports only what lies below it. A circle (``game`` importing ``record``
while ``record`` imports ``game``) ties modules that should change apart, and is easy to hide
behind an import inside a function, so every import counts here, at the top of a module or
inside a function, except those under ``if TYPE_CHECKING:``, which only name types for the
type checker and never run.
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"


def _module_names(src: Path) -> dict[str, Path]:
    names = {}
    for path in sorted(src.rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports when it runs (``from a import b``
    counts ``a.b`` when that is a module, else ``a``)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    pending: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    while pending:
        for node in ast.iter_child_nodes(pending.pop()):
            if isinstance(node, ast.If) and _type_checking_only(node):
                pending.extend(node.orelse)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name in modules)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package[: len(package) - node.level + 1]
                    base = ".".join([*parent, *([base] if base else [])])
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    if full in modules:
                        found.add(full)
                    elif base in modules:
                        found.add(base)
            else:
                pending.append(node)
    found.discard(name)
    return found


def import_graph(src: Path) -> dict[str, set[str]]:
    """Each module of the packages under ``src`` and the modules it imports."""
    modules = _module_names(src)
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports (``[a, b, a]``: ``a`` imports ``b``, which imports ``a``)."""
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as err:
        return list(reversed(err.args[1]))
    return None


def test_no_module_of_unokit_imports_itself_back() -> None:
    graph = import_graph(SRC)
    assert cycle(graph) is None, " -> ".join(cycle(graph) or [])


def test_the_graph_sees_the_imports_that_matter() -> None:
    """The engine's own layers, read from the sources: a game builds its views and records,
    the bot registry builds personalities over bots, the command line sits on top."""
    graph = import_graph(SRC)
    assert {"unokit.view", "unokit.record"} <= graph["unokit.game"]
    assert "unokit.game" not in graph["unokit.view"] | graph["unokit.record"]
    assert "unokit.tripleplay.view" in graph["unokit.tripleplay.game"]
    assert "unokit.party.view" in graph["unokit.party.game"]
    assert "unokit.bots.personality" in graph["unokit.bots.registry"]
    assert "unokit.bots.registry" not in graph["unokit.bots.base"]
    assert "unokit.cli.app" in graph["unokit.cli"]


@pytest.mark.parametrize(
    ("top", "deferred", "circle"),
    [
        ("from pkg.b import f", "from pkg.a import g", True),
        ("from . import b", "from .a import g", True),
        ("import pkg.b", "import pkg.a", True),
        ("from pkg.b import f", "if TYPE_CHECKING:\n        from pkg.a import g", False),
        ("from pkg.b import f", "pass", False),
    ],
)
def test_a_circle_hidden_in_a_function_is_found(
    tmp_path: Path, top: str, deferred: str, circle: bool
) -> None:
    """The check itself: an import inside a function counts, a type-only import does not."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text(f"{top}\ndef g() -> None:\n    pass\n")
    (package / "b.py").write_text(
        f"from typing import TYPE_CHECKING\ndef f() -> None:\n    {deferred}\n"
    )
    found = cycle(import_graph(tmp_path))
    assert (found is not None) == circle, found
    if circle:
        assert found is not None and set(found) == {"pkg.a", "pkg.b"}
