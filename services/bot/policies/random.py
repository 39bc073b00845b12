"""The `random` policy: a uniformly drawn legal command."""
from __future__ import annotations

from services.bot.policies.base import Choice


def choose(game, state, seat, rng, **_options) -> Choice:
    """Any legal command, each equally likely (the seat's legal commands are its to know)."""
    return Choice(rng.choice(game.legal_commands(state, seat)))
