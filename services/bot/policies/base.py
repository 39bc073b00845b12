"""What every policy returns, and the small helpers they share."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Choice:
    """A chosen command and how much searching went into it."""

    command: dict
    iterations: int = 0
    seconds: float = 0.0


def apply_command(game, state, seat, command, rng):
    """The state after `seat` plays `command` (decide, then fold); raises RuleError."""
    for event in game.decide(state, seat, command, rng):
        state = game.evolve(state, event)
    return state


def determinize(game, state, seat, rng):
    """A state consistent with what `seat` sees, hidden parts redrawn (the state itself when
    the game declares no sampler: a game with hidden information must supply one)."""
    return game.sampler(state, seat, rng) if game.sampler is not None else state
