"""Bot policies: pure functions choosing a command for a seat from that seat's view.

Every policy is `choose(game, state, seat, rng, seats=n, **options) -> Choice`. `state` is
the true table, but a policy reads its hidden parts only through `game.sampler` (which keeps
what the seat sees and redraws the rest) and asks `game.legal_commands` only for the seat's
own commands, which the seat is told anyway. A bot seat `{"bot": "mcts", "level": 2}` picks
the policy by name and its search budget by level: the levels are shared/games/bot_levels.py's
(one scale for the match API, matchmaking and stand-ins), each a budget here.
"""
from __future__ import annotations

from services.bot.policies import greedy, mcts, random
from services.bot.policies.base import Choice
from shared.games import bot_levels

POLICIES = {"random": random.choose, "greedy": greedy.choose, "mcts": mcts.choose}

# Search budget per level. mcts levels are search iterations, so a level plays as strongly
# on a busy machine as on an idle one, with a wall-clock cap that keeps the answer prompt
# (level 2 answers within 1 s at p95: bench/bot_speed.py); only a machine too busy to reach
# the iterations in time weakens it. At a wide node (24 commands or more) level 2
# rank the commands by their one-ply value once it is visited 16 times (the root at once)
# and widen best first, with a progressive bias (services/bot/policies/mcts.py): what lets
# a search of a few hundred iterations face Exsilium's 100-300 commands a move. Narrow
# nodes (most of Exordium's) try every command: ranking them measured no stronger there
# and costs iterations (docs/closing-notes/wave-4/issue-16-bots.md).
_WIDENING = {"prior_from": 16, "wide_from": 24, "bias": 1.0}
# Level 3 ranks every node's commands from its second visit: a narrower, deeper search,
# where more iterations of level 2's search bought nothing (8,000 won 8 of 18 against
# 2,000, wave 3) and greedy rollouts lost (3 of 9).
_RANKED = {"prior_from": 2, "bias": 1.0}
LEVELS = {
    "mcts": {1: {"iterations": 60, "seconds": 0.5},
             2: {"iterations": 2000, "seconds": 0.9, **_WIDENING},
             3: {"iterations": 6000, "seconds": 6.0, **_RANKED}},
    "greedy": {1: {"samples": 2}, 2: {"samples": 8}, 3: {"samples": 32}},
}
DEFAULT_LEVEL = bot_levels.DEFAULT_LEVEL


class UnknownPolicy(ValueError):
    """No bot policy has this name."""


def options_for(policy: str, level: int | None) -> dict:
    """The budget options of `policy` at `level`. A level off the scale (a match seated
    before the scale was one, when matchmaking asked for levels 4 and 5) plays as the
    nearest level that exists."""
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
