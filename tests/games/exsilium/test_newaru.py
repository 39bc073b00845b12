"""Newaru movement, spawning and respawning (rulebook: Movement 3 and Examples 1-4; Setup 9;
Newaru rules summary; Tokens and enemies on tiles).

Table: A5 revealed at (1,0), under A1 (no frontier between them); its portal is node 602 and
its deposit 702. Seat 0 (the rulebook's "male" faction) is in turn; seat 1 plays "X".
"""
from shared.games.exsilium.board import chebyshev
from tests.games.exsilium.helpers import (
    basic_hand, deal, given, given_play, of_type, on_board, revealed, when)

OTHER_TURN = (("TurnEnded", {"seat": 1}), ("TurnStarted", {"seat": 0}))


def _table(newaru_at, x_nodes, own_nodes, hand=("basic",), options=None):
    state = given_play(2, options=options)
    state = given(state, revealed((1, 0), "A5"), ("NewaruSpawned", {"id": 0, "to": newaru_at}),
                  *on_board(state, 1, *x_nodes), *on_board(state, 0, *own_nodes))
    return deal(state, 0, basic_hand(0, *hand))


def _turn(state, mini, path):
    """Seat 0 moves one miniature with its only card and ends its turn."""
    _, state = when(state, 0, {"type": "move", "card": state.players[0].hand[0], "mini": mini,
                               "path": path})
    return when(state, 0, {"type": "end_turn"})


def test_example_one_the_newaru_closes_in_on_the_nearest_one_node_per_turn():
    """Movement, Example 1: the male player moves his miniature on the Newaru's tile; the Newaru
    moves 1 node toward the X miniature (still the nearest) after each turn -- 2 in all -- and
    waits next to it; the combat begins when the X player's turn begins."""
    state = _table(500, [703], [904])
    events, state = _turn(state, 0, [903])
    assert of_type(events, "NewaruMoved") == [{"id": 0, "to": 501, "why": "hunt"}]
    state = deal(given(state, ("TurnEnded", {"seat": 1}), ("TurnStarted", {"seat": 0})), 0,
                 basic_hand(0, "fearless"))
    events, state = _turn(state, 0, [904])
    assert of_type(events, "NewaruMoved") == [{"id": 0, "to": 602, "why": "hunt"}]
    started = of_type(events, "CombatStarted")
    assert started == [{"kind": "newaru", "attacker": 1, "mini": 0, "foe": ["newaru", 0],
                        "stage": "newaru", "newaru_first": True}]


def test_example_two_moving_on_another_tile_does_not_move_the_newaru():
    """Movement, Example 2: a miniature of the active faction moved on another tile: the Newaru
    does not move, even with miniatures of that faction on its tile."""
    state = _table(500, [], [904, 0])
    events, state = _turn(state, 1, [1])
    assert of_type(events, "NewaruMoved") == [] and state.newaru == {0: 500}


def test_example_three_leaving_the_tile_moves_the_newaru():
    """Movement, Example 3: the miniature moves from the Newaru's tile to a connected tile: the
    Newaru moves toward the nearest miniature -- the movement happened on its tile."""
    state = _table(602, [], [504])
    events, state = _turn(state, 0, [404])
    assert of_type(events, "NewaruMoved") == [{"id": 0, "to": 503, "why": "hunt"}]


def test_example_four_ending_a_move_on_the_tile_moves_the_newaru():
    """Movement, Example 4: a miniature from another tile ends its movement on the Newaru's
    tile: the Newaru moves."""
    state = _table(602, [], [404])
    events, state = _turn(state, 0, [504])
    assert of_type(events, "NewaruMoved") == [{"id": 0, "to": 503, "why": "hunt"}]


SPANISH = {"newaru_trigger": "ends"}


def test_spanish_reading_leaving_the_tile_does_not_move_the_newaru():
    """Spanish book, Newaru rules summary: "El Newaru sólo se moverá cuando una miniatura del
    jugador activo termina un movimiento en la loseta ocupada por el Newaru" (the Spanish book
    has no Movement examples). With option newaru_trigger "ends", Example 3 goes the other way:
    a move from the Newaru's tile that ends on another tile does not move it."""
    # Given the Example 3 table under the Spanish reading
    state = _table(602, [], [504], options=SPANISH)
    # When the miniature moves from the Newaru's tile (A5) to A1 and the turn ends
    events, state = _turn(state, 0, [404])
    # Then the Newaru stays on its portal
    assert of_type(events, "NewaruMoved") == [] and state.newaru == {0: 602}


def test_spanish_reading_ending_a_move_on_the_tile_moves_the_newaru():
    """Spanish book, Newaru rules summary (option newaru_trigger "ends"): a move of the active
    player that ends on the Newaru's tile moves it, as in English Example 4."""
    state = _table(602, [], [404], options=SPANISH)
    events, state = _turn(state, 0, [504])
    assert of_type(events, "NewaruMoved") == [{"id": 0, "to": 503, "why": "hunt"}]


def test_spanish_reading_passing_through_the_tile_does_not_move_the_newaru():
    """Option newaru_trigger "ends": only the tile where the move ends counts; a 2-node move
    that crosses A5 and ends back on A1 does not move the Newaru (it would in English)."""
    for options, moved in ((None, True), (SPANISH, False)):
        state = _table(602, [], [404], options=options)
        events, state = _turn(state, 0, [504, 403])
        assert bool(of_type(events, "NewaruMoved")) == moved


def test_a_newaru_next_to_a_miniature_waits():
    """Movement 3: a Newaru already next to a miniature out of turn does not move; it waits for
    that player's turn."""
    state = _table(602, [703], [904])
    events, state = _turn(state, 0, [903])
    assert of_type(events, "NewaruMoved") == [] and state.newaru == {0: 602}


def test_newaru_never_leave_their_tile():
    """Movement 3: "THEY NEVER LEAVE THEIR TILE": the nearest miniature is on A1; the Newaru
    stops at its tile's edge."""
    state = _table(501, [], [300, 904])
    events, state = _turn(state, 1, [903])
    assert state.newaru == {0: 501}          # 501 is on the edge, next to A1's row 4
    state = _table(602, [], [300, 904])
    events, state = _turn(state, 1, [903])
    assert of_type(events, "NewaruMoved") == [{"id": 0, "to": 501, "why": "hunt"}]


def test_a_newaru_respawns_on_an_empty_portal_tile():
    """Setup 9 and Round summary: Newaru respawn on portal tiles with no faction miniature and
    no other Newaru, in the enemy activation after a player's turn."""
    state = given_play(2)
    state = deal(given(state, revealed((1, 0), "A5"), *on_board(state, 0, 0)), 0,
                 basic_hand(0, "basic"))
    events, state = _turn(state, 0, [1])
    assert of_type(events, "NewaruSpawned") == [{"id": 0, "to": 602}]


def test_no_respawn_while_a_faction_miniature_is_on_the_tile():
    """Setup 9: only tiles empty of faction miniatures get a Newaru."""
    state = given_play(2)
    state = deal(given(state, revealed((1, 0), "A5"), *on_board(state, 0, 0, 904)), 0,
                 basic_hand(0, "basic"))
    events, state = _turn(state, 0, [1])
    assert of_type(events, "NewaruSpawned") == [] and state.newaru == {}


def test_spanish_reading_the_newaru_hunt_the_player_in_turn():
    """Round summary, Enemies activation: English "initiate movement and combat actions over
    the nearest faction miniature" (default); Spanish "inician acciones de movimiento y
    combate sobre el jugador activo" (option `newaru_target: active`). Given Example 1's table
    (the X miniature nearest the Newaru), when the player in turn moves on its tile, then by
    default the Newaru steps toward X, and with the Spanish reading toward the mover."""
    english = _turn(_table(500, [703], [904]), 0, [903])[1]
    spanish = _turn(_table(500, [703], [904], options={"newaru_target": "active"}), 0,
                    [903])[1]
    assert english.newaru == {0: 501}
    assert spanish.newaru[0] != 501
    assert chebyshev(spanish.newaru[0], 903) < chebyshev(500, 903)
