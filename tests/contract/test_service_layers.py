"""STYLE #13 across the packages: dependencies point one way.

Parsed with `ast` (never imported). Each rule names a package and the packages it may not
import; an import of the module `from pkg import name` counts against `pkg.name` and `pkg`.
The layers: `shared.infra` (Redis and Celery plumbing) is the bottom and knows no domain;
`shared.messages` (what services tell each other) knows only the game engines; nothing under
`shared` knows a service; services never import one another; inside the match service the
command path, the bus consumer and the wormholes never reach up into the HTTP API or the
web client, and the web client's blueprint knows nothing of the command path.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SERVICES = ("services.match", "services.matchmaking", "services.bot", "services.turns")

RULES = [
    ("shared.infra", ("shared.games", "shared.eventlog", "shared.web", "shared.schemas",
                      "shared.messages", "services")),
    ("shared.messages", ("shared.infra", "shared.eventlog", "shared.web", "services")),
    ("shared", ("services",)),
    ("services.match.command_path", ("services.match.api", "services.match.bus",
                                     "services.match.web")),
    ("services.match.bus", ("services.match.api", "services.match.web")),
    ("services.match.wormholes", ("services.match.api", "services.match.bus",
                                  "services.match.web")),
    ("services.match.web", ("services.match.command_path", "services.match.bus",
                            "services.match.wormholes")),
] + [(service, tuple(other for other in SERVICES if other != service)) for service in SERVICES]


def module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(source: str, module: str, is_package: bool) -> set:
    """Every absolute module a source imports; `from a import b` names both `a` and `a.b`."""
    package = module if is_package else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module
            found.add(origin)
            found.update(f"{origin}.{alias.name}" for alias in node.names)
    return found


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def violations(modules: dict) -> list:
    """(module, import) pairs that break a rule, over {module: (source, is_package)}."""
    out = []
    for module, (source, is_package) in sorted(modules.items()):
        for package, forbidden in RULES:
            if not within(module, package):
                continue
            for name in sorted(imports_of(source, module, is_package)):
                if any(within(name, f) for f in forbidden):
                    out.append((module, name))
    return sorted(set(out))


def project_modules() -> dict:
    paths = [p for top in ("shared", "services") for p in (ROOT / top).rglob("*.py")]
    return {module_of(p): (p.read_text(encoding="utf-8"), p.name == "__init__.py")
            for p in paths}


def test_the_rules_catch_an_upward_import():
    modules = {
        "services.match.command_path.commands": (
            "from services.match.api import app\nfrom shared.games import registry\n", False),
        "shared.infra.connect": ("from ..eventlog import keys\n", False),
        "services.bot.tasks": ("import services.match.queries\n", False),
    }
    assert violations(modules) == [
        ("services.bot.tasks", "services.match.queries"),
        ("services.match.command_path.commands", "services.match.api"),
        ("services.match.command_path.commands", "services.match.api.app"),
        ("shared.infra.connect", "shared.eventlog"),
        ("shared.infra.connect", "shared.eventlog.keys"),
    ]


def test_every_package_named_by_a_rule_exists():
    modules = project_modules()
    for package, _ in RULES:
        assert package in modules, f"{package} is named by a layering rule but is not a package"


@pytest.mark.parametrize("package", sorted({p for p, _ in RULES}))
def test_dependencies_point_one_way(package):
    found = [v for v in violations(project_modules()) if within(v[0], package)]
    assert found == [], f"imports against the layers: {found}"
