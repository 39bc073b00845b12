"""The Asteroids expansion as written, Given / When / Then (page of the book in each)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from shared.games.api import IllegalCommand
from shared.games.nexum import GAME
from shared.games.nexum.components import CARDS, TECHS
from shared.games.nexum.effects import resolve_card
from shared.games.kit import Transaction
from shared.games.nexum.evolve import evolve
from shared.games.nexum.state import ships_at
from shared.games.nexum.vocabulary import CAPTURE, END_PHASE, MOVE, RESEARCH
from tests.games.nexum.tables import at_phase, clear, place, play, start, types


@pytest.mark.parametrize("tech,path,level,cost", [
    ("replicator_1", "military", 1, "matching"), ("replicator_2", "military", 2, "matching"),
    ("engineering_1", "military", 3, "matching"), ("replicator_3", "military", 4, "matching"),
    ("processing_1", "space", 1, "energy"), ("recharge_1", "space", 2, "non_matching"),
    ("processing_2", "space", 3, "non_matching"), ("recharge_2", "space", 4, "non_matching"),
    ("hyperspace", "exploration", 1, "energy"), ("exploration", "exploration", 2, "energy"),
    ("cloaking", "exploration", 3, "energy"),
    ("controlled_exploration", "exploration", 4, "energy")])
def test_the_twelve_technology_cards_and_their_costs(tech, path, level, cost):
    """Asteroids pp.7-9: three paths of four cards, with the costs in parentheses."""
    card = TECHS[tech]
    assert (card["path"], card["level"], card["cost"]) == (path, level, cost)
    if cost == "energy":
        assert card["energy"] == {"processing_1": 2}.get(tech, 3)


def test_the_event_deck_is_eighteen_core_and_eighteen_expansion_cards():
    """Asteroids p.5: "Shuffle all 36 Event cards ... 18 from the core game and 18 more"."""
    assert len(CARDS) == 36
    assert sum(card["set"] == "core" for card in CARDS.values()) == 18
    assert start().deck and len(start(mode="core").deck) + 3 == 18 + 3


def test_a_technology_needs_the_level_below():
    """Asteroids p.7: "To acquire a level 3 technology you must first own a level 2 tech"."""
    state = at_phase(start(), 0, "movement")
    with pytest.raises(IllegalCommand, match="needs processing_1 first"):
        play(state, 0, RESEARCH(tech="recharge_1", asteroids=[]))


def test_processing_one_costs_two_energy_and_lets_you_capture_asteroids():
    """Asteroids p.5/p.8: you need Processing I (2 energy) to capture; you see the crystals,
    the others do not."""
    state = at_phase(place(clear(start()), ("A1", 0, 1), ("B1", 0, 1), ("E1", 1, 1)),
                     0, "movement")
    with pytest.raises(IllegalCommand, match="Processing I"):
        play(state, 0, CAPTURE(planet="B1"))
    _, state = play(state, 0, RESEARCH(tech="processing_1", asteroids=[]))
    assert state.energy[0] == 3
    events, state = play(state, 0, CAPTURE(planet="B1"))
    captured = events[0]
    assert "crystals" in captured["data"] and "crystals" not in GAME.redact(captured, 1)["data"]
    assert "crystals" in GAME.view(state, 0)["factions"][0]
    assert "crystals" not in GAME.view(state, 1)["factions"][0]


def test_one_technology_per_turn():
    """Asteroids p.7: "You may acquire one tech card during your turn"."""
    state = at_phase(start(), 0, "movement", energy=(10, 5))
    _, state = play(state, 0, RESEARCH(tech="processing_1", asteroids=[]))
    with pytest.raises(IllegalCommand, match="one technology card per turn"):
        play(state, 0, RESEARCH(tech="hyperspace", asteroids=[]))


def test_two_matching_crystals_pay_a_military_technology_and_asteroids_are_indivisible():
    """Asteroids p.5/7: Replicator I costs 2 matching crystals; an asteroid used is used
    whole."""
    state = at_phase(start(), 0, "movement", loaded=(((7, "BY"), (8, "YY")), ()),
                     techs=(("processing_1",), ()))
    with pytest.raises(IllegalCommand, match="2 matching"):
        play(state, 0, RESEARCH(tech="replicator_1", asteroids=[7]))
    _, after = play(state, 0, RESEARCH(tech="replicator_1", asteroids=[8]))
    assert after.loaded[0] == ((7, "BY"),) and "replicator_1" in after.techs[0]


def test_replicator_three_adds_four_ships_to_the_reserve():
    """Asteroids p.7: "Increase your reserve from 25 to 29 ships"."""
    state = at_phase(start(), 0, "movement", loaded=(((1, "GG"),), ()),
                     techs=(("processing_1", "replicator_1", "replicator_2", "engineering_1"), ()))
    _, after = play(state, 0, RESEARCH(tech="replicator_3", asteroids=[1]))
    assert after.reserve[0] == state.reserve[0] + 4


def test_engineering_one_wins_ties():
    """Asteroids p.7: "You may attack when your strength equals your opponent's defense"."""
    state = at_phase(place(clear(start()), ("A1", 0, 2), ("B1", 1, 2), ("E1", 1, 1)),
                     0, "movement", techs=(("engineering_1",), ()))
    _, after = play(state, 0, MOVE(origin="A1", to="B1", ships=2, relics=0))
    assert ships_at(after, "B1", 0) == 1 and after.vp[0] == 1


def test_without_the_exotic_option_research_stops_at_hyperspace():
    """Option exotic_exploration false: the exploration path after Hyperspace is refused
    (by the option, not as unbuilt)."""
    state = at_phase(start(exotic_exploration=False), 0, "movement",
                     techs=(("hyperspace",), ()))
    with pytest.raises(IllegalCommand, match="option exotic_exploration is false"):
        play(state, 0, RESEARCH(tech="exploration", asteroids=[]))
    _, after = play(replace(state, optional={"exotic_exploration": True}), 0,
                    RESEARCH(tech="exploration", asteroids=[]))
    assert "exploration" in after.techs[0]


def test_five_no_movement_markers_destroy_a_planet_and_its_ships():
    """Asteroids p.6: "Whenever a Planet has 5 No Movement markers ... all ships there are
    destroyed ... If there are Relics there, move them to the Asteroid Cloud"."""
    solar = next(c for c, card in CARDS.items() if card["kind"] == "solar"
                 and card["letter"] == "B")
    planet = f"B{CARDS[solar]['planet']}"
    state = place(clear(start()), ("A1", 0, 1), (planet, 1, 2), ("E1", 1, 1))
    state = replace(state, no_move={planet: 4}, loose={planet: ("energy",)})
    tx = Transaction(state, None, evolve)
    resolve_card(tx, solar)
    assert "PlanetDestroyed" in types(tx.events)
    assert planet in tx.state.destroyed and ships_at(tx.state, planet, 1) == 0
    assert tx.state.loose == {"cloud": ("energy",)}


def test_five_no_management_markers_kill_a_planet():
    """Asteroids p.6: a Dead Planet: "NO more energy is generated there ... no more ships
    may be built there. You may both occupy and leave them"."""
    glacial = next(c for c, card in CARDS.items() if card["kind"] == "glacial"
                   and card["letter"] == "B")
    planet = f"B{CARDS[glacial]['planet']}"
    state = replace(place(clear(start()), ("A1", 0, 1), (planet, 0, 1), ("E1", 1, 1)),
                    no_manage={planet: 4})
    tx = Transaction(state, None, evolve)
    resolve_card(tx, glacial)
    assert planet in tx.state.dead and ships_at(tx.state, planet, 0) == 1


def test_action_row_cards_spare_tann_systems_but_a_played_card_does_not():
    """Asteroids p.5: "if an Event card played by a player points at the Tann System of
    another player, it will take effect"."""
    card = next(c for c, data in CARDS.items() if data["letter"] == "E")
    state = start()
    tx = Transaction(state, None, evolve)
    resolve_card(tx, card)
    assert tx.events[0]["data"]["planets"] == []
    tx = Transaction(state, None, evolve)
    resolve_card(tx, card, played_by=0)
    assert tx.events[0]["data"]["planets"] == [card]


def test_ships_arriving_at_the_asteroid_cloud_draw_two_cards_each():
    """Asteroids p.10-11, Asteroid Cloud: "For every ship that arrives there, you can draw 2
    cards ... hand limit of 3 cards"; "ships can only spend 1 turn here"."""
    state = at_phase(place(clear(start()), ("B1", 0, 3), ("E1", 1, 1)), 0, "movement",
                     energy=(10, 5))
    events, after = play(state, 0, MOVE(origin="B1", to="cloud", ships=2, relics=0))
    drawn = next(e for e in events if e["type"] == "CardsDrawn")
    assert len(drawn["data"]["cards"]) == 4 and len(after.hands[0]) == 3
    assert GAME.redact(drawn, 1)["data"] == {"faction": 0, "count": 4}
    later = at_phase(after, 0, "movement", cloud_must_leave=2)
    events, gone = play(later, 0, END_PHASE())
    assert any(e["type"] == "ShipsDestroyed" and e["data"]["reason"] == "cloud" for e in events)
    assert ships_at(gone, "cloud", 0) == 0
