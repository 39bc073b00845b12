"""Given-builders for Exsilium tests."""
import random
from dataclasses import replace

from shared.games.exsilium import GAME
from shared.games.exsilium.evolve import fold
from shared.games.exsilium.state import with_player


def given_play(seats=2, seed=0, options=None, factions=None):
    """A match set up and through factions, bids (seat 0 bids 1) and starting tiles."""
    rng = random.Random(seed)
    events = GAME.setup(options or {}, seats, rng)
    state = fold(None, events)
    for seat, faction in enumerate(factions or ("syl", "keber", "vinsan", "wardun")[:seats]):
        state = fold(state, GAME.decide(state, seat, {"type": "choose_faction",
                                                      "faction": faction}, rng))
    for seat in range(seats):
        state = fold(state, GAME.decide(state, seat, {"type": "bid", "amount": int(seat == 0)},
                                        rng))
    while state.phase == "start":
        seat = GAME.to_act(state)[0]
        cmd = GAME.legal_commands(state, seat)[0]
        state = fold(state, GAME.decide(state, seat, cmd, rng))
    return state


def place(state, seat, *nodes, hand=None):
    """The seat's miniatures placed on `nodes` (the rest on the board), optionally a hand."""
    player = state.players[seat]
    minis = tuple(list(nodes) + [None] * (4 - len(nodes)))
    changes = {"minis": minis, "board": tuple(range(len(nodes), 4))}
    if hand is not None:
        changes["hand"] = tuple(hand)
    return with_player(state, seat, **changes)


def types(events):
    return [e["type"] for e in events]


def clear_turn(state):
    from shared.games.exsilium.state import Turn
    return replace(state, turn=Turn())
