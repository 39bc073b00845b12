"""Evaluations learned from match logs: a model file in a game's package, read with numpy.

`orrery train GAME` (services/bot/train.py) plays bot matches, turns every position into
features of the acting seat's own view (the game's `view`, so never a hidden card: FEATURES
below names each game's feature function), fits a logistic model of the seat's final result
and writes it as `shared/games/GAME/data/evaluation.json`: the feature names, the scaling,
the weights, and the commit, seeds and held-out figures that made it.

A policy asks `model_for(game, evaluation)`: "heuristic" is the hand-written heuristic (the
fallback and the baseline), "learned" the model when its file is there, and None (the default)
the model only where its file says it measured stronger in play (`"serve": true`, set by hand
after an arena run), else the heuristic. No file, or a file of another version or other
features, is the heuristic.
"""
from __future__ import annotations

import importlib
import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Optional

VERSION = 1
FILE_NAME = "evaluation.json"
# The games a model may be trained for: the module of each game's feature function.
FEATURES = {"exordium": "shared.games.exordium.features",
            "exile_sun": "shared.games.exile_sun.features",
            "exsilium": "shared.games.exsilium.features",
            "nexum": "shared.games.nexum.features"}


def features_module(game_name: str):
    """The module with `features(view, seat)` and `NAMES` for `game_name` (KeyError if none)."""
    return importlib.import_module(FEATURES[game_name])


def model_path(game_name: str) -> Path:
    """Where `game_name`'s model file lives: the data folder of the game's package."""
    package = importlib.import_module(f"shared.games.{game_name}")
    return Path(package.__file__).with_name("data") / FILE_NAME


class Model:
    """A logistic model of a seat's chance to win, from that seat's view."""

    def __init__(self, game, data: dict):
        # numpy only where a model is read: a bot without one needs none of it.
        import numpy as np
        self._np = np
        self.game, self.data = game, data
        self.names = tuple(data["features"])
        self.mean = np.asarray(data["mean"], dtype=float)
        scale = np.asarray(data["scale"], dtype=float)
        # Standardizing folded into the weights: w . (x - m) / s + b = (w / s) . x + b'.
        weights = np.asarray(data["coef"], dtype=float) / scale
        self.weights = weights
        self.intercept = float(data["intercept"]) - float(weights @ self.mean)
        self.features = features_module(game.spec.name).features

    def vector(self, state, seat: int) -> np.ndarray:
        """The features of `seat`'s view of `state`."""
        return self._np.asarray(self.features(self.game.view(state, seat), seat), dtype=float)

    def chance(self, state, seat: int) -> float:
        """The modelled chance that `seat` wins from `state` (its view only)."""
        x = float(self.weights @ self.vector(state, seat)) + self.intercept
        if x < -30:
            return 0.0
        return 1.0 / (1.0 + math.exp(-x))

    def rewards(self, state, seats: int) -> list:
        """Every seat's reward in (0, 1). Two seats: the mean of one seat's chance and the
        complement of the other's, so a position and its mirror are judged alike."""
        if seats == 2:
            p = 0.5 * (self.chance(state, 0) + 1.0 - self.chance(state, 1))
            return [p, 1.0 - p]
        return [self.chance(state, seat) for seat in range(seats)]


def load(game, path: Optional[Path] = None) -> Optional[Model]:
    """The model in `path` (the game's model file by default), or None when there is none
    usable: no file, another version, or features other than the game's."""
    name = game.spec.name
    if name not in FEATURES:
        return None
    path = model_path(name) if path is None else Path(path)
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    if data.get("version") != VERSION or data.get("game") != name \
            or tuple(data.get("features", ())) != tuple(features_module(name).NAMES):
        return None
    try:
        return Model(game, data)
    except ImportError:  # numpy not installed (an environment from before it was needed)
        return None


@lru_cache(maxsize=None)
def _cached(name: str):
    from shared.games.registry import get_game
    return load(get_game(name))


def model_for(game, evaluation: Optional[str] = None) -> Optional[Model]:
    """The model a policy judges with (None: the hand-written heuristic). `evaluation`:
    "heuristic", "learned", or None for what the game's file says it should serve."""
    if evaluation == "heuristic":
        return None
    if evaluation not in (None, "learned"):
        raise ValueError(f"evaluation is 'heuristic' or 'learned', not {evaluation!r}")
    model = _cached(game.spec.name) if game.spec.name in FEATURES else None
    if model is None or (evaluation is None and not model.data.get("serve")):
        return None
    return model
