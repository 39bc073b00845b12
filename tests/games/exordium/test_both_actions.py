"""Using both Actions of a card (rulebook, turn: 2 or more Resources of the card's colour)."""
import pytest

from shared.games.api import IllegalCommand
from shared.games.exordium.state import colour_of
from tests.games.exordium.helpers import (
    EXAMINE, YELLOW, card, explore, extract, given, holds, table, types, when)


def _two_reds():
    """Given yellow holds 2 red Resources (e4 and d3 are red in the known deal)."""
    start = given(table())
    assert colour_of(start, "e4") == colour_of(start, "d3") == "red"
    return given(table(), holds(start, YELLOW, "e4", "d3"))


def test_both_actions_need_two_resources_of_the_cards_colour():
    """TURN: only a player with 2 or more of the card's Resources may use both Actions."""
    with pytest.raises(IllegalCommand, match="needs 2 or more red Resources; you have 0"):
        when(given(table()), YELLOW, card("red", explore("d3"), extract("d4")))


def test_two_resources_of_another_colour_do_not_count():
    """TURN: 'the Resources indicated on the Action card'."""
    with pytest.raises(IllegalCommand, match="needs 2 or more blue Resources"):
        when(_two_reds(), YELLOW, card("blue", extract("d4"), EXAMINE))


def test_with_two_resources_both_actions_may_be_used_in_either_order():
    """TURN: they may use both Actions listed on the chosen Action card, in any order."""
    state = _two_reds()
    first = when(state, YELLOW, card("red", extract("d4"), explore("c4")))
    second = when(state, YELLOW, card("red", explore("c4"), extract("d4")))
    assert types(first)[:2] == ["ResourceExtracted", "TerrainExplored"]
    assert types(second)[:2] == ["TerrainExplored", "ResourceExtracted"]


def test_actions_apply_in_the_order_given_so_a_new_terrain_can_be_extracted():
    """TURN: in any order they choose — Explore, then Extract the Terrain just gained."""
    evts = when(_two_reds(), YELLOW, card("red", explore("c4"), extract("c4")))
    assert evts[1]["type"] == "ResourceExtracted" and evts[1]["data"]["terrain"] == "c4"


def test_extract_before_explore_cannot_take_the_terrain_not_yet_gained():
    """TURN: the Actions happen in the order chosen."""
    with pytest.raises(IllegalCommand, match="your own play area"):
        when(_two_reds(), YELLOW, card("red", extract("c4"), explore("c4")))


def test_the_same_action_may_not_be_used_twice():
    """TURN: each Action card features 2 different Actions; both means one of each."""
    with pytest.raises(IllegalCommand, match="used once"):
        when(_two_reds(), YELLOW, card("red", explore("c4"), explore("d5")))
