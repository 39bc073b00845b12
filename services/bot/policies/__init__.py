"""Bot policies: pure functions choosing a command for a seat from that seat's view.

Every policy is `choose(game, state, seat, rng, seats=n, **options) -> Choice`. `state` is
the true table, but a policy reads its hidden parts only through `game.sampler` (which keeps
what the seat sees and redraws the rest) and asks `game.legal_commands` only for the seat's
own commands, which the seat is told anyway. A bot seat `{"bot": "mcts", "level": 2}` picks
the policy by name and its search budget by level.
"""
from __future__ import annotations

from services.bot.policies import greedy, mcts, random
from services.bot.policies.base import Choice

POLICIES = {"random": random.choose, "greedy": greedy.choose, "mcts": mcts.choose}

# Search budget per level (wall clock per move). Level 2 keeps a move well under a second.
LEVELS = {
    "mcts": {1: {"seconds": 0.1}, 2: {"seconds": 0.5}, 3: {"seconds": 2.0}},
    "greedy": {1: {"samples": 2}, 2: {"samples": 8}, 3: {"samples": 32}},
}
DEFAULT_LEVEL = 2


class UnknownPolicy(ValueError):
    """No bot policy has this name."""


def options_for(policy: str, level: int | None) -> dict:
    """The budget options of `policy` at `level` (levels outside 1-3 are clamped)."""
    if policy not in POLICIES:
        raise UnknownPolicy(f"No bot policy is called {policy!r}; there are {sorted(POLICIES)}.")
    levels = LEVELS.get(policy, {})
    if not levels:
        return {}
    level = DEFAULT_LEVEL if level is None else max(min(int(level), max(levels)), min(levels))
    return dict(levels[level])


def choose(game, state, seat, rng, policy: str, level: int | None = None, seats: int = 2,
           **overrides) -> Choice:
    """The command `policy` at `level` plays for `seat`; `overrides` replace budget options."""
    options = {**options_for(policy, level), **overrides}
    return POLICIES[policy](game, state, seat, rng, seats=seats, **options)


__all__ = ["Choice", "POLICIES", "LEVELS", "UnknownPolicy", "choose", "options_for"]
