"""Exile Sun's map (authored: the book's pictures are lost), Given/When/Then: what each
System holds by the book's words, how far apart the colonies' planets lie, and the first map
kept for the matches set up on it (RULES_NOTES.md, The map)."""
import random

import pytest

from shared.games.exile_sun import GAME
from shared.games.exile_sun.board import board, inside_system, planets, table
from shared.games.exile_sun.components import MAPS
from shared.games.exile_sun.movement import reachable, step_cost
from shared.games.exile_sun.state import replace
from tests.games.exile_sun.tables import first_move_phase, with_fleets

SEAT_COUNTS = (2, 3, 4, 5, 6)


def test_a_new_match_is_set_up_on_the_current_map():
    state = None
    for event in GAME.setup(GAME.spec.resolve_options({}), 2, random.Random(0)):
        state = GAME.evolve(state, event)
    assert state.map == "deep"


def test_every_system_holds_what_the_book_lists():
    """p6: "Systems contain a Military zone, two planets, trade routes, as well as some
    naturally occurring asteroids"; p7: starting fleets go inside the System, "(Not split
    spaces on the border)"; Gateways link "any two Gateways" (p9)."""
    kinds = list(MAPS["deep"]["system_spaces"].values())
    assert kinds.count("planet") == 2
    assert "military_zone" in kinds and "asteroid_field" in kinds and "gateway" in kinds
    assert kinds.count("trade_route") >= 2 and kinds.count("border") == 2
    for seats in SEAT_COUNTS:
        tab = (seats, "deep")
        assert len([s for s, k in board(tab)[0].items() if k == "gateway"]) >= 2
        assert not any(s.startswith("x") for s in inside_system(tab, 0))


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_no_starting_space_reaches_an_enemy_planet_in_the_first_move_phase(seats):
    """Given a fleet on any space its colony may start on ("anywhere inside their system",
    p7), when it moves its 4 moves ("Each fleet token may move 4 times", p9) with the map
    empty, then no enemy planet is among the spaces it may end on: planets are first attacked
    in the second cycle."""
    table_ = first_move_phase(seats)
    slot = table_.players[0].slot
    enemy = {p for s in range(seats) if s != slot for p in planets(seats, s)}
    for space in inside_system(table(table_), slot):
        state = with_fleets(table_, ("f", 0, "heavy", space))
        assert not enemy & set(reachable(state, state.fleets[0]))


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_a_home_planet_is_seven_moves_from_the_nearest_enemy_planet(seats):
    """Given a fleet on its colony's home planet (its Military zone a trade route for it,
    p9), then 6 moves reach no enemy planet and 7 moves reach one."""
    table_ = first_move_phase(seats)
    slot = table_.players[0].slot
    enemy = {p for s in range(seats) if s != slot for p in planets(seats, s)}
    for home in planets(seats, slot):
        state = with_fleets(table_, ("f", 0, "heavy", home))
        six = replace(state.fleets[0], moves=6)
        seven = replace(state.fleets[0], moves=7)
        assert not enemy & set(reachable(state, six))
        assert enemy & set(reachable(state, seven))


def test_every_space_of_a_military_zone_is_a_trade_route_for_the_colony_holding_its_planets():
    """p9: "This zone acts as a trade route for the Colony that controls it. A player has
    control of a Military zone while holding all planets in the system"."""
    state = first_move_phase(2)
    slot = state.players[0].slot
    zone = [s for s, k in board(table(state))[0].items()
            if k == "military_zone" and s.startswith(f"s{slot}.")]
    assert len(zone) == 3
    for space in zone:
        assert step_cost(state, 0, space, False) == (1, True)
        assert step_cost(state, 0, space, True) == (0, False)
        assert step_cost(state, 1, space, False) == (1, False)


def test_a_match_set_up_before_the_map_grew_is_folded_on_the_first_map():
    """Given a log whose GameSetUp names no map (written before the map grew), when it is
    folded, then the match plays on the first map, as it was played: its single-space
    Military zone `m` exists and the new map's spaces do not."""
    state = None
    for event in GAME.setup(GAME.spec.resolve_options({}), 2, random.Random(0)):
        if event["type"] == "GameSetUp":
            event = {**event, "data": {k: v for k, v in event["data"].items() if k != "map"}}
        state = GAME.evolve(state, event)
    assert state.map == "compact"
    kinds = board(table(state))[0]
    assert kinds["s0.m"] == "military_zone" and "s0.m2" not in kinds
