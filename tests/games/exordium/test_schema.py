"""The command shape at the edge, derived from the vocabulary (shared/schemas/games):
400-level checks."""
import random

import pytest

from shared.games.exordium import GAME
from shared.games.exordium.evolve import fold
from shared.schemas.games import command_schema_class

COMMAND_SCHEMA = command_schema_class("exordium")

GOOD = [
    {"type": "choose_start", "cell": "b2"},
    {"type": "play_action_card", "card": "red", "actions": [{"action": "explore", "cell": "b3"}]},
    {"type": "play_action_card", "card": "blue",
     "actions": [{"action": "extract", "terrain": None}, {"action": "examine"}]},
]
BAD = [
    {"type": "choose_start"},
    {"type": "choose_start", "cell": "f6"},
    {"type": "choose_start", "cell": 12},
    {"type": "pass"},
    {"type": "play_action_card", "card": "purple", "actions": [{"action": "examine"}]},
    {"type": "play_action_card", "card": "red", "actions": []},
    {"type": "play_action_card", "card": "red", "actions": [{"action": "examine"}] * 3},
    {"type": "play_action_card", "card": "red", "actions": [{"action": "fly"}]},
    {"type": "play_action_card", "card": "red",
     "actions": [{"action": "explore", "terrain": "b3"}]},
    {"type": "play_action_card", "card": "red"},
    {"type": "play_action_card", "card": "red", "actions": [{"action": "examine"}], "cell": "b2"},
]


@pytest.mark.parametrize("command", GOOD)
def test_well_shaped_commands_pass(command):
    """API.md: a well-shaped command reaches the rules."""
    assert COMMAND_SCHEMA().validate(command) == {}


@pytest.mark.parametrize("command", BAD)
def test_badly_shaped_commands_are_refused(command):
    """API.md: a bad shape is a 400, before the rules are asked."""
    assert COMMAND_SCHEMA().validate(command) != {}


def test_every_legal_command_has_a_valid_shape():
    """Every command legal_commands lists passes the schema."""
    rng = random.Random(4)
    state = fold(None, GAME.setup({}, 2, rng))
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        commands = GAME.legal_commands(state, seat)
        assert all(COMMAND_SCHEMA().validate(c) == {} for c in commands)
        state = fold(state, GAME.decide(state, seat, rng.choice(commands), rng))
