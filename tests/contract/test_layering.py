"""STYLE #13 inside the engines: the modules under shared/games/ import one another one way.

Parsed with `ast` (never imported): the graph of module-level imports between shared.games
modules must have no cycle, and no function may import anything (a function-local import is
how a cycle hides from the interpreter; and it hides a dependency from the reader).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.contract.test_purity import GAMES_DIR, _game_modules, _package_of, imported_modules


def module_name(path: Path) -> str:
    package = _package_of(path)
    return package if path.stem == "__init__" else f"{package}.{path.stem}"


def local_imports(source: str) -> list:
    """(line, statement) of every import inside a function or method body."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for inner in ast.walk(node):
                if isinstance(inner, (ast.Import, ast.ImportFrom)):
                    found.append((inner.lineno, ast.unparse(inner)))
    return sorted(set(found))


def top_level_imports(source: str, package: str, known: set) -> set:
    """The shared.games modules a source imports at module level. `from pkg import mod`
    depends on the module `pkg.mod` (not on the package's __init__), `from pkg import name`
    on `pkg`."""
    out = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = next(iter(imported_modules(ast.unparse(node), package)))
            for alias in node.names:
                target = f"{base}.{alias.name}"
                out.add(target if target in known else base)
    return out & known


def import_graph(sources: dict) -> dict:
    """{module: {modules it imports at module level}} over the given {module: (source, pkg)}."""
    known = set(sources)
    return {name: top_level_imports(src, pkg, known) - {name}
            for name, (src, pkg) in sources.items()}


def cycles(graph: dict) -> list:
    """Every strongly connected group of two or more modules (Tarjan), sorted."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def _sources() -> dict:
    return {module_name(p): (p.read_text(encoding="utf-8"), _package_of(p))
            for p in _game_modules()}


def test_the_cycle_finder_finds_cycles():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set(), "c": {"b"}}) == []


def test_the_graph_reads_every_form_of_import():
    sources = {"shared.games.g": ("from shared.games.g import rules\n", "shared.games.g"),
               "shared.games.g.rules": ("from . import board\nimport shared.games.g.view\n",
                                        "shared.games.g"),
               "shared.games.g.board": ("from shared.games.g.rules import x\n",
                                        "shared.games.g"),
               "shared.games.g.view": ("def f():\n    import shared.games.g\n",
                                       "shared.games.g")}
    graph = import_graph(sources)
    assert graph == {
        "shared.games.g": {"shared.games.g.rules"},
        "shared.games.g.rules": {"shared.games.g.board", "shared.games.g.view"},
        "shared.games.g.board": {"shared.games.g.rules"},
        "shared.games.g.view": set()}
    assert cycles(graph) == [["shared.games.g.board", "shared.games.g.rules"]]
    assert local_imports(sources["shared.games.g.view"][0]) == [(2, "import shared.games.g")]


def test_engine_modules_import_one_way():
    """No import cycle among the modules under shared/games/ (Exsilium's actions, flow and
    choices once imported each other in a circle)."""
    found = cycles(import_graph(_sources()))
    assert found == [], f"import cycles: {found}"


@pytest.mark.parametrize("path", _game_modules(), ids=lambda p: str(p.relative_to(GAMES_DIR)))
def test_no_function_imports(path):
    """Every import is at module level, where the reader (and the cycle check) sees it."""
    found = local_imports(path.read_text(encoding="utf-8"))
    assert found == [], f"{path}: imports inside functions: {found}"
