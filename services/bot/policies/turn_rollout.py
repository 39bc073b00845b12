"""Turn rollout: greedy's one-ply ranking, improved by playing out the seat's own turn.

A rollout of a base policy (Bertsekas's rollout algorithm; Tesauro & Galperin's
"policy improvement" for backgammon) judges each candidate command by what the base policy
would do after it, and cannot be much worse than the base policy itself. Here the base
policy is greedy, and the rollout spans only the rest of the seat's own turn: in a game
whose turn is many commands by one seat (Exsilium: move, move, activate, ... end_turn), a
command's worth is often only seen two or three commands later (two moves to reach a
deposit), which greedy's one ply cannot see and which a tree search of a few hundred
iterations over 100-300 commands a node does not reach either.

1. Rank: every legal command on `samples` determinizations of the seat's view (never the
   true table), by its mean one-ply reward for the seat, as greedy ranks them.
2. Keep the best `keep`.
3. Roll out: each kept command, on each of the first `rollouts` determinizations, is
   followed by the seat's own greedy commands on that one table (each the best one-ply
   command there) until the seat's turn ends (another seat is to act, or the match is over)
   or `depth` more commands were played; the table reached is judged by the heuristic. Every
   candidate meets the same tables and the same chance (one random stream per round of
   rollouts), so their differences are not noise of the draws.
4. Choose the kept command with the best mean rollout reward (at `depth` 0, where a rollout
   is one more one-ply reward, the mean of the ranking's and the rollouts' rewards together;
   ties: one at random), but in a share `slip` of its moves the second best: a beginner's
   level that misjudges now and then, as a chess engine's skill levels pick a weaker line on
   purpose, since a smaller budget alone left a level as strong as the one above it
   (docs/BOTS.md).

Rounds of rollouts go over every kept command before the next determinization, so a
`seconds` cap (checked before each rollout) leaves every candidate judged on as many tables
as the others, or one fewer; with no rollout finished the ranking's best is played. The
ranking, too, goes one determinization at a time over every command, and starts the next
only within half the cap: a move takes about the cap, or one pass over its commands.
"""
from __future__ import annotations

import random
import time
from typing import Callable, Optional

from services.bot.policies.base import (Choice, Judgments, apply_command, determinize,
                                         rules_only)
from services.bot.policies.evaluation import scale_for, seat_reward
from services.bot.policies.learned import model_for
from shared.games.api import RuleError

# A finished game is judged mostly by who won, and this much by the squashed score margin
# (as mcts judges it).
MARGIN_WEIGHT = 0.2
TIE = 1e-12  # rewards this close are a tie (greedy's margin)
RANKING_SHARE = 0.5  # of the `seconds` cap, the most the ranking may take past one table


class _Judge:
    """Applies and judges commands for one seat with one game's rules and scale."""

    def __init__(self, game, seat: int, seats: int, scale: float, model=None):
        self.game, self.seat, self.seats, self.scale = game, seat, seats, scale
        self.model = model
        self.decide = rules_only(game)
        self.evaluations = 0

    def after(self, table, command: dict, rng):
        """The table after the seat's `command`, or None when this table refuses it."""
        try:
            return apply_command(self.game, table, self.seat, command, rng, self.decide)
        except RuleError:
            return None

    def reward(self, table) -> float:
        self.evaluations += 1
        return seat_reward(self.game, table, self.seat, self.seats, self.scale, MARGIN_WEIGHT,
                           self.model)

    def own_turn(self, table) -> bool:
        """Whether the seat alone is to act on `table` (its turn goes on)."""
        game = self.game
        # to_act is a tuple (the Game API); a list compared with == would never be equal.
        return game.outcome(table) is None and tuple(game.to_act(table)) == (self.seat,)

    def greedy_step(self, table, rng):
        """The table after the seat's best one-ply command on it (None if none applies)."""
        best, best_value = None, -1.0
        judged = Judgments(table, self.reward)
        for command in self.game.legal_commands(table, self.seat):
            after = self.after(table, command, rng)
            if after is None:
                continue
            value = judged(after)
            if value > best_value:
                best, best_value = after, value
        return best

    def finish_turn(self, table, depth: int, rng) -> float:
        """The reward once the seat's greedy play ends its turn (or after `depth` commands)."""
        for _ in range(depth):
            if not self.own_turn(table):
                break
            following = self.greedy_step(table, rng)
            if following is None:
                break
            table = following
        return self.reward(table)


def _ranked(judge: _Judge, commands: list, tables: list, rng,
            more_tables: Callable[[], bool] = lambda: True) -> list:
    """(mean one-ply reward, index, tables judged on) of every command that some table
    accepts, best first.

    Every command is judged on the first table, then on each next one while `more_tables()`
    says there is time: every command meets the same tables."""
    totals, counts = [0.0] * len(commands), [0] * len(commands)
    for number, table in enumerate(tables):
        if number and not more_tables():
            break
        judged = Judgments(table, judge.reward)
        for index, command in enumerate(commands):
            after = judge.after(table, command, rng)
            if after is not None:
                totals[index] += judged(after)
                counts[index] += 1
    ranked = [(totals[index] / counts[index], index, counts[index])
              for index in range(len(commands)) if counts[index]]
    # Equal values in a random order (greedy's tie-break): by index, the first legal commands
    # took every tied place in the `keep` cut.
    order = list(range(len(commands)))
    rng.shuffle(order)
    ranked.sort(key=lambda vi: (-vi[0], order[vi[1]]))
    return ranked


def choose(game, state, seat, rng, seats=2, samples: int = 4, keep: int = 5,
           rollouts: int = 2, depth: int = 6, scale: Optional[float] = None,
           seconds: Optional[float] = None, evaluation: Optional[str] = None,
           slip: float = 0.0, clock: Callable[[], float] = time.perf_counter,
           **_options) -> Choice:
    """The legal command whose play-out of the seat's turn looks best (see the module
    docstring). `iterations` of the returned Choice counts heuristic evaluations."""
    start = clock()
    commands = game.legal_commands(state, seat)
    if len(commands) <= 1:
        return Choice(commands[0], 0, clock() - start)
    judge = _Judge(game, seat, seats, scale_for(game) if scale is None else scale,
                   model_for(game, evaluation))
    count = max(1, samples if game.sampler is not None else 1)
    tables = [determinize(game, state, seat, rng) for _ in range(count)]
    # The ranking takes at most RANKING_SHARE of the cap (past its first table), leaving
    # the rest to the rollouts: without it a level's answer had no bound in a position of
    # hundreds of commands (Exsilium's level 2: p95 10.9 s as served on a busy machine).
    ranked = _ranked(judge, commands, tables, rng,
                     lambda: seconds is None or clock() - start < RANKING_SHARE * seconds)
    if not ranked:
        return Choice(rng.choice(commands), judge.evaluations, clock() - start)
    kept = [index for _, index, _ in ranked[:max(1, keep)]]
    seeds = [rng.getrandbits(64) for _ in range(min(rollouts, count))]
    totals, counts = [0.0] * len(kept), [0] * len(kept)
    if depth == 0:
        # A rollout of no commands is one more one-ply reward, what the ranking measured,
        # so the choice goes by all of them. By the rollouts' two alone, among ten close
        # commands, Exsilium's level 2 chose mostly by the chance of two draws where greedy
        # chose by eight, and lost to greedy (docs/BOTS.md).
        for slot, (mean, _, tables_judged) in enumerate(ranked[:len(kept)]):
            totals[slot], counts[slot] = mean * tables_judged, tables_judged
    for round_index, seed in enumerate(seeds):
        table = tables[round_index]
        for slot, index in enumerate(kept):
            if seconds is not None and clock() - start >= seconds:
                break
            chance = random.Random(seed)  # the same chance for every candidate this round
            after = judge.after(table, commands[index], chance)
            if after is None:
                continue
            totals[slot] += judge.finish_turn(after, depth, chance)
            counts[slot] += 1
    judged = [(totals[s] / counts[s], s) for s in range(len(kept)) if counts[s]]
    if not judged:
        return Choice(commands[kept[0]], judge.evaluations, clock() - start)
    # Ties go to a random one of the best, as greedy's do: taken by rank (the first legal
    # command) they repeated one harmless-looking command for ever (Exile Sun: returning
    # every ship, 4 of 6 matches lost to random play by having no fleet left).
    top = max(value for value, _ in judged)
    best_slot = rng.choice([s for value, s in judged if value >= top - TIE])
    others = [vs for vs in judged if vs[1] != best_slot]
    if slip and others and rng.random() < slip:
        best_slot = max(others)[1]
    return Choice(commands[kept[best_slot]], judge.evaluations, clock() - start)
