"""How good a state is for each seat, as a reward (1: won, 0.5: even, 0: lost).

An unfinished game is judged within (0, 1); a finished one by its ranks, and with a margin
weight its wins at 1 or more and its losses at 0 or less (`margin_rewards`), so that a
decided result always outranks (or ranks below) an undecided one.

Shared by greedy and mcts, so both judge positions the same way: a finished game by its
ranks, an unfinished one by the game's heuristic squashed through a logistic curve.
"""
from __future__ import annotations

import math
from typing import Optional

# A heuristic lead of this many points is worth a reward of about 0.73 (logistic(1)).
DEFAULT_SCALE = 3.0
# Games whose heuristic counts in larger units. Exsilium's counts 10 a Baralytas point, so
# leads of 20-40 are common: a scale of 3 squashes them to within 1e-4 of 1, and a search
# then sees no difference between commands whose values differ by a few points.
# Nexum and Exile Sun keep the default: along random and greedy playouts (2-6 seats) their
# heuristics stayed within -26..+13 and -14..+12, with one position's commands 0-10 apart,
# short of the ~28 that rounds a reward to within 1e-4 of 1 or 0 at a scale of 3
# (docs/BOTS.md).
GAME_SCALES = {"exsilium": 20.0}


def scale_for(game) -> float:
    """The squashing scale that suits `game`'s heuristic."""
    return GAME_SCALES.get(game.spec.name, DEFAULT_SCALE)


def rank_rewards(ranks) -> list:
    """Each seat's share of the other seats it beat (a tie with one counts half)."""
    n = len(ranks)
    if n < 2:
        return [1.0] * n
    out = []
    for seat, rank in enumerate(ranks):
        beaten = sum(1.0 if rank < other else 0.5 if rank == other else 0.0
                     for i, other in enumerate(ranks) if i != seat)
        out.append(beaten / (n - 1))
    return out


def squash(value: float, scale: float = DEFAULT_SCALE) -> float:
    """A heuristic value as a reward in (0, 1)."""
    x = value / scale
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def margin_rewards(result: dict, scale: float, weight: float) -> list:
    """Rank rewards with `weight` of each seat's squashed score margin over the best other
    seat, outside the range an unfinished game is judged in: a win is worth 1 to 1 + weight
    (a bigger lead a little more, so a search whose every line wins still prefers the
    safest), a loss -weight to 0, any other rank its share give or take weight / 2.

    Why outside: blended inside [0, 1] ((1 - weight) * rank + weight * margin, as before), a
    win by a few points was worth less than an unfinished position the heuristic liked
    (Exsilium: a 7-point win 0.92, a 5-point lead 0.92-0.99), so a search that led preferred
    keeping its lead to winning. Greedy, with no margin, finished those matches. A decided
    win now outranks every undecided position, and a decided loss ranks below them."""
    ranked = rank_rewards(result["ranks"])
    scores = result.get("scores")
    if not weight or not scores or len(scores) < 2:
        return ranked
    out = []
    for seat, reward in enumerate(ranked):
        margin = scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
        centre = 0.0 if reward >= 1.0 else 1.0 if reward <= 0.0 else 0.5
        out.append(reward + weight * (squash(margin, scale) - centre))
    return out


def rewards(game, state, seats: int, scale: float = DEFAULT_SCALE,
            margin_weight: float = 0.0, model=None) -> Optional[list]:
    """Every seat's reward in `state`; None when unfinished and the game has no heuristic.
    A finished game is judged by its ranks, with `margin_weight` of its score margins; an
    unfinished one by `model` (a learned evaluation, learned.py) when given, else by the
    heuristic."""
    result = game.outcome(state)
    if result is not None:
        return margin_rewards(result, scale, margin_weight)
    if model is not None:
        return model.rewards(state, seats)
    heuristic = game.heuristic
    if heuristic is None:
        return None
    if seats == 2 and getattr(heuristic, "antisymmetric", False):
        # One seat's lead is the other's deficit: judge once (half the cost of a search step).
        # The leader's reward is squashed and the trailer's is its complement, whichever seat
        # leads: 1 - squash(x) is not bitwise squash(-x), and seat 0 judged by one rounding
        # and seat 1 by the other made a position and its mirror search differently.
        lead = heuristic(state, 0)
        ahead = squash(abs(lead), scale)
        return [ahead, 1.0 - ahead] if lead >= 0 else [1.0 - ahead, ahead]
    return [squash(heuristic(state, seat), scale) for seat in range(seats)]


def seat_reward(game, state, seat: int, seats: int, scale: float = DEFAULT_SCALE,
                margin_weight: float = 0.0, model=None) -> float:
    """One seat's reward in `state` (0.5 when unfinished and the game has no heuristic):
    the heuristic is asked for that seat only, which is what ranking one mover's commands
    needs (a game of n seats would otherwise be judged n times); `model` as in `rewards`."""
    result = game.outcome(state)
    if result is not None:
        return margin_rewards(result, scale, margin_weight)[seat]
    if model is not None:
        return model.rewards(state, seats)[seat]
    heuristic = game.heuristic
    return 0.5 if heuristic is None else squash(heuristic(state, seat), scale)
