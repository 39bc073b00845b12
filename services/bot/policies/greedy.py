"""The `greedy` policy: one ply, judged by the game's heuristic over sampled tables.

Each legal command is applied to the same few determinizations of the seat's view (never to
the true table, whose hidden parts a command such as "extract" would reveal) and the command
with the best average reward wins; ties go to a random one of the best.
"""
from __future__ import annotations

from services.bot.policies.base import (Choice, Judgments, apply_command, determinize,
                                         rules_only)
from services.bot.policies.evaluation import rewards, scale_for
from services.bot.policies.learned import model_for
from shared.games.api import RuleError

DEFAULT_SAMPLES = 8


def _value(game, table, seat, command, rng, judged):
    try:
        after = apply_command(game, table, seat, command, rng, rules_only(game))
    except RuleError:  # not legal on this table (a game whose legality hangs on hidden facts)
        return None
    return judged(after)


def choose(game, state, seat, rng, seats=2, samples=DEFAULT_SAMPLES,
           scale=None, evaluation=None, **_options) -> Choice:
    """The legal command whose outcome looks best for `seat` on average. `evaluation`:
    "heuristic", "learned" or None (the game's served evaluation: learned.model_for)."""
    commands = game.legal_commands(state, seat)
    # The game's own scale: squashed at too small a one, a large lead (or deficit) rounds every
    # command's reward to the same 1.0 (or 0.0) and the choice falls to chance.
    scale = scale_for(game) if scale is None else scale
    model = model_for(game, evaluation)
    count = samples if game.sampler is not None else 1
    tables = [determinize(game, state, seat, rng) for _ in range(count)]

    def reward(after):
        judged = rewards(game, after, seats, scale, model=model)
        return 0.5 if judged is None else judged[seat]

    judgments = [Judgments(table, reward) for table in tables]  # a table judged once
    best, best_value = [], float("-inf")
    for command in commands:
        values = [v for v in (_value(game, t, seat, command, rng, judged)
                              for t, judged in zip(tables, judgments))
                  if v is not None]
        value = sum(values) / len(values) if values else float("-inf")
        if value > best_value + 1e-12:
            best, best_value = [command], value
        elif abs(value - best_value) <= 1e-12:
            best.append(command)
    return Choice(rng.choice(best or commands), iterations=len(commands) * count)
