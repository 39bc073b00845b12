"""What every policy returns, and the small helpers they share."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Choice:
    """A chosen command and how much searching went into it."""

    command: dict
    iterations: int = 0
    seconds: float = 0.0


def apply_command(game, state, seat, command, rng, decide=None):
    """The state after `seat` plays `command` (decide, then fold); raises RuleError.
    `decide` replaces the game's own (see `rules_only`)."""
    evolve = game.evolve
    for event in (decide or game.decide)(state, seat, command, rng):
        state = evolve(state, event)
    return state


def rules_only(game):
    """The game's decide without the vocabulary's shape check (kit.checked_decide): a search
    only plays commands its game's legal_commands built, whose shape is right by
    construction, and the check costs a sixth of every search step. The rules still judge."""
    return getattr(game.decide, "__wrapped__", game.decide)


def determinize(game, state, seat, rng):
    """A state consistent with what `seat` sees, hidden parts redrawn (the state itself when
    the game declares no sampler: a game with hidden information must supply one)."""
    return game.sampler(state, seat, rng) if game.sampler is not None else state
