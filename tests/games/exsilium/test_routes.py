"""The bots' step distance (routes.py) and what the heuristic makes of Newaru next to a
miniature (heuristics.py): walking as the rules let the seat walk.

Table: the 2-player layout (A1 at (0, 0)) with A8 revealed at (0, 1) and 2 Baralytas on its
deposit 308. A1's east frontier is 2 and A8's west one 3, so crossing from A1 to A8 needs 3 of
the seat's miniatures on A1 (rulebook, Frontiers).
"""
from shared.games.exsilium import heuristics
from shared.games.exsilium.board import around
from shared.games.exsilium.routes import (
    MUSTER, UNREACHABLE, crossing_power, exploring_groups, exploring_nodes, muster, newaru_zone,
    steps_to, tile_targets)
from shared.games.exsilium.state import with_player
from shared.games.exsilium.table import distances
from tests.games.exsilium.helpers import basic_hand, deal, given, given_play, on_board, revealed

DEPOSIT = 308


def _table(*own_nodes, newaru=()):
    state = given_play(2)
    state = given(state, revealed((0, 1), "A8", baralytas={DEPOSIT: 2}),
                  *[("NewaruSpawned", {"id": i, "to": n}) for i, n in enumerate(newaru)],
                  *on_board(state, 0, *own_nodes))
    return state


def _steps(state, stops=frozenset()):
    return steps_to(state, 0, around(DEPOSIT), crossing_power(state, 0), stops)


def test_a_frontier_is_crossed_only_with_enough_miniatures_on_the_tile():
    alone = _table(4)
    assert crossing_power(alone, 0) == {(0, 0): 1}
    plain = min(distances(alone, 4)[n] for n in around(DEPOSIT) if n in distances(alone, 4))
    assert plain == 3  # what the old distance said: 3 steps, across the frontier of 3
    # Alone it must first bring 2 more miniatures to A1: MUSTER steps each.
    assert _steps(alone)[4] == plain + 2 * MUSTER
    three = _table(4, 104, 204)
    assert crossing_power(three, 0) == {(0, 0): 3}
    assert _steps(three)[4] == plain
    # On A8 itself no frontier is crossed: any node there reaches the deposit.
    assert _steps(alone)[107] == 1


def test_a_face_down_tile_is_explored_only_across_a_frontier_the_seat_may_cross():
    """Before A8 is revealed: A1's east edge prints a frontier of 2, its south edge none."""
    state = given_play(2)
    alone = given(state, *on_board(state, 0, 2))
    edge = exploring_nodes(alone, 0, crossing_power(alone, 0))
    assert edge[404] == 0 and edge[4] == edge[204] == MUSTER  # 404 also borders (1, 0)
    two = given(state, *on_board(state, 0, 2, 3))
    edge = exploring_nodes(two, 0, crossing_power(two, 0))
    assert edge[4] == edge[204] == edge[404] == 0


def test_a_node_next_to_a_newaru_ends_the_road():
    state = _table(4, 104, 204, newaru=(206,))
    zone = newaru_zone(state)
    assert zone == frozenset(around(206))
    free = _steps(state)
    stopped = _steps(state, zone)
    assert 105 in zone and free[105] == 2
    assert 105 not in stopped  # a move next to the Newaru stops there: no road on from it
    assert stopped[4] > free[4]  # the way round the Newaru is longer


def test_newaru_combats_are_lost_more_often_at_higher_levels_and_with_weaker_hands():
    lose = heuristics.lose_chance
    assert lose("basic", 8) < lose("intermediate", 8) < lose("advanced", 8)
    assert lose("advanced", 4) >= lose("advanced", 8) > lose("advanced", 14)
    assert lose("advanced", 0) == 5 / 6  # every attack and the echo win; only the drain misses
    # A fearless card evades the crush.
    assert lose("intermediate", 8, frozenset({"fearless"})) < lose("intermediate", 8)


def test_near_the_goal_the_heuristic_keeps_a_miniature_away_from_a_newaru():
    """Seat 0 holds 8 of its 10 points (advanced enemy actions: 9-13 damage against a hand
    of 4 basic cards): a miniature next to the Newaru is worth less than one a step away,
    though both are as close to the deposit."""
    def position(node):
        state = _table(4, 104, node, newaru=(206,))
        state = with_player(state, 0, baralytas=(3, 3, 2))
        return deal(state, 0, basic_hand(0, "basic", "strength", "fearless", "slippery"))

    beside, away = position(105), position(103)
    assert heuristics.evaluate(beside, 0) < heuristics.evaluate(away, 0) - 5
    # The other seat's judgement of the same tables mirrors it (it sees only the hand size).
    assert heuristics.evaluate(beside, 1) > heuristics.evaluate(away, 1)



def _edge_steps(state, seat=0):
    nodes = [n for n in state.players[seat].minis if n is not None]
    return heuristics._edge_steps(state, seat, nodes, heuristics._fields(state, seat)[1])


def test_the_miniatures_missing_at_a_frontier_cost_the_steps_to_bring_them():
    """A1's east edge prints a frontier of 2, so with one miniature on A1 (at 4, on that edge)
    another must be brought. With A7 revealed below A1 (no frontier between them) a helper
    at 900 walks 5 steps to A1, one at 500 walks 1: each step it takes towards A1 brings the
    face-down tile a step nearer, where a flat cost a missing miniature left its every step
    worth nothing until it arrived."""
    state = given_play(2)
    state = given(state, revealed((1, 0), "A7"))

    def cost(helper):
        table = given(state, *on_board(state, 0, 4, helper))
        power = crossing_power(table, 0)
        assert 4 in exploring_groups(table, 0, power)[((0, 0), 1)]
        field = steps_to(table, 0, tile_targets(table, 0, (0, 0)), power)
        return muster(field, [(4, 0), (helper, 0)], (0, 0), 1)

    assert cost(900) == 5 and cost(700) == 3 and cost(500) == 1


def test_miniatures_on_the_player_board_are_brought_from_the_activation_node():
    """One miniature on A1 at 4, the others on the player board: one is activated on A1
    (activation node 2), one step."""
    state = given_play(2)
    alone = given(state, *on_board(state, 0, 4))
    assert _edge_steps(alone) == 1
    groups = exploring_groups(alone, 0, crossing_power(alone, 0))
    assert 4 in groups[((0, 0), 1)]


def test_muster_takes_the_nearest_helpers_and_leaves_the_walker_out():
    """Steps to A1 (0, 0) by a field: 4 from node 10, 1 from 20, 0 from the activation
    node 1 (a miniature on the player board: one step more). With none of the seat's
    miniatures on A1 the nearest one is the walker; with one there, every other may help; a
    helper missing costs UNREACHABLE."""
    field = {10: 4, 20: 1, 1: 0}
    assert muster(field, [(10, 0), (20, 0), (1, 1)], (0, 0), 1) == 1  # 20 walks, board helps
    assert muster(field, [(10, 0), (20, 0), (1, 1)], (0, 0), 2) == 1 + 4
    assert muster(field, [(10, 0), (20, 0)], (0, 0), 1) == 4
    assert muster(field, [(3, 0), (10, 0)], (0, 0), 1) == 4  # 3 stands on A1
    assert muster(field, [(10, 0)], (0, 0), 1) == UNREACHABLE
    assert muster(field, [(10, 0)], (0, 0), 0) == 0


def test_the_face_down_edge_is_worth_a_deposit_when_the_points_in_view_fall_short():
    """Seat 0 holds 7 of its 10 points: with 2 in view it still needs the tiles it has not
    seen, and the edge is worth a revealed deposit; with 3 in view it is a small pull."""
    state = _table(4, 104, 204)
    state = with_player(state, 0, baralytas=(3, 2, 2))
    short = heuristics._explore_worth(state, 0, [(2, {})])
    enough = heuristics._explore_worth(state, 0, [(3, {})])
    assert enough == heuristics._EXPLORE
    assert short > 2 * heuristics._EXPLORE


def test_the_hunt_is_charged_where_the_turn_ends_not_on_the_way():
    """Newaru hunt once the seat's turn is over: while seat 0 may still move (its turn, cards
    in hand), its miniature two steps from a Newaru is not charged the hunt's risk; with no
    card left it is, and so it is whenever another seat judges it (docs/BOTS.md: a seat
    near the goal charged it at every step would not cross that ground to its last
    deposits)."""
    def position(cards):
        state = _table(4, 104, 204, newaru=(206,))
        state = with_player(state, 0, baralytas=(3, 3, 2))
        return deal(state, 0, basic_hand(0, *cards))

    assert position(["basic"]).active == 0
    moving = heuristics._newaru_risk(position(["basic", "strength"]), 0, 0)
    spent = heuristics._newaru_risk(position([]), 0, 0)
    assert moving == 0 and spent > 1
    assert heuristics._newaru_risk(position(["basic", "strength"]), 0, 1) > 1


def test_a_deposit_across_a_frontier_counts_the_walks_of_the_helpers_it_needs():
    """Seat 0's one miniature on A1 stands by the A8 crossing, whose frontier needs 3 of its
    miniatures on A1: the road to the deposit counts the walks of the two helpers, so a
    helper on the player board (a step from its activation node) makes it shorter than one
    on A9, which no road joins to A1 yet. With a flat MUSTER a missing miniature both were
    the same, and no step of a helper changed the deposit's worth (docs/BOTS.md, arena seed
    402, match 0)."""
    def steps(*nodes):
        state = _table(4, *nodes)
        deposits, _ = heuristics._fields(state, 0)
        (_, dist, free), = deposits
        placed = [n for n in state.players[0].minis if n is not None]
        return heuristics._deposit_steps(state, 0, placed, dist, free)

    on_a9, from_board = steps(1212, 1213, 1211), steps(1212, 1213)
    assert from_board is not None and on_a9 is not None
    assert from_board < on_a9
