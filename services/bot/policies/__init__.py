"""Bot policies: pure functions choosing a command for a seat from that seat's view.

Every policy is `choose(game, state, seat, rng, seats=n, **options) -> Choice`. `state` is
the true table, but a policy reads its hidden parts only through `game.sampler` (which keeps
what the seat sees and redraws the rest) and asks `game.legal_commands` only for the seat's
own commands, which the seat is told anyway. A bot seat `{"bot": "mcts", "level": 2}` picks
the policy by name and its search budget by level: the levels are shared/games/bot_levels.py's
(one scale for the match API, matchmaking and stand-ins), each a budget here, and for a game
whose levels run another search (GAME_LEVELS: Exsilium's turn rollout, Exordium's minimax)
that search's budget.
"""
from __future__ import annotations

from services.bot.policies import greedy, mcts, minimax, random, turn_rollout
from services.bot.policies.base import Choice
from shared.games import bot_levels

POLICIES = {"random": random.choose, "greedy": greedy.choose, "mcts": mcts.choose}
# The searches a level may name with its `search` option, in place of its policy's own.
SEARCHES = {"mcts": mcts.choose, "turn_rollout": turn_rollout.choose, "minimax": minimax.choose}

# Search budget per level (GAME_LEVELS below replaces them for a game). mcts levels are search iterations, so a level plays as strongly
# on a busy machine as on an idle one, with a wall-clock cap that keeps the answer prompt
# (level 2 answers within 1 s at p95: bench/bot_speed.py); only a machine too busy to reach
# the iterations in time weakens it. At a wide node (24 commands or more) level 2
# rank the commands by their one-ply value once it is visited 16 times (the root at once)
# and widen best first, with a progressive bias (services/bot/policies/mcts.py): what lets
# a search of a few hundred iterations face Exsilium's 100-300 commands a move. Narrow
# nodes (most of Exordium's) try every command: ranking them measured no stronger there
# and costs iterations (docs/BOTS.md).
_WIDENING = {"prior_from": 16, "wide_from": 24, "bias": 1.0}
# Level 3 ranks every node's commands from its second visit: a narrower, deeper search,
# where more iterations of level 2's search bought nothing (8,000 won 8 of 18 against
# 2,000) and greedy rollouts lost (3 of 9).
_RANKED = {"prior_from": 2, "bias": 1.0}
# Level 2's cap on a move's thinking. The bus, the dispatcher and Celery add about a tenth of
# a second to a turn's first command, and at 0.9 s Exile Sun's level 2, whose moves mostly
# end at the cap on a machine of about 7,000 Exordium iterations a second, answered in 1.02 s
# at p95 through the whole stack (docs/BOTS.md, "Answer times"): past its 1 s.
LEVEL_2_SECONDS = 0.8
LEVELS = {
    "mcts": {1: {"iterations": 60, "seconds": 0.5},
             2: {"iterations": 2000, "seconds": LEVEL_2_SECONDS, **_WIDENING},
             3: {"iterations": 6000, "seconds": 6.0, **_RANKED}},
    "greedy": {1: {"samples": 2}, 2: {"samples": 8}, 3: {"samples": 32}},
}
# Per game, levels that replace the ones above for that game. Exsilium's mcts levels run the
# turn rollout's search (services/bot/policies/turn_rollout.py) at depth 0: greedy's one-ply
# ranking on `samples` guesses of the hidden cards, the best `keep` judged again on `rollouts`
# of them with fresh chance and chosen by all those rewards. Against greedy it won 18 of 32
# by the goal (13 lost, 1 drawn), and 14 of 39 once both read the raid's risk (docs/BOTS.md:
# greedy gained more from it), where mcts,
# with the few hundred iterations a move it reaches over Exsilium's 100-300 commands a node,
# won 1 of 17; playing the seat's turn on (depth 4 and 6) measured no better (5 of 12, more
# round-limit draws) at 4-6 times the cost (docs/BOTS.md).
#
# Nexum's levels 2 and 3 run the turn rollout too, playing the seat's turn out (depth 8: a
# Movement phase's moves, a Management phase's replications) before judging: a move's worth
# shows only once the ships it sends have landed and fought. Against greedy it won 34 of 40
# (depth 0: 27 of the same 40 deals; mcts level 2: 20 of 24), and it beat mcts level 2 in 9
# of 9, at a third of its time a match. Level 1 stays mcts's 60 iterations: the turn rollout
# at level 1's budget was as strong as at level 2's (10-10 in 22), so the levels meant nothing.
# Level 2 ranks on 8 guesses and plays the best 12 out on 3: on 4 guesses, the best 10 on 2,
# it won 69 of 100 deals against greedy, and 76 of the same 100 with this budget (p95 0.8 s
# a move, its cap). 16 guesses with the best 16 played out on 8 beat it only 15-13 in 28:
# more budget no longer buys strength here (docs/BOTS.md).
#
# Exsilium's level 1 slips: in a quarter of its moves it plays the second of its two kept
# commands. A smaller budget alone left it as strong as level 2 (level 2 won 8 of 20, level
# 1 11), since at depth 0 more guesses of the hidden cards refine a one-ply ranking that is
# already mostly right; with the slip level 2 won 14 of 20 (5 lost, 1 drawn), and level 1
# still won 20 of 20 against random play by the goal (docs/BOTS.md).
EXSILIUM_SLIP = 0.25
# Exordium's levels 2 and 3 run the minimax search (services/bot/policies/minimax.py):
# alpha-beta over both seats' commands on 4 guesses of the hidden colours and decks, the
# best mean value played. Level 2 looks 4 commands deep (its move, the answer, its next,
# the next answer), level 3 6 commands (at even depths only, so that a search its budget
# ends answers from 4: a search ending on its own move, at 5 or 7, lost to level 2). Their
# `iterations` are leaf judgements. mcts's level 2 (2,000 iterations) won 65% of 400 deals against
# greedy, where level 2 now won 77% of them, and every variant of mcts measured 58-69%: it
# never saw greedy's answer, which minimax does (docs/BOTS.md).
GAME_LEVELS = {
    "exordium": {"mcts": {
        1: LEVELS["mcts"][1],
        2: {"search": "minimax", "deals": 4, "depth": 4, "iterations": 20_000,
            "seconds": LEVEL_2_SECONDS},
        3: {"search": "minimax", "deals": 4, "depth": 6, "step": 2, "iterations": 80_000,
            "seconds": 6.0},
    }},
    "nexum": {"mcts": {
        1: LEVELS["mcts"][1],
        2: {"search": "turn_rollout", "samples": 8, "keep": 12, "rollouts": 3, "depth": 8,
            "seconds": LEVEL_2_SECONDS},
        3: {"search": "turn_rollout", "samples": 8, "keep": 16, "rollouts": 4, "depth": 8,
            "seconds": 6.0},
    }},
    "exsilium": {"mcts": {
        1: {"search": "turn_rollout", "samples": 1, "keep": 2, "rollouts": 1, "depth": 0,
            "slip": EXSILIUM_SLIP, "seconds": 0.5},
        2: {"search": "turn_rollout", "samples": 4, "keep": 10, "rollouts": 2, "depth": 0,
            "seconds": LEVEL_2_SECONDS},
        3: {"search": "turn_rollout", "samples": 8, "keep": 16, "rollouts": 4, "depth": 0,
            "seconds": 6.0},
    }},
}
DEFAULT_LEVEL = bot_levels.DEFAULT_LEVEL


class UnknownPolicy(ValueError):
    """No bot policy has this name."""


def options_for(policy: str, level: int | None, game: str | None = None) -> dict:
    """The budget options of `policy` at `level` in `game` (its own levels when GAME_LEVELS
    has them, else the common ones). A level off the scale (a match seated before the scale
    was one, when matchmaking asked for levels 4 and 5) plays as the nearest level that
    exists."""
    if policy not in POLICIES:
        raise UnknownPolicy(f"No bot policy is called {policy!r}; there are {sorted(POLICIES)}.")
    levels = GAME_LEVELS.get(game, {}).get(policy) or LEVELS.get(policy, {})
    if not levels:
        return {}
    level = DEFAULT_LEVEL if level is None else max(min(int(level), max(levels)), min(levels))
    return dict(levels[level])


def choose(game, state, seat, rng, policy: str, level: int | None = None, seats: int = 2,
           **overrides) -> Choice:
    """The command `policy` at `level` plays for `seat`; `overrides` replace budget options.
    A level's `search` option names the search it runs (SEARCHES) in place of the policy's."""
    options = {**options_for(policy, level, game.spec.name), **overrides}
    search = options.pop("search", None)
    run = POLICIES[policy] if search is None else SEARCHES[search]
    return run(game, state, seat, rng, seats=seats, **options)


__all__ = ["Choice", "POLICIES", "SEARCHES", "LEVELS", "GAME_LEVELS", "UnknownPolicy", "choose",
           "options_for"]
