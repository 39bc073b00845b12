"""Tables for Exile Sun's rule tests: a real game set up and played at random to its first
Move phase, then given the fleets a test describes (the rest of the state stays coherent:
hands, decks, supplies and colonies come from the real setup)."""
import random

from shared.games.exile_sun import GAME
from shared.games.exile_sun.state import MOVE, Fleet, replace


def play(state, seat, command, rng=None):
    """decide then evolve; returns (events, the state after)."""
    events = GAME.decide(state, seat, command, rng or random.Random(0))
    for event in events:
        state = GAME.evolve(state, event)
    return events, state


def set_up(seats, seed=0, **options):
    state = None
    for event in GAME.setup(GAME.spec.resolve_options(options), seats, random.Random(seed)):
        state = GAME.evolve(state, event)
    return state


def first_move_phase(seats, seed=0):
    """A real table at the first Move phase (random legal play through setup and budget)."""
    state, rng = set_up(seats, seed), random.Random(seed)
    while state.phase != MOVE:
        seat = rng.choice(list(GAME.to_act(state)))
        _, state = play(state, seat, rng.choice(GAME.legal_commands(state, seat)), rng)
    return state


def with_fleets(state, *fleets, **changes):
    """The table with exactly these fleets: (id, owner, kind, space[, count])."""
    made = tuple(Fleet(id=f[0], owner=f[1], kind=f[2], space=f[3],
                       count=f[4] if len(f) > 4 else 1, moves=4) for f in fleets)
    return replace(state, fleets=made, next_fleet=100, battles=(), battle=None, known=frozenset(),
                   revealed=frozenset(), agenda_review=0, **changes)
