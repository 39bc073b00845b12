"""One self-play match in process, the loop every game's self-play benchmark shares."""
from __future__ import annotations

import random

from services.bot.policies import greedy


def play_out(game, options: dict, seats: int, seed: int, policy: str, samples: int):
    """Set up with `options` and play to the game's outcome: `random` picks uniformly among the
    legal commands, `greedy` is the greedy bot with `samples` determinizations. Returns the
    final state and the number of commands played."""
    rng = random.Random(seed)
    state = None
    for event in game.setup(options, seats, random.Random(f"setup-{seed}")):
        state = game.evolve(state, event)
    commands = 0
    while game.outcome(state) is None:
        seat = rng.choice(list(game.to_act(state)))
        if policy == "greedy":
            command = greedy.choose(game, state, seat, rng, seats=seats, samples=samples).command
        else:
            command = rng.choice(game.legal_commands(state, seat))
        for event in game.decide(state, seat, command, rng):
            state = game.evolve(state, event)
        commands += 1
    return state, commands
