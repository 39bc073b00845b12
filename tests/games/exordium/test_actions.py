"""Exordium Actions: Explore, Extract, Examine (rulebook, THE CARDS and the Actions)."""
import pytest

from shared.games.api import IllegalCommand, NotYourTurn
from shared.games.exordium import GAME
from shared.games.exordium.state import with_player
from tests.games.exordium.helpers import (
    COLOURS, EXAMINE, PURPLE, YELLOW, card, explore, extract, given, table, types, when)


def test_explore_takes_an_adjacent_terrain_and_places_the_top_card_as_an_outpost():
    """Explore: move the Terrain card to the play area; the top deck card becomes an Outpost."""
    state = given(table())
    evts = when(state, YELLOW, card("red", explore("d3")))
    assert evts[0] == {"type": "TerrainExplored",
                       "data": {"seat": YELLOW, "cell": "d3", "value": 1, "top": 2}}
    after = given(table(), evts)
    assert "d3" not in after.board
    assert after.players[YELLOW].outposts == ("d4", "d3")
    assert set(after.players[YELLOW].terrain) == {"d4", "d3"}
    assert len(after.players[YELLOW].deck) == 11


def test_explore_needs_a_terrain_orthogonally_next_to_your_own_outpost():
    """Explore: 1 Terrain card that is next to (orthogonally) 1 of their Outpost cards."""
    state = given(table())
    for cell in ("c3", "c5", "e5", "c2"):  # Artifact, too far, diagonal, next to purple only
        with pytest.raises(IllegalCommand, match="orthogonally next to one of your Outposts"):
            when(state, YELLOW, card("red", explore(cell)))


def test_extract_flips_a_terrain_in_your_play_area_and_reveals_its_colour():
    """Extract: flip a Terrain card in the play area to its Resource side."""
    state = given(table())
    evts = when(state, YELLOW, card("red", extract("d4")))
    assert evts[0] == {"type": "ResourceExtracted",
                       "data": {"seat": YELLOW, "terrain": "d4", "colour": COLOURS["d4"]}}
    after = given(table(), evts)
    assert after.players[YELLOW].terrain == ()
    assert after.players[YELLOW].resources == (("d4", COLOURS["d4"]),)


def test_extract_only_flips_your_own_terrain():
    """Extract: only Terrain cards in a player's play area can be flipped."""
    state = given(table())
    for terrain in ("b2", "e5"):  # the other player's, and one still on the board
        with pytest.raises(IllegalCommand, match="your own play area"):
            when(state, YELLOW, card("blue", extract(terrain)))


def test_examine_places_the_top_card_as_a_drone_on_the_artifact():
    """Examine: the top card of the deck goes on the Artifact as a Drone card."""
    evts = when(given(table()), YELLOW, card("blue", EXAMINE))
    assert evts[0] == {"type": "DroneSent", "data": {"seat": YELLOW, "value": 1, "top": 2}}
    after = given(table(), evts)
    assert after.players[YELLOW].drones == (1,) and len(after.players[YELLOW].deck) == 11


def test_an_action_that_cannot_be_completed_may_be_chosen_and_does_nothing():
    """A player may select an Action that they cannot complete."""
    state = given(table())
    state = with_player(state, YELLOW, terrain=())  # nothing to extract
    evts = when(state, YELLOW, card("red", {"action": "extract"}))
    assert evts[0] == {"type": "ActionNotCompleted",
                       "data": {"seat": YELLOW, "action": "extract"}}
    assert given(table(), evts).players[YELLOW].resources == ()


def test_an_action_that_cannot_be_completed_takes_no_target():
    """A player may select an Action they cannot complete; then there is nothing to target."""
    state = with_player(given(table()), YELLOW, terrain=())
    with pytest.raises(IllegalCommand, match="cannot be completed"):
        when(state, YELLOW, card("red", extract("d4")))


def test_explore_and_examine_cannot_be_completed_with_an_empty_deck():
    """Explore and Examine play the top card of the deck; with none, they do nothing."""
    state = with_player(given(table()), YELLOW, deck=())
    assert types(when(state, YELLOW, card("green", EXAMINE)))[0] == "ActionNotCompleted"
    assert types(when(state, YELLOW, card("green", {"action": "explore"})))[0] == \
        "ActionNotCompleted"


def test_an_action_that_can_be_completed_needs_a_target():
    """Explore: the player chooses 1 Terrain card (a choice is required when one exists)."""
    with pytest.raises(IllegalCommand, match="needs a 'cell'"):
        when(given(table()), YELLOW, card("red", {"action": "explore"}))


def test_the_actions_must_be_those_of_the_chosen_card():
    """Each Action card features 2 different Actions; the player uses those."""
    with pytest.raises(IllegalCommand, match="offers explore and extract only"):
        when(given(table()), YELLOW, card("red", EXAMINE))


def test_only_a_face_up_action_card_may_be_chosen():
    """A player selects 1 face up Action card; a used card is flipped face down."""
    state = given(table(), when(given(table()), YELLOW, card("blue", EXAMINE)))
    with pytest.raises(IllegalCommand, match="face down"):
        when(state, PURPLE, card("blue", EXAMINE))


def test_only_the_player_whose_turn_it_is_may_act():
    """EXORDIUM is played over a series of player turns."""
    with pytest.raises(NotYourTurn):
        when(given(table()), PURPLE, card("blue", EXAMINE))
    assert GAME.legal_commands(given(table()), PURPLE) == []


def test_unknown_commands_are_refused():
    """Exordium's commands are choose_start and play_action_card."""
    with pytest.raises(IllegalCommand):
        when(given(table()), YELLOW, {"type": "pass"})
    with pytest.raises(IllegalCommand):
        when(given(table()), YELLOW, card("purple", EXAMINE))
    with pytest.raises(IllegalCommand):
        when(given(table()), YELLOW, {"type": "play_action_card", "card": "red", "actions": []})
