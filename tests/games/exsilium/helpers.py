"""Given-builders for Exsilium tests.

Givens are events folded through `evolve` (`given`), starting from a match played through
setup by real commands (`given_play`). Only a hand of chosen cards is put in place directly
(`deal`): no event hands a player an arbitrary upgraded card.

Geometry (board.py): node = y * 100 + x; tile (r, c) covers y 5r..5r+4, x 5c..5c+4.
The 2-player layout has A1 at (0, 0) (activation node 2) and A9 at (2, 2) (activation node
1412); seat 0 bids 1 and plays first.
"""
import random
from dataclasses import replace

from shared.games.exsilium import GAME
from shared.games.exsilium.evolve import fold
from shared.games.exsilium.board import pos_key
from shared.games.exsilium.state import with_player
from shared.games.exsilium.vocabulary import VOCABULARY


def event(etype, /, **data):
    """An event of a declared type, by its name (KeyError for a type Exsilium does not know)."""
    return VOCABULARY.events[etype](**data)


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


def given(state, *events):
    """The state after folding the given events, each written as (type, {data})."""
    return fold(state, [event(t, **d) for t, d in events])


def on_board(state, seat, *nodes):
    """MiniatureActivated events putting the seat's next miniatures on `nodes`."""
    board = list(state.players[seat].board)
    return [("MiniatureActivated", {"seat": seat, "mini": board[i], "node": n})
            for i, n in enumerate(nodes)]


def revealed(pos, tile, baralytas=None, terminals=(), newaru=None):
    """A TileRevealed event for a tile of our choice at `pos`."""
    return ("TileRevealed", {"pos": pos_key(pos), "tile": tile,
                             "baralytas": {str(k): v for k, v in (baralytas or {}).items()},
                             "terminals": list(terminals),
                             "newaru": {str(k): v for k, v in (newaru or {}).items()}})


def deal(state, seat, cards, **changes):
    """The seat holds exactly `cards` (direct: no event gives arbitrary cards)."""
    return with_player(state, seat, hand=tuple(cards), **changes)


def basic_hand(seat, *kinds, copy=0):
    return [f"p{seat}-{k}-{copy}" for k in kinds]


def upgraded(key, n=0):
    """The id of the n-th physical upgraded card of definition `key`."""
    from shared.games.exsilium.components import UPGRADED_CARDS
    return sorted(cid for cid, c in UPGRADED_CARDS.items() if c["key"] == key)[n]


def when(state, seat, command, rng=None):
    """Decide the command (a move's `action` and `control` default to false here); returns
    (events, state after them)."""
    if command["type"] == "move":
        command = {"action": False, "control": False, **command}
    out = GAME.decide(state, seat, command, rng or random.Random(0))
    return out, fold(state, out)


def types(events):
    return [e["type"] for e in events]


def of_type(events, etype):
    return [e["data"] for e in events if e["type"] == etype]


def clear_turn(state):
    from shared.games.exsilium.state import Turn
    return replace(state, turn=Turn())


def place(state, seat, *nodes, hand=None):
    """Kept for older tests: the seat's miniatures on `nodes` via MiniatureActivated events."""
    state = given(state, *on_board(state, seat, *nodes))
    return deal(state, seat, hand) if hand is not None else state


class Rigged(random.Random):
    """An rng whose `choice` returns the listed values in order when they are on offer."""

    def __init__(self, values):
        super().__init__(0)
        self.values = list(values)

    def choice(self, seq):
        if self.values and self.values[0] in seq:
            return self.values.pop(0)
        return seq[0]
