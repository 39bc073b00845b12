"""Give games their heuristic and sampler until each GAME carries them (a no-op after).

By convention `shared.games.<name>.heuristics.evaluate` and `.sampler.sample`.
"""
from __future__ import annotations

import dataclasses
import importlib

from shared.games import registry


def _hook(name, module, function):
    try:
        return getattr(importlib.import_module(f"shared.games.{name}.{module}"), function)
    except (ModuleNotFoundError, AttributeError):
        return None


def wire() -> None:
    games = registry.games()
    for name, game in list(games.items()):
        changes = {}
        if game.heuristic is None and _hook(name, "heuristics", "evaluate"):
            changes["heuristic"] = _hook(name, "heuristics", "evaluate")
        if game.sampler is None and _hook(name, "sampler", "sample"):
            changes["sampler"] = _hook(name, "sampler", "sample")
        if changes:
            games[name] = dataclasses.replace(game, **changes)
