"""Exotic systems A-L and the Exploration / Controlled Exploration technologies (Asteroids
pp.9-12), Given / When / Then, quoting the book."""
from __future__ import annotations

from dataclasses import replace

import pytest

from shared.games.api import IllegalCommand, InvalidOptions
from shared.games.kit import Transaction
from shared.games.nexum import GAME, board
from shared.games.nexum.components import CARDS
from shared.games.nexum.effects import card_targets, resolve_card
from shared.games.nexum.evolve import evolve
from shared.games.nexum.exotic import EXOTICS
from shared.games.nexum.state import ships_at
from shared.games.nexum.vocabulary import (END_EXPLORATION, END_PHASE, EXPLORE,
                                           EXTEND_EXPLORATION, MOVE, RESEARCH)
from tests.games.nexum.exotic_tables import add_exotic, explorer
from tests.games.nexum.tables import at_phase, clear, place, play, start, types


def _resolve(state, card, played_by=None):
    tx = Transaction(state, None, evolve)
    resolve_card(tx, card, played_by)
    return tx.events, tx.state


# --- Exploration ------------------------------------------------------------------------


def test_exploring_costs_three_energy_a_card_and_only_the_last_card_counts():
    """p.9: "select your explorer ship and use 3 energy. Draw a card ... unless the player
    decides to extend the trip by drawing a new card for another 3 energy ... Only the final
    destination is taken into account"."""
    state = replace(explorer(), deck=("C1",))
    events, state = play(state, 0, EXPLORE(origin="A1"))
    assert state.energy[0] == 17 and state.exploring[2] == "C1" and ships_at(state, "A1", 0) == 3
    with pytest.raises(IllegalCommand, match="Finish your exploration"):
        play(state, 0, MOVE(origin="A1", to="B1", ships=1, relics=0))
    _, state = play(replace(state, deck=("K2",)), 0, EXTEND_EXPLORATION())
    assert state.energy[0] == 14 and state.exploring[2] == "K2" and "C1" in state.discard
    _, state = play(state, 0, END_EXPLORATION(links=["cloud"], planet="k4"))
    assert "k" in state.systems and ships_at(state, "k4", 0) == 1 and not state.exploring


def test_exploration_needs_the_technology_and_a_ship_with_no_relic():
    """p.9: Exploration costs 3 energy to research and uses "a ship that has no Relics
    attached"."""
    state = explorer(techs=("hyperspace",))
    with pytest.raises(IllegalCommand, match="needs the exploration technology"):
        play(state, 0, EXPLORE(origin="A1"))
    _, state = play(state, 0, RESEARCH(tech="exploration", asteroids=[]))
    assert state.energy[0] == 17
    carrier = replace(place(clear(state), ("B1", 0, 1), ("E1", 1, 1)),
                      carried={"B1": {0: ("military",)}})
    with pytest.raises(IllegalCommand, match="carries no relic"):
        play(carrier, 0, EXPLORE(origin="B1"))


def test_a_card_naming_a_disk_in_play_loses_the_explorer_for_good():
    """p.9: "Failed Exploration: If the Exotic System matching the card's letter is not
    available ... your ship is destroyed and does not return to your reserve" (the Asteroid
    Cloud is Exotic System C, in play from the setup)."""
    state = replace(explorer(), deck=("C2",))
    reserve = state.reserve[0]
    _, state = play(state, 0, EXPLORE(origin="A1"))
    with pytest.raises(IllegalCommand, match="failed"):
        play(state, 0, END_EXPLORATION(links=["cloud"], planet="c1"))
    events, state = play(state, 0, END_EXPLORATION(links=[], planet=""))
    assert "ExplorationFailed" in types(events)
    assert state.reserve[0] == reserve and state.lost[0] == 1 and board.fleet_size(state, 0) == 3


def test_the_black_hole_destroys_the_explorer_and_is_placed():
    """p.11: Exotic System F, Black Hole: "The explorer ship is destroyed, and it doesn't
    return to the reserve!"; "Gravitational bridge: As long as there aren't any No Movement
    markers here, reduce 1 energy from the movement cost for any ships moving between the
    systems adjacent to the gravitational bridge" — a bridge that needs the disk in play.

    Given an explorer whose last card is F,
    When the exploration ends, placing the disk next to the Asteroid Cloud,
    Then the Black Hole is in play there, and the explorer is lost for good (it lands
    nowhere)."""
    state = replace(explorer(), deck=("F3",))
    _, state = play(state, 0, EXPLORE(origin="A1"))
    with pytest.raises(IllegalCommand, match="lands on a planet"):
        play(state, 0, END_EXPLORATION(links=["cloud"], planet="f1"))
    events, state = play(state, 0, END_EXPLORATION(links=["cloud"], planet=""))
    assert types(events) == ["ExoticSystemPlaced", "ExplorationFailed"]
    assert events[1]["data"]["reason"] == "black_hole" and state.lost[0] == 1
    assert "f" in state.systems and "cloud" in state.links["f"]
    assert not [p for p in state.ships if p.startswith("f")] and not state.exploring


def test_replicator_three_recovers_ships_lost_exploring():
    """p.7: Replicator III "also allows you to recover ships destroyed by black holes and by
    Failed Exploration"."""
    state = replace(explorer(techs=("replicator_1", "replicator_2", "engineering_1",
                                    "processing_1", "hyperspace", "exploration")),
                    lost=(2, 0), loaded=(((5, "YY"),), ()))
    reserve = state.reserve[0]
    events, state = play(state, 0, RESEARCH(tech="replicator_3", asteroids=[5]))
    assert "ShipsRecovered" in types(events)
    assert state.lost[0] == 0 and state.reserve[0] == reserve + 4 + 2
    _, state = play(replace(state, deck=("F1",), researched=False), 0, EXPLORE(origin="A1"))
    _, state = play(state, 0, END_EXPLORATION(links=[], planet=""))
    assert state.lost[0] == 0 and state.reserve[0] == reserve + 4 + 2 + 1


def test_exploration_places_the_system_away_from_planetary_systems_next_to_explored_ones():
    """p.9: "place the Exotic System anywhere you like as long as it is not adjacent to a
    Planetary System. If there are already other Exotic Systems in play, place the new one
    adjacent to one or more Exotic Systems ... You may also place it adjacent to the Asteroid
    Cloud"; then "An Asteroid marker on every planet"; then "The explorer ship on any planet
    you want"."""
    state = replace(explorer(), deck=("E1",))
    _, exploring = play(state, 0, EXPLORE(origin="A1"))
    with pytest.raises(IllegalCommand, match="next to a planetary system"):
        play(exploring, 0, END_EXPLORATION(links=["B"], planet="e1"))
    with pytest.raises(IllegalCommand, match="lands on a planet of the new system"):
        play(exploring, 0, END_EXPLORATION(links=["cloud"], planet="e4"))
    events, after = play(exploring, 0, END_EXPLORATION(links=["cloud"], planet="e2"))
    assert set(after.links["e"]) == {"cloud"} and "e" in after.links["cloud"]
    assert sorted(events[-1]["data"]["planets"]) == ["e1", "e2", "e3"]
    assert {"e1", "e2", "e3"} <= set(after.asteroids_on) and len(after.pool) == len(state.pool) - 3
    assert "planets" in GAME.redact(events[-1], 0)["data"]
    assert GAME.redact(events[-1], 0)["data"]["planets"] == ["e1", "e2", "e3"]
    # a second exotic system must touch an explored one
    second = at_phase(replace(after, deck=("K1",), arrived={}), 0, "movement")
    _, second = play(second, 0, EXPLORE(origin="A1"))
    with pytest.raises(IllegalCommand, match="next to an exotic system already explored"):
        play(second, 0, END_EXPLORATION(links=["cloud"], planet="k1"))
    _, second = play(second, 0, END_EXPLORATION(links=["e"], planet="k1"))
    assert set(second.links["k"]) == {"e"}
    # "You may resume your Movement Phase and move other ships"
    _, moved = play(second, 0, MOVE(origin="A1", to="B1", ships=1, relics=0))
    assert ships_at(moved, "B1", 0) == 1


def test_controlled_exploration_places_the_system_anywhere_as_a_bridge():
    """p.9: Controlled Exploration "allows you to place the Exotic System ... anywhere,
    including adjacent to other planetary systems ... as a bridge"."""
    state = replace(explorer(techs=("hyperspace", "exploration", "cloaking",
                                    "controlled_exploration")), deck=("E3",))
    _, state = play(state, 0, EXPLORE(origin="A1"))
    _, state = play(state, 0, END_EXPLORATION(links=["A", "E"], planet="e1"))
    assert set(state.links["e"]) == {"A", "E"} and "e" in state.links["A"]
    assert board.step_cost(state, 0, "A1", "e1") == 2 and board.step_cost(state, 0, "e1", "E2") == 2


# --- Exotic systems in general --------------------------------------------------------


def test_the_action_row_hits_every_planet_with_the_number_in_increasing_size():
    """p.10: "The Action Row applies to all systems, including Exotic Systems already in
    play. If there are Planets with matching numbers the event takes place in all of them,
    by numerical and increasing size order, when tied, start from the one farthest from any
    Tann System"."""
    state = add_exotic(start(), "B", ["cloud"])
    assert card_targets(state, "B1", None) == ["b1", "B1", "b2"]  # sizes 1, 1, 2
    assert card_targets(state, "B3", None) == ["B3"]  # B has no planet 3
    events, after = _resolve(state, "B2", None)  # b3 ties B2 (size 2) but is farther out
    assert events[0]["data"]["planets"] == ["b4", "b3", "B2"]


def test_battles_in_exotic_systems_win_no_victory_points():
    """p.10: "The battle victories on planets and stars of Exotic Systems do not increase
    the victory point count"."""
    state = add_exotic(start(), "E", ["B"])
    state = at_phase(place(clear(state), ("B1", 0, 3), ("e1", 1, 1), ("E1", 1, 1)), 0,
                     "movement", energy=(10, 10))
    events, after = play(state, 0, MOVE(origin="B1", to="e1", ships=3, relics=0))
    battle = next(e for e in events if e["type"] == "BattleWon")
    assert battle["data"]["vp"] == 0 and after.vp[0] == 0 and ships_at(after, "e1", 0) == 3
    assert after.energy[0] == 10 - 6 + 2  # the plunder of a size-2 planet is still taken


def test_an_exotic_star_is_lost_without_half_the_planets():
    """p.10: "if there is an even number of planets, you also lose the ships on the Star
    once you don't control at least half of the planets of the System" (K has six)."""
    state = add_exotic(start(), "K", ["B"])
    state = place(clear(state), ("k1", 0, 1), ("k2", 0, 1), ("k3", 0, 1), ("k*", 0, 1),
                  ("k4", 1, 1), ("k5", 1, 1), ("B1", 1, 3), ("E1", 1, 1))
    assert board.holds_majority(state, 0, "k")
    state = at_phase(state, 1, "movement", energy=(10, 10))
    events, after = play(state, 1, MOVE(origin="B1", to="k1", ships=3, relics=0))
    lost = next(e for e in events if e["type"] == "StarLost")
    assert lost["data"]["star"] == "k*" and lost["data"]["vp_to"] is None
    assert ships_at(after, "k*", 0) == 0 and after.vp[1] == 0


# --- Each exotic system --------------------------------------------------------------


def test_neutron_stars_cannot_be_occupied_and_their_planets_defend_plus_one():
    """p.10: A & G, Neutron Star: "These stars cannot be occupied and their planets always
    have +1 defense"."""
    for letter in "AG":
        state = add_exotic(start(), letter, ["B"])
        key = letter.lower()
        state = at_phase(place(clear(state), (f"{key}1", 0, 2), (f"{key}2", 0, 1),
                               ("B1", 1, 2), ("E1", 1, 1)), 0, "movement")
        with pytest.raises(IllegalCommand, match="Neutron Star cannot be occupied"):
            play(state, 0, MOVE(origin=f"{key}1", to=f"{key}*", ships=1, relics=0))
        assert board.defence(state, f"{key}2") == 2
        with pytest.raises(IllegalCommand, match="does not beat a defence of 2"):
            play(at_phase(state, 1, "movement"), 1,
                 MOVE(origin="B1", to=f"{key}2", ships=2, relics=0))


@pytest.mark.parametrize("seed", range(6))
def test_the_quantic_instability_strikes_every_fleet_that_enters(seed):
    """p.10: B, Quantic Instability: "Draw two event cards for every fleet that enters the
    system ... If the first card shows the numbers 1 or 2, then the event takes place in
    both planets with said number. If the number 3 shows up nothing happens" (the event is
    the second card's: the hex panel between them is a picture we lack)."""
    state = add_exotic(start(), "B", ["A"])
    state = at_phase(place(clear(state), ("A1", 0, 2), ("E1", 1, 1)), 0, "movement",
                     deck=("K1", "G2", "L3", "A1", "A2", "A3"), no_move={}, no_manage={})
    events, after = play(state, 0, MOVE(origin="A1", to="b1", ships=2, relics=0), seed=seed)
    quantic = next(e for e in events if e["type"] == "QuanticCardsDrawn")
    first, second = quantic["data"]["cards"]
    hit = {1: ["b1", "b2"], 2: ["b3", "b4"], 3: []}[CARDS[first]["planet"]]
    assert quantic["data"]["planets"] == hit and quantic["data"]["kind"] == CARDS[second]["kind"]
    kind = CARDS[second]["kind"]
    if kind == "solar":
        assert sorted(after.no_move) == hit
    elif kind == "glacial":
        assert sorted(after.no_manage) == hit
    else:  # ionized: each faction there loses a ship
        assert ships_at(after, "b1", 0) == (1 if "b1" in hit else 2)
    assert {first, second} <= set(after.discard)


def test_magnetic_star_and_dark_system_let_no_ship_escape():
    """p.10: D, Magnetic Star: "No ships can escape this system during the game, not even by
    using Cloaking Technology"; p.12: L, Dark System: "ships cannot abandon this system"."""
    for letter in "DL":
        key = letter.lower()
        state = add_exotic(start(), letter, ["B"])
        state = at_phase(place(clear(state), (f"{key}1", 0, 2), ("E1", 1, 1)), 0, "movement",
                         energy=(20, 20), techs=(("hyperspace", "exploration"), ()))
        with pytest.raises(IllegalCommand, match="No ship can escape"):
            play(state, 0, MOVE(origin=f"{key}1", to="B1", ships=1, relics=0))
        with pytest.raises(IllegalCommand, match="No ship can escape"):
            play(state, 0, EXPLORE(origin=f"{key}1"))
        _, inside = play(state, 0, MOVE(origin=f"{key}1", to=f"{key}2", ships=1, relics=0))
        assert ships_at(inside, f"{key}2", 0) == 1


def test_drifting_planets_have_no_star():
    """p.10: E, Drifting Planets: "System with no star, only planets"."""
    state = add_exotic(start(), "E", ["B"])
    assert "e*" not in board.places(state) and {"e1", "e2", "e3"} <= set(board.places(state))


def test_the_black_hole_is_a_gravitational_bridge():
    """p.11: F: "As long as there aren't any No Movement markers here, reduce 1 energy from
    the movement cost for any ships moving between the systems adjacent to the gravitational
    bridge. A fleet that travels as indicated by the arrow would only pay 2 energy per ship"
    (A and C are not adjacent; no Hyperspace researched)."""
    plain = start()
    state = add_exotic(clear(plain), "F", links=plain.links["F"])  # where F's disk lies
    state = at_phase(place(state, ("B1", 0, 1), ("E1", 1, 1)), 0, "movement")
    assert "f" in state.systems and {"B", "E", "G"} <= set(state.links["f"])
    assert board.step_cost(state, 0, "B1", "G1") == 2  # not adjacent: 3 - 1, no Hyperspace
    assert board.step_cost(state, 0, "B1", "E2") == 2  # not adjacent either
    assert board.step_cost(state, 0, "B1", "C1") == 2  # adjacent, but C does not touch f
    assert board.step_cost(state, 0, "B1", "A1") == 2
    assert "f1" not in board.places(state) and "f*" not in board.places(state)


def test_the_binary_star_defends_by_its_ships_and_falls_below_half_rounded_down():
    """p.11: H, Binary Star: both stars "provide from +1 to +4 defense points, depending on
    the total number of ships present there (max. 2 ships per star). All ships in both stars
    are destroyed if you don't control at least half of the System's planets, rounding
    down"."""
    state = add_exotic(start(), "H", ["B"])
    assert [p for p in board.places(state) if p.startswith("h*")] == ["h*", "h**"]
    state = place(clear(state), ("h1", 0, 1), ("h*", 0, 2), ("h**", 0, 1), ("B1", 1, 5),
                  ("h2", 1, 1), ("E1", 1, 1))
    assert board.holds_majority(state, 0, "h")  # 1 of 3: half rounded down
    assert board.defence(state, "h1") == 1 + 3
    state = at_phase(state, 0, "movement", energy=(10, 10))
    with pytest.raises(IllegalCommand, match="At most 2 ships"):
        play(state, 0, MOVE(origin="h1", to="h*", ships=1, relics=0))
    attack = at_phase(state, 1, "movement", energy=(10, 10))
    with pytest.raises(IllegalCommand, match="does not beat a defence of 4"):
        play(attack, 1, MOVE(origin="B1", to="h1", ships=4, relics=0))
    events, after = play(attack, 1, MOVE(origin="B1", to="h1", ships=5, relics=0))
    assert [e["data"]["star"] for e in events if e["type"] == "StarLost"] == ["h*", "h**"]
    assert ships_at(after, "h*", 0) == ships_at(after, "h**", 0) == 0


def test_the_wormhole_flips_the_cloud_and_fleets_cross_to_the_other_end():
    """p.11: I, Wormhole: "if you discover this disk, then the existing Asteroid Cloud disk is
    flipped over to form another Wormhole. Both are linked ...: if you enter one, the fleet
    automatically travels to the other one. The ships must leave the disk in the following
    turn or they are destroyed. When one of your fleets enters a wormhole, you receive two
    Event cards per ship"."""
    state = replace(explorer(), deck=("I2",))
    _, state = play(state, 0, EXPLORE(origin="A1"))
    _, state = play(state, 0, END_EXPLORATION(links=[], planet="i"))
    assert ships_at(state, "i", 0) == 1 and GAME.view(state, 0)["wormhole_linked"] is True
    state = at_phase(place(state, ("B1", 0, 1)), 0, "movement", energy=(10, 10),
                     deck=("A1", "B1", "C1", "D1"), hands=((), ()))
    events, after = play(state, 0, MOVE(origin="B1", to="cloud", ships=1, relics=0))
    assert "WormholeCrossed" in types(events)
    assert ships_at(after, "cloud", 0) == 0 and ships_at(after, "i", 0) == 2
    assert len(after.hands[0]) == 2
    # the next turn: the ships still in a wormhole at its end are destroyed
    nxt = replace(after, stage="turn", turn=0, phases=())
    from shared.games.nexum.flow import _start_turn
    tx = Transaction(nxt, None, evolve)
    _start_turn(tx)
    assert tx.state.wormhole_must_leave == 2
    events, ended = play(tx.state, 0, END_PHASE())
    gone = next(e for e in events if e["type"] == "ShipsDestroyed")
    assert gone["data"] == {**gone["data"], "place": "i", "count": 2, "reason": "wormhole"}


def test_the_giant_star_can_be_attacked_from_a_planet_and_takes_every_j_event():
    """p.11: J, Giant Star: "it can be attacked from a Planet and it is affected by any
    Event aimed at System J, regardless of the planet number. Like other stars, only 2 ships
    are allowed there and they cannot have Relics nor abandon its gravitational field. The
    star produces energy both from Plundering and Extraction"."""
    state = add_exotic(start(), "J", ["B"])
    state = place(clear(state), ("j1", 0, 1), ("j*", 0, 1), ("j2", 1, 3), ("E1", 1, 1))
    mover = at_phase(state, 0, "movement", energy=(10, 10))
    with pytest.raises(IllegalCommand, match="gravitational field"):
        play(mover, 0, MOVE(origin="j*", to="B1", ships=1, relics=0))
    attack = at_phase(state, 1, "movement", energy=(10, 10))
    with pytest.raises(IllegalCommand, match="from one of J's planets"):
        play(place(attack, ("B2", 1, 2)), 1, MOVE(origin="B2", to="j*", ships=2, relics=0))
    events, after = play(attack, 1, MOVE(origin="j2", to="j*", ships=2, relics=0))
    battle = next(e for e in events if e["type"] == "BattleWon")
    assert battle["data"]["planet"] == "j*" and battle["data"]["vp"] == 0
    assert ships_at(after, "j*", 1) == 2 and after.energy[1] == 10 - 2 + 4
    assert "j*" in card_targets(state, "J3", None) and card_targets(state, "J3", None) == ["j*"]
    events, hit = _resolve(state, "J2", None)
    assert events[0]["data"]["planets"] == ["j2", "j*"]


def test_the_archiplanetary_system_abounds_in_planets():
    """p.12: K, "System with an abundance of planets" (authored: six, numbered 1-3 twice)."""
    assert len(EXOTICS["K"]["sizes"]) == 6 and EXOTICS["K"]["numbers"] == [1, 2, 3, 1, 2, 3]
    state = add_exotic(start(), "K", ["B"])
    assert card_targets(state, "K3", None) == ["k6", "k3"]  # IHX has no planetary K


def test_the_dark_system_bridges_adjacent_systems_until_a_marker_falls_on_it():
    """p.12: L, Dark System: "the same Gravitational Bridge properties than the Black Hole,
    only between adjacent systems. No Movement markers that affect one of the Planets also
    affect the Bridge"."""
    state = add_exotic(start(), "L", ["A", "B", "C"])
    assert board.step_cost(state, 0, "A1", "B1") == 1  # adjacent, both touch L
    assert board.step_cost(state, 0, "A1", "C1") is None  # not adjacent: no bridge, no jump
    marked = replace(state, no_move={"l2": 1})
    assert board.step_cost(marked, 0, "A1", "B1") == 2


# --- Setup with exotic faces ----------------------------------------------------------


@pytest.mark.parametrize("system, face", [("B", "h"), ("E", "k"), ("F", "l"), ("D", "d")])
def test_the_book_pairs_systems_b_e_f_with_exotic_faces_h_k_l(system, face):
    """p.20: "flip over the System disks: H, I, K, and L (to their faces B, C, E and F)" —
    one disk: Exotic System H on one side, planetary system B on the other (I and C, K and
    E, L and F); the other disks' faces are pictures we lack (D shows D).

    Given option flip naming system B (E, F; D) of TABULA (its Tann systems A and H),
    When the sector is laid out,
    Then the system shows Exotic System H (K, L; D), with that disk's planets, and keeps
    its place and neighbours."""
    plain, state = start(sector="tabula"), start(sector="tabula", flip=system)
    assert system not in state.systems and face in state.systems
    assert state.systems[face] == tuple(EXOTICS[face.upper()]["sizes"])
    assert set(state.links[face]) == set(plain.links[system])


def test_a_flipped_system_shows_its_exotic_face_but_never_a_tann_in_use():
    """Scenario modes "Flip systems ..." (p.21): a disk shown on its exotic side."""
    state = start(flip="D,G")
    assert "d" in state.systems and "g" in state.systems and "D" not in state.systems
    assert "d" in state.links["C"] and {"d1", "g1", "g2", "g3"} <= set(state.asteroids_on)
    assert state.loose == {**state.loose, "d2": ("energy",), "d3": ("replicator",)}
    with pytest.raises(InvalidOptions, match="Tann system in use"):
        start(flip="A,D")
    with pytest.raises(InvalidOptions, match="Asteroids mode"):
        start(flip="D,G", mode="core")


def test_ships_on_the_cloud_cannot_bounce_through_the_wormhole_back_onto_it():
    """p.11: I, Wormhole: "if you enter one, the fleet automatically travels to the other
    one. The ships must leave the disk in the following turn or they are destroyed. When
    one of your fleets enters a wormhole, you receive two Event cards per ship".

    Given the Wormhole (I) discovered next to the flipped Asteroid Cloud, ships on each,
    When the ships on the Cloud enter I (or those on I enter the Cloud),
    Then the move is refused: it would bring them back where they are, with new cards and
    a fresh turn to leave."""
    state = replace(explorer(), deck=("I2",))
    _, state = play(state, 0, EXPLORE(origin="A1"))
    _, state = play(state, 0, END_EXPLORATION(links=["cloud"], planet="i"))
    state = at_phase(place(state, ("cloud", 0, 2)), 0, "movement", energy=(10, 10))
    for origin, to in (("cloud", "i"), ("i", "cloud")):
        with pytest.raises(IllegalCommand, match="bring them back"):
            play(state, 0, MOVE(origin=origin, to=to, ships=1, relics=0))
        assert not [c for c in GAME.legal_commands(state, 0) if c["type"] == "move"
                    and (c["origin"], c["to"]) == (origin, to)]


def test_a_disk_that_touches_six_others_takes_no_new_neighbour():
    """p.9: the Exotic System is placed "adjacent to one or more Exotic Systems, you can
    even move them as long as there are no changes in already existing adjacencies. You may
    also place it adjacent to the Asteroid Cloud" — on hex disks, each touching at most six.

    Given the Asteroid Cloud already touching six systems,
    When an explorer places the system it found next to the Cloud,
    Then it is refused (and next to nothing it is placed)."""
    state = replace(explorer(), deck=("K2",))
    _, state = play(state, 0, EXPLORE(origin="A1"))
    full = replace(state, links={**state.links, "cloud": ("A", "B", "C", "D", "E", "F")})
    with pytest.raises(IllegalCommand, match="already touches 6"):
        play(full, 0, END_EXPLORATION(links=["cloud"], planet="k4"))
    assert not [c for c in GAME.legal_commands(full, 0) if "cloud" in c.get("links", [])]
    _, after = play(full, 0, END_EXPLORATION(links=[], planet="k4"))
    assert "k" in after.systems
