"""Exordium set up (rulebook, SET UP)."""
import random
from collections import Counter

import pytest

from shared.games.api import IllegalCommand, NotYourTurn
from shared.games.exordium import GAME
from shared.games.exordium.board import ARTIFACT, TERRAIN_CELLS
from tests.games.exordium.helpers import PURPLE, YELLOW, dealt, given, table, when


def _choose(cell):
    return {"type": "choose_start", "cell": cell}


def test_setup_deals_24_terrain_cards_8_of_each_colour_around_the_artifact():
    """SET UP: shuffle the 24 Terrain cards into a 5x5 grid with the Artifact in the middle."""
    evts = GAME.setup({}, 2, random.Random(7))
    dealt_colours = evts[0]["data"]["colours"]
    assert sorted(dealt_colours) == sorted(TERRAIN_CELLS) and ARTIFACT not in dealt_colours
    assert Counter(dealt_colours.values()) == {"red": 8, "blue": 8, "green": 8}


def test_setup_shuffles_each_players_12_outpost_drone_cards():
    """SET UP: each player shuffles their 12 Outpost/Drone cards into a Drone-side up deck."""
    decks = GAME.setup({}, 2, random.Random(7))[1]["data"]["decks"]
    assert [sorted(d) for d in decks] == [[1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]] * 2


def test_setup_is_reproducible_from_the_rng():
    """ARCHITECTURE: randomness is drawn in setup from the given rng and recorded."""
    assert GAME.setup({}, 2, random.Random(3)) == GAME.setup({}, 2, random.Random(3))


def test_purple_chooses_a_starting_space_first():
    """SET UP: the purple player selects first."""
    state = given(dealt())
    assert GAME.to_act(state) == (PURPLE,)
    with pytest.raises(NotYourTurn):
        when(state, YELLOW, _choose("b2"))


def test_purple_chooses_among_the_8_spaces_around_the_artifact():
    """SET UP: 1 of the 8 Terrain cards on the board around the Artifact."""
    state = given(dealt())
    cells = sorted(c["cell"] for c in GAME.legal_commands(state, PURPLE))
    assert cells == ["b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4"]
    with pytest.raises(IllegalCommand, match="around the Artifact"):
        when(state, PURPLE, _choose("a1"))


def test_choosing_a_start_takes_the_terrain_and_places_the_starting_outpost():
    """SET UP: move the selected Terrain card to the play area; the Outpost takes its space."""
    state = given(dealt(), when(given(dealt()), PURPLE, _choose("b2")))
    assert "b2" not in state.board
    assert state.players[PURPLE].terrain == ("b2",) and state.players[PURPLE].outposts == ("b2",)
    assert state.players[PURPLE].deck == given(dealt()).players[PURPLE].deck  # deck untouched


def test_yellow_may_not_start_orthogonally_next_to_purple():
    """SET UP: yellow's space is 'at least 2 Terrain cards away' from purple's Outpost."""
    state = given(dealt(), [{"type": "StartChosen", "data": {"seat": 0, "cell": "c2"}}])
    with pytest.raises(IllegalCommand, match="at least 2 Terrain cards away"):
        when(state, YELLOW, _choose("b2"))
    cells = sorted(c["cell"] for c in GAME.legal_commands(state, YELLOW))
    assert cells == ["b3", "b4", "c4", "d3", "d4"]


def test_yellow_may_not_take_purples_space():
    """SET UP: yellow selects 1 of the 7 remaining Terrain cards around the Artifact."""
    state = given(dealt(), [{"type": "StartChosen", "data": {"seat": 0, "cell": "b2"}}])
    with pytest.raises(IllegalCommand, match="already holds"):
        when(state, YELLOW, _choose("b2"))


def test_yellow_takes_the_first_turn():
    """SET UP: the game begins with the yellow player taking the first turn."""
    before = given(table()[:3])
    state = given(table()[:3], when(before, YELLOW, _choose("d4")))
    assert GAME.to_act(state) == (YELLOW,)
    assert {c["type"] for c in GAME.legal_commands(state, YELLOW)} == {"play_action_card"}


def test_no_action_card_is_played_before_both_starts_are_chosen():
    """SET UP: starting spaces come before the first turn."""
    state = given(dealt())
    with pytest.raises(IllegalCommand, match="starting space first"):
        when(state, PURPLE, {"type": "play_action_card", "card": "red",
                             "actions": [{"action": "examine"}]})


def test_starting_spaces_are_chosen_only_during_set_up():
    """SET UP: each player chooses one starting space, once."""
    with pytest.raises(IllegalCommand, match="only during set up"):
        when(given(table()), YELLOW, _choose("b4"))
