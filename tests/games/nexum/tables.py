"""Nexum positions for rule tests: a real setup, then the few facts a test is about."""
from __future__ import annotations

import random
from dataclasses import replace

from shared.games.nexum import GAME
from shared.games.nexum.state import State, add_ships

# Aggressiveness 1: with no AI, one Action Row a round, as the rule tests count on.
OPTIONS = {"sector": "ihx", "mode": "asteroids", "ai": "0", "aggressiveness": 1}


def start(seats: int = 2, seed: int = 1, **options) -> State:
    """A state straight after setup."""
    state = None
    resolved = GAME.spec.resolve_options({**OPTIONS, **options})
    for event in GAME.setup(resolved, seats, random.Random(seed)):
        state = GAME.evolve(state, event)
    return state


def at_phase(state: State, faction: int, phase: str, **changes) -> State:
    """`faction` in its `phase` (movement or management), nobody else moving this round."""
    order = (faction,) + tuple(f for f in range(state.seats) if f != faction)
    phases = changes.pop("phases", (phase,))
    return replace(state, stage="turn", order=order, turn=0, phases=phases,
                   chosen={f: (phase, 0) for f in order}, replicated=(), arrived={},
                   **changes)


def clear(state: State) -> State:
    """No ships anywhere (tests place their own)."""
    return replace(state, ships={}, carried={}, loose={})


def place(state: State, *fleets) -> State:
    """Ships placed: (place, faction, count) each."""
    for where, faction, count in fleets:
        state = add_ships(state, where, faction, count)
    return state


def play(state: State, seat: int, command: dict, seed: int = 0):
    """(events, state after) for one command."""
    events = GAME.decide(state, seat, command, random.Random(seed))
    after = state
    for event in events:
        after = GAME.evolve(after, event)
    return events, after


def types(events) -> list:
    return [e["type"] for e in events]
