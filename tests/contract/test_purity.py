"""STYLE #5: the rules kernel does no I/O. Every module under shared/games/ is parsed with
`ast` (never imported or run) and may import nothing that talks to the world.

Besides the named libraries, a games module may not import `services` (dependencies point
one way) nor any `shared` module outside `shared.games` (the event log, config, schemas and
the Redis helper all do I/O or pull in marshmallow), nor `importlib` (a way around this
check).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES_DIR = Path(__file__).resolve().parents[2] / "shared" / "games"
FORBIDDEN = {"redis", "flask", "flask_smorest", "celery", "marshmallow", "requests", "socket",
             "os", "subprocess", "time", "threading", "importlib", "services"}


def imported_modules(source: str, package: str) -> set:
    """Every absolute module name a source file imports (relative imports resolved)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                names.add(".".join(base + ([node.module] if node.module else [])))
            else:
                names.add(node.module)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "__import__"):
            names.add("__import__")
    return names


def forbidden_imports(source: str, package: str) -> set:
    bad = set()
    for name in imported_modules(source, package):
        root = name.split(".")[0]
        if root in FORBIDDEN or name == "__import__":
            bad.add(name)
        elif root == "shared" and not (name == "shared.games" or name.startswith("shared.games.")):
            bad.add(name)
    return bad


def _game_modules():
    return sorted(GAMES_DIR.rglob("*.py"))


def _package_of(path: Path) -> str:
    parts = path.relative_to(GAMES_DIR.parents[1]).with_suffix("").parts
    return ".".join(parts[:-1])


def test_the_checker_catches_every_form_of_import():
    source = ("import os\nimport os.path as p\nfrom time import sleep\nimport json\n"
              "from redis.client import Redis\nfrom shared.eventlog import EventLog\n"
              "from . import rules\nfrom ..api import Game\nimport threading, random\n"
              "def f():\n    import socket\n    return __import__('subprocess')\n")
    assert forbidden_imports(source, "shared.games.somegame") == {
        "os", "os.path", "time", "redis.client", "shared.eventlog", "threading", "socket",
        "__import__"}
    assert imported_modules("from . import rules\nfrom ..api import Game\n",
                            "shared.games.somegame") == {"shared.games.somegame",
                                                         "shared.games.api"}


def test_every_game_package_is_scanned():
    modules = {p.relative_to(GAMES_DIR).parts[0] for p in _game_modules()}
    assert {"api.py", "replay.py", "registry.py", "tictactoe"} <= modules


@pytest.mark.parametrize("path", _game_modules(), ids=lambda p: str(p.relative_to(GAMES_DIR)))
def test_game_module_does_no_io(path):
    bad = forbidden_imports(path.read_text(encoding="utf-8"), _package_of(path))
    assert not bad, f"{path} imports {sorted(bad)}: the rules kernel must do no I/O"
