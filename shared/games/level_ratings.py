"""Bot levels rated by play, per game: arena results of each level against the levels beside
it, put through openskill, and stored as data (data/bot_ratings.json).

The file holds, per game, the head-to-head results measured (`results`: the higher level,
the lower, its wins, losses and draws, with the seed and the run that played them) and the
ratings (`mu` per level) fitted from them by `fit`. The results are arena runs
(`python -m bench.bot_ratings --write` adds them with their seed and run, and refits);
GET /v1/games serves each game's ratings and matchmaking picks the level nearest a group's rating
from them (shared/games/bot_levels.py). A game with no
measured results keeps the common scale (bot_levels.LEVEL_MU).

The fit: level 2 sits at 25 (openskill's prior mu: a new player meets the default
opponent), and each measured pair of levels is as far apart as openskill's scale puts two
players one of whom scores the measured share against the other: Phi^-1(share) * sqrt(2)
* beta, with the beta of the Plackett-Luce model players are rated with
(services/matchmaking/ratings.py). With results only between neighbours this is the
maximum-likelihood fit; rating the matches one by one instead (openskill's own update)
depends on their order and on when sigma shrank.
"""
from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from statistics import NormalDist
from typing import Optional

from openskill.models import PlackettLuce

PATH = Path(__file__).with_name("data") / "bot_ratings.json"
ANCHOR_LEVEL, ANCHOR_MU = 2, 25.0
CLAMP = 0.02  # a share of 0 or 1 says "far apart", not how far: fitted as 2% or 98%


def share(result: dict) -> float:
    """The higher level's score share (a draw counts half)."""
    n = result["wins"] + result["losses"] + result.get("draws", 0)
    return (result["wins"] + 0.5 * result.get("draws", 0)) / n if n else 0.5


def fit(results: list) -> dict:
    """{level: mu} for the levels the results connect to the anchor (see the docstring)."""
    beta = PlackettLuce().beta
    pooled = {}
    for r in results:
        key = (r["higher"], r["lower"])
        w, l, d = pooled.get(key, (0, 0, 0))
        pooled[key] = (w + r["wins"], l + r["losses"], d + r.get("draws", 0))
    gaps = {}
    for (higher, lower), (w, l, d) in pooled.items():
        p = min(1 - CLAMP, max(CLAMP, share({"wins": w, "losses": l, "draws": d})))
        gaps[(higher, lower)] = math.sqrt(2) * beta * NormalDist().inv_cdf(p)
    mu = {ANCHOR_LEVEL: ANCHOR_MU}
    changed = True
    while changed:  # walk out from the anchor along measured pairs
        changed = False
        for (higher, lower), gap in gaps.items():
            if lower in mu and higher not in mu:
                mu[higher], changed = mu[lower] + gap, True
            elif higher in mu and lower not in mu:
                mu[lower], changed = mu[higher] - gap, True
    return {level: round(value, 2) for level, value in sorted(mu.items())}


@lru_cache(maxsize=1)
def table() -> dict:
    """The stored ratings: {game: {"mu": {level: mu}, "results": [...], ...}}."""
    if not PATH.exists():
        return {}
    games = json.loads(PATH.read_text())["games"]
    return {game: {**entry, "mu": {int(k): v for k, v in entry["mu"].items()}}
            for game, entry in games.items()}


def mu_of(game: Optional[str]) -> Optional[dict]:
    """{level: mu} measured for `game`, or None (then the common scale holds)."""
    entry = table().get(game) if game else None
    return None if entry is None else dict(entry["mu"])
