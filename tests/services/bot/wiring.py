"""Until the lead wires them into each game's GAME, give games their heuristic and sampler.

By convention `shared.games.<name>.heuristics.evaluate` and `shared.games.<name>.sampler.sample`.
A no-op for a game whose GAME already has them (after integration this does nothing).
"""
from __future__ import annotations

import dataclasses
import importlib

from shared.games import registry


def _hook(name: str, module: str, function: str):
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
