"""Legal commands: a perft-like count from fixed positions, and agreement with decide."""
import random

from shared.games.exordium import GAME
from shared.games.exordium.evolve import fold
from tests.games.exordium.helpers import YELLOW, given, holds, table


def _perft(state, depth):
    """The number of command sequences of `depth` from `state`."""
    if depth == 0 or not GAME.to_act(state):
        return 1
    seat = GAME.to_act(state)[0]
    return sum(_perft(fold(state, GAME.decide(state, seat, cmd, None)), depth - 1)
               for cmd in GAME.legal_commands(state, seat))


def test_first_turn_count():
    """TURN: yellow at d4 — Red: 4 Explores + 1 Extract; Blue: Extract, Examine; Green: 1 + 4."""
    assert _perft(given(table()), 1) == 12


def test_count_with_both_actions_in_either_order():
    """TURN: 2 red Resources — Red: 5 + 1 single, 5x2 explore-extract, 1x5 extract-explore."""
    start = given(table())
    state = given(table(), holds(start, YELLOW, "e4", "d3"))
    assert _perft(state, 1) == 21 + 2 + 6


def test_perft_depth_2_purple_answers_with_the_two_cards_left():
    """TURN: purple at b2 (4 Explores, 1 Extract, Examine) plays one of the 2 face-up cards.

    After yellow's Red (5 ways): Blue 2 + Green 5; after Blue (2): Red 5 + Green 5;
    after Green (5): Red 5 + Blue 2 — 5*7 + 2*10 + 5*7 = 90.
    """
    assert _perft(given(table()), 2) == 90


def test_perft_depth_3_through_the_end_of_the_first_round():
    """A regression count over the first round (depths 1 and 2 are checked by hand above)."""
    assert _perft(given(table()), 3) == 364


def test_every_legal_command_is_accepted_and_legal_commands_are_distinct():
    """decide accepts everything legal_commands lists, along random games."""
    rng = random.Random(11)
    state = fold(None, GAME.setup({}, 2, rng))
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        commands = GAME.legal_commands(state, seat)
        assert len({repr(c) for c in commands}) == len(commands) > 0
        for command in commands:
            GAME.decide(state, seat, command, rng)
        state = fold(state, GAME.decide(state, seat, rng.choice(commands), rng))
