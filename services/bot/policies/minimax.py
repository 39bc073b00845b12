"""Minimax over sampled tables: each guess of the hidden cards searched by alpha-beta.

Perfect-information Monte Carlo (Ginsberg's GIB for bridge; Long, Sturtevant, Buro and
Furtak, "Understanding the success of perfect information Monte Carlo sampling", 2010): the
seat's view is dealt `samples` times (the game's sampler redraws only what the seat cannot
see), each deal is searched as if all were open to a fixed `depth` of commands with the
game's heuristic at the leaves, and the command with the best mean value over the deals is
played. In a two-seat game of one command a turn (Exordium) a depth of 4 sees the
opponent's best answer to its best answer, which a one-ply judge (greedy) cannot and which
a tree search of a few thousand iterations with ten or more commands a node reaches only
thinly (docs/BOTS.md).

A deal searched as open knows what is still hidden (a Terrain's colour before it is
extracted), which is this method's known bias; averaging over deals is what tempers it.

Only a game whose every step has one seat to act can be searched this way: a step where
seats act at once is refused with a clear error rather than searched as if they took turns.
"""
from __future__ import annotations

import random
import time
from typing import Callable, Optional

from services.bot.policies.base import Choice, apply_command, determinize, rules_only
from services.bot.policies.evaluation import scale_for, seat_reward
from services.bot.policies.learned import model_for
from shared.games.api import RuleError

MARGIN_WEIGHT = 0.2  # a finished game judged as mcts and the turn rollout judge it
TIE = 1e-12


class SimultaneousStep(ValueError):
    """The minimax search met a step where several seats act at once."""


class _Search:
    """Alpha-beta on one open table, valued for one seat."""

    def __init__(self, game, seat: int, seats: int, scale: float, model=None):
        self.game, self.seat, self.seats, self.scale, self.model = game, seat, seats, scale, model
        self.decide = rules_only(game)
        self.evaluations = 0

    def value(self, table) -> float:
        self.evaluations += 1
        return seat_reward(self.game, table, self.seat, self.seats, self.scale, MARGIN_WEIGHT,
                           self.model)

    def mover(self, table) -> int:
        acting = tuple(self.game.to_act(table))
        if len(acting) != 1:
            raise SimultaneousStep(
                f"{self.game.spec.name}: seats {list(acting)} act at once here; minimax "
                "searches only steps with one seat to act.")
        return acting[0]

    def children(self, table, mover: int, rng):
        for command in self.game.legal_commands(table, mover):
            try:
                yield apply_command(self.game, table, mover, command, rng, self.decide)
            except RuleError:  # refused on this deal (legality that hangs on hidden facts)
                continue

    def search(self, table, depth: int, alpha: float, beta: float, rng) -> float:
        """The table's minimax value for the seat, searched `depth` commands deep: exact
        when it lies within (alpha, beta), else a bound beyond the window."""
        if depth == 0 or self.game.outcome(table) is not None:
            return self.value(table)
        mover = self.mover(table)
        maximizing = mover == self.seat
        children = self.children(table, mover, rng)
        if depth > 1:
            # Children judged first, best first for the side to move: a good answer found
            # early closes the window on the rest (alpha-beta's cut-offs).
            judged = sorted(((self.value(child), index, child)
                             for index, child in enumerate(children)),
                            key=lambda entry: (-entry[0] if maximizing else entry[0], entry[1]))
            children = (child for _, _, child in judged)
        best = None
        for child in children:
            value = self.value(child) if depth == 1 else \
                self.search(child, depth - 1, alpha, beta, rng)
            if maximizing:
                best = value if best is None else max(best, value)
                alpha = max(alpha, best)
            else:
                best = value if best is None else min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return self.value(table) if best is None else best


def choose(game, state, seat, rng, seats=2, samples: int = 4, depth: int = 4,
           seconds: Optional[float] = None, scale: Optional[float] = None,
           evaluation: Optional[str] = None,
           clock: Callable[[], float] = time.perf_counter, **_options) -> Choice:
    """The legal command with the best mean minimax value over `samples` deals of the
    seat's view, each searched `depth` commands deep. A `seconds` cap is checked before each
    deal past the first, so every command is judged on the same deals. `iterations` of the
    returned Choice counts the positions judged."""
    start = clock()
    commands = game.legal_commands(state, seat)
    if len(commands) <= 1:
        return Choice(commands[0], 0, clock() - start)
    if depth < 1:
        raise ValueError(f"minimax needs a depth of 1 or more, not {depth}.")
    search = _Search(game, seat, seats, scale_for(game) if scale is None else scale,
                     model_for(game, evaluation))
    count = max(1, samples if game.sampler is not None else 1)
    totals, counts = [0.0] * len(commands), [0] * len(commands)
    for number in range(count):
        if number and seconds is not None and clock() - start >= seconds:
            break
        table = determinize(game, state, seat, rng)
        chance = rng.getrandbits(64)  # every command meets the same chance on this deal
        for index, command in enumerate(commands):
            line = random.Random(chance)
            try:
                after = apply_command(game, table, seat, command, line, search.decide)
            except RuleError:
                continue
            totals[index] += search.search(after, depth - 1, float("-inf"), float("inf"),
                                           line)
            counts[index] += 1
    judged = [(totals[i] / counts[i], i) for i in range(len(commands)) if counts[i]]
    if not judged:
        return Choice(rng.choice(commands), search.evaluations, clock() - start)
    top = max(value for value, _ in judged)
    best = [commands[i] for value, i in judged if value >= top - TIE]
    return Choice(rng.choice(best), search.evaluations, clock() - start)
