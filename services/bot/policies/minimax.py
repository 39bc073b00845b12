"""The `minimax` search: perfect-information Monte Carlo (Ginsberg's GIB for bridge).

For each of `deals` determinizations of the seat's view (the game's sampler: every hidden
part redrawn from what the seat knows; never the true table), the seat's commands are
searched as if that table were open, by alpha-beta over the two seats' alternating
commands, `depth` commands deep, the heuristic judging the leaves (squashed as every policy
squashes it; a finished game by who won and its margin, so a decided win outranks any open
position). The command with the best mean value over the deals is played.

It searches deeper step by step (iterative deepening, from 1 command to `depth`, `step`
commands at a time after the first): every deal is searched at one depth before any at the
next, and the deepest depth that every deal finished chooses, so a `seconds` cap or an
`iterations` budget (leaf judgements) ends the search with a whole depth's answer. A `step`
of 2 keeps that answer at an even depth, one that ends on the other seat's answer (in
Exordium a search that ended on the seat's own move, at 3 or 5 commands, played weaker
than one 2 or 4 deep: docs/BOTS.md). At each depth the root's commands are tried in the
order the depth before ranked them, and inner nodes try their commands best first by a
one-ply judgement: what lets alpha-beta cut most of the tree.

Only for a game of two seats where one seat acts at a time and a command's outcome is
fixed by the table (a decide that draws nothing from its rng once the hidden parts are
dealt: Exordium). Where it sees the other seat's answer a tree search of a few thousand
iterations does not: against greedy, whose answer is the one-ply best, it plays into the
lines greedy misjudges (docs/BOTS.md).
"""
from __future__ import annotations

import random
import time
from typing import Callable, Optional

from services.bot.policies.base import Choice, apply_command, determinize, rules_only
from services.bot.policies.evaluation import scale_for, seat_reward
from services.bot.policies.learned import model_for
from shared.games.api import RuleError

# A finished game is judged mostly by who won, and this much by the squashed score margin
# (as mcts and the turn rollout judge it).
MARGIN_WEIGHT = 0.2
INFINITY = float("inf")


class _OutOfBudget(Exception):
    """The search's time or leaf judgements ran out in the middle of a depth."""


class _FixedChance(random.Random):
    """One random stream, restarted before every command (reseeded only once drawn from:
    a seed costs more than a game's whole decide that draws nothing)."""

    def __init__(self):
        super().__init__(0)
        self.drawn = False

    def random(self) -> float:
        self.drawn = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.drawn = True
        return super().getrandbits(k)

    def reset(self) -> "_FixedChance":
        if self.drawn:
            self.seed(0)
            self.drawn = False
        return self


class _Search:
    """Alpha-beta on one open table for one seat's values, with its budget."""

    def __init__(self, game, seat: int, scale: float, model, deadline: Optional[float],
                 evaluations: Optional[int], clock: Callable[[], float]):
        self.game, self.seat, self.scale, self.model = game, seat, scale, model
        self.decide = rules_only(game)
        self.deadline, self.budget, self.clock = deadline, evaluations, clock
        self.evaluations = 0
        # Whether a line of the last depth searched stopped before the game's end: once none
        # did, a deeper search would find the same values.
        self.beyond = False
        # A deeper pass walks the tables the one before built: each table's children and
        # value are kept, keyed by the table's id, with the table itself (so that no other
        # table can take that id while the search runs).
        self.expanded: dict = {}
        self.judged: dict = {}
        self.rooted: dict = {}  # (a deal's id, a root command) -> (the deal, the table after)
        # On an open table the rules draw nothing; if a game's did, every command would
        # meet the same draw.
        self.chance = _FixedChance()

    def leaf(self, table) -> float:
        """`value` at the search's horizon, noting whether the game went on past it."""
        if not self.beyond and self.game.outcome(table) is None:
            self.beyond = True
        return self.value(table)

    def value(self, table) -> float:
        """The seat's reward on `table`: the leaves' judge."""
        known = self.judged.get(id(table))
        if known is not None:
            return known[1]
        self.evaluations += 1
        if self.budget is not None and self.evaluations > self.budget:
            raise _OutOfBudget
        if self.deadline is not None and not self.evaluations % 64 \
                and self.clock() >= self.deadline:
            raise _OutOfBudget
        value = seat_reward(self.game, table, self.seat, 2, self.scale, MARGIN_WEIGHT,
                            self.model)
        self.judged[id(table)] = (table, value)
        return value

    def _mover(self, table) -> int:
        movers = tuple(self.game.to_act(table))
        if len(movers) != 1:
            raise ValueError("minimax searches games where one seat acts at a time; "
                             f"{self.game.spec.name} has {len(movers)} to act here")
        return movers[0]

    def children(self, table) -> tuple:
        """(mover, [(command, table after it)]) on `table`; no children once it is over."""
        known = self.expanded.get(id(table))
        if known is not None:
            return known[1], known[2]
        mover, children = self._children(table)
        self.expanded[id(table)] = (table, mover, children)
        return mover, children

    def _children(self, table) -> tuple:
        game = self.game
        if game.outcome(table) is not None:
            return None, []
        mover = self._mover(table)
        return mover, list(self.successors(table, mover))

    def successors(self, table, mover: int):
        """(command, table after it) for each of `mover`'s commands the table accepts, made
        one at a time as they are asked for."""
        for command in self.game.legal_commands(table, mover):
            after = self.apply(table, mover, command)
            if after is not None:
                yield command, after

    def apply(self, table, mover: int, command: dict):
        """The table after `mover`'s `command`, or None when this table refuses it."""
        try:
            return apply_command(self.game, table, mover, command, self.chance.reset(),
                                 self.decide)
        except RuleError:
            return None

    def search(self, table, depth: int, alpha: float, beta: float) -> float:
        """The seat's value of `table` searched `depth` commands deep (alpha-beta)."""
        if depth == 0:
            return self.leaf(table)
        if depth == 1 and id(table) not in self.expanded:
            return self.last_ply(table, alpha, beta)
        mover, children = self.children(table)
        if not children:
            return self.value(table)
        maximizing = mover == self.seat
        if depth > 1:
            # Best first, by a one-ply look: cuts come early.
            judged = [(self.value(after), after) for _, after in children]
            judged.sort(key=lambda pair: pair[0], reverse=maximizing)
            ordered = [after for _, after in judged]
        else:
            ordered = [after for _, after in children]
        return self.best_of(ordered, maximizing, alpha, beta,
                            lambda after, a, b: self.search(after, depth - 1, a, b))

    @staticmethod
    def best_of(tables, maximizing: bool, alpha: float, beta: float, judge) -> Optional[float]:
        """The mover's best of `judge(table, alpha, beta)` over `tables`, taken in turn until
        one leaves no window (a cut); None when there is no table."""
        best = None
        for table in tables:
            value = judge(table, alpha, beta)
            if maximizing:
                best = value if best is None else max(best, value)
                alpha = max(alpha, best)
            else:
                best = value if best is None else min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    def after_root(self, table, command: dict):
        """The table after the seat's root `command`, kept for the deeper passes."""
        key = (id(table), repr(command))
        if key not in self.rooted:
            self.rooted[key] = (table, self.apply(table, self.seat, command))
        return self.rooted[key][1]

    def last_ply(self, table, alpha: float, beta: float) -> float:
        """`search` one command deep, each command applied only once the ones before it
        left no cut: most of a search's tables are made here, and most are never needed."""
        game = self.game
        if game.outcome(table) is not None:
            return self.value(table)
        mover = self._mover(table)
        best = self.best_of((after for _, after in self.successors(table, mover)),
                            mover == self.seat, alpha, beta,
                            lambda after, a, b: self.leaf(after))
        return self.value(table) if best is None else best

    def root(self, table, commands: list, order: list, depth: int) -> dict:
        """Each root command's value at `depth` on `table` (index -> (value, exact)), tried
        in `order`. The first is searched whole; each next one only far enough to show it
        is no better than the best before it, in which case its value is an upper bound
        (exact False). `exact_value` makes one exact when the mean over the deals needs it."""
        values, best = {}, -INFINITY
        for index in order:
            after = self.after_root(table, commands[index])
            if after is None:
                continue
            value = self.search(after, depth - 1, best, INFINITY)
            values[index] = (value, value > best)
            best = max(best, value)
        return values

    def exact_value(self, table, command: dict, depth: int) -> float:
        """One root command's exact value at `depth` on `table`."""
        return self.search(self.after_root(table, command), depth - 1, -INFINITY, INFINITY)


def choose(game, state, seat, rng, seats=2, deals: int = 4, depth: int = 4, step: int = 1,
           seconds: Optional[float] = None, iterations: Optional[int] = None,
           scale: Optional[float] = None, evaluation: Optional[str] = None,
           clock: Callable[[], float] = time.perf_counter, **_options) -> Choice:
    """The command with the best mean alpha-beta value over `deals` open guesses of the
    hidden parts (see the module docstring). `iterations` is the budget in leaf
    judgements (as mcts's is in iterations), and the Choice's `iterations` counts them."""
    start = clock()
    if seats != 2:
        raise ValueError(f"minimax searches two-seat games; this table has {seats} seats")
    if tuple(game.to_act(state)) != (seat,):
        raise ValueError("minimax searches games where one seat acts at a time; "
                         f"{game.spec.name} has {len(game.to_act(state))} to act here")
    commands = game.legal_commands(state, seat)
    if len(commands) <= 1:
        return Choice(commands[0], 0, clock() - start)
    search = _Search(game, seat, scale_for(game) if scale is None else scale,
                     model_for(game, evaluation),
                     None if seconds is None else start + seconds, iterations, clock)
    count = max(1, deals if game.sampler is not None else 1)
    tables = [determinize(game, state, seat, rng) for _ in range(count)]
    order = list(range(len(commands)))
    rng.shuffle(order)  # equal values in a random order: ties go to a random command
    chosen = None
    for level in _depths(depth, step):
        search.beyond = False
        try:
            best = _best_mean(search, tables, commands, order, level)
        except _OutOfBudget:
            break
        if best is None:
            break
        chosen, means = best
        # The next depth tries the best first (Python's sort is stable: ties keep the shuffle).
        order.sort(key=lambda index: -means.get(index, -INFINITY))
        if not search.beyond:
            break  # every line reached the game's end: deeper would change nothing
    if chosen is None:
        return Choice(commands[order[0]], search.evaluations, clock() - start)
    return Choice(commands[chosen], search.evaluations, clock() - start)


def _depths(depth: int, step: int) -> list:
    """The depths searched one after the other: 1, then every `step`-th up to `depth`."""
    step = max(1, step)
    return sorted({1, *range(step, max(1, depth) + 1, step)})


def _best_mean(search: _Search, tables: list, commands: list, order: list, depth: int):
    """(the command index with the best mean value over `tables` at `depth`, every
    command's mean), or None when no table accepts a command.

    A deal's values are upper bounds for the commands it cut short, so a mean holding one
    is at least the command's true mean. The best mean is made exact, deal by deal, until
    the best is a mean of exact values only: then no other command's true mean can be
    higher, and the choice is what exact values everywhere would have made, at a fraction
    of the cost (a root of 16 commands searched whole took most of a move's time)."""
    found = [search.root(table, commands, order, depth) for table in tables]
    while True:
        means = {}
        for index in order:
            judged = [values[index][0] for values in found if index in values]
            if judged:
                means[index] = sum(judged) / len(judged)
        if not means:
            return None
        top = max(means.values())
        best = next(index for index in order if index in means and means[index] >= top - 1e-12)
        bounded = [deal for deal, values in enumerate(found)
                   if best in values and not values[best][1]]
        if not bounded:
            return best, means
        for deal in bounded:
            value = search.exact_value(tables[deal], commands[best], depth)
            found[deal][best] = (value, True)
