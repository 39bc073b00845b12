"""Turns, actions, movement and frontiers (rulebook: Gameplay, Actions and the Turn example,
Movement, Frontiers and its two examples, Interaction)."""
import random
from dataclasses import replace

import pytest

from shared.games.api import IllegalCommand
from shared.games.exsilium import GAME
from shared.games.exsilium.deck import draw
from shared.games.exsilium.evolve import evolve
from shared.games.exsilium.state import points
from shared.games.kit import Transaction
from tests.games.exsilium.helpers import (
    Rigged, basic_hand, deal, given, given_play, of_type, on_board, revealed, types, upgraded,
    when)

HAND = ("basic", "fearless", "strength", "slippery")


def test_turn_example_two_activations_then_a_four_node_move_reveals_a_tile():
    """Actions, Turn example: Basic and Fearless activate 2 miniatures on the starting tile,
    then Strength and Slippery move 1 miniature 4 nodes to reveal a new Eris tile."""
    state = deal(given_play(2), 0, basic_hand(0, *HAND))
    _, state = when(state, 0, {"type": "activate", "card": "p0-basic-0", "node": 1})
    _, state = when(state, 0, {"type": "activate", "card": "p0-fearless-0", "node": 0})
    assert state.players[0].minis[:2] == (1, 0) and state.players[0].board == (2, 3)
    _, state = when(state, 0, {"type": "move", "card": "p0-strength-0", "mini": 0,
                               "path": [2, 3]})
    events, state = when(state, 0, {"type": "move", "card": "p0-slippery-0", "mini": 0,
                                    "path": [4, 5]}, Rigged(["A2"]))
    assert of_type(events, "TileRevealed")[0]["pos"] == "0,1"
    assert state.placed[(0, 1)] == "A2" and state.players[0].minis[0] == 5
    assert state.players[0].hand == () and len(state.players[0].discard) == 4


def test_a_turn_ends_when_the_hand_is_empty():
    """Actions: the turn ends when the player has no more cards (token actions may follow)."""
    state = deal(given_play(2), 0, basic_hand(0, "basic"), tokens=0)
    events, state = when(state, 0, {"type": "activate", "card": "p0-basic-0", "node": 2})
    assert "TurnEnded" in types(events) and state.active == 1


def test_end_turn_refused_while_cards_can_act():
    """Actions: a player carries out as many actions as cards in hand."""
    state = given_play(2)
    with pytest.raises(IllegalCommand, match="hand is empty"):
        GAME.decide(state, 0, {"type": "end_turn"}, None)


def test_a_card_moves_one_miniature_up_to_two_nodes_in_eight_directions():
    """Gameplay and Movement: 1 card moves a miniature 2 nodes, in 8 directions, never onto
    missing nodes or crystal deposits."""
    state = given(deal(given_play(2), 0, basic_hand(0, "basic")), *on_board(given_play(2), 0, 2))
    moves = {tuple(c["path"]) for c in GAME.legal_commands(state, 0) if c["type"] == "move"}
    assert (1,) in moves and (101, 200) in moves and (102, 203) in moves
    assert all(len(p) <= 2 for p in moves)
    assert not any(103 in p or 202 in p for p in moves)   # missing nodes of A1
    with pytest.raises(IllegalCommand, match="1 to 2 nodes"):
        when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0, "path": [3, 4, 104]})


def test_move_cards_move_further():
    """Cards, Action: a move action moves as far as the card says (Sprint: 3 nodes)."""
    sprint = upgraded("sprint")
    state = given(deal(given_play(2), 0, [sprint]), *on_board(given_play(2), 0, 0))
    _, state = when(state, 0, {"type": "move", "card": sprint, "mini": 0, "action": True,
                               "path": [1, 2, 3]})
    assert state.players[0].minis[0] == 3


def _frontier_table(*keber_nodes):
    """A2 (east frontier 3) at (0,1) and A3 (no west frontier) at (0,2); Keber (seat 1) in turn."""
    state = given_play(2)
    return given(state, revealed((0, 1), "A2"), revealed((0, 2), "A3"),
                 ("TurnEnded", {"seat": 0}), ("TurnStarted", {"seat": 1}),
                 *on_board(state, 1, *keber_nodes))


def test_frontier_example_one_a_lone_miniature_cannot_cross():
    """Frontiers, first example: a frontier of 3 needs 3 miniatures of the faction on the tile."""
    state = deal(_frontier_table(209), 1, basic_hand(1, "basic"))
    with pytest.raises(IllegalCommand, match="frontier of 3"):
        when(state, 1, {"type": "move", "card": "p1-basic-0", "mini": 0, "path": [210]})


def test_frontier_example_two_only_one_of_three_crosses():
    """Frontiers, second example: with 3 Keber on the tile one crosses; the other two are then
    isolated."""
    state = deal(_frontier_table(209, 109, 9), 1, basic_hand(1, "basic", "fearless"))
    _, state = when(state, 1, {"type": "move", "card": "p1-basic-0", "mini": 0, "path": [210]})
    assert state.players[1].minis[0] == 210
    with pytest.raises(IllegalCommand, match="frontier of 3"):
        when(state, 1, {"type": "move", "card": "p1-fearless-0", "mini": 1, "path": [110]})


def test_frontier_restricts_both_directions():
    """Frontiers: the frontier restricts the way in both directions."""
    state = deal(_frontier_table(210), 1, basic_hand(1, "basic"))
    with pytest.raises(IllegalCommand, match="frontier of 3"):
        when(state, 1, {"type": "move", "card": "p1-basic-0", "mini": 0, "path": [209]})


def test_cross_frontier_card_crosses_alone_moving_one_node():
    """Frontiers, Exceptions; Glossary, Cross Frontier: cross a frontier of the number or less
    alone, moving 1 node into the adjacent tile; a Cross Frontier 2 cannot cross a 3."""
    b3, b2 = upgraded("breach_3"), upgraded("breach_2")
    state = deal(_frontier_table(209), 1, [b3, b2])
    with pytest.raises(IllegalCommand, match="frontier of 3"):
        when(state, 1, {"type": "move", "card": b2, "mini": 0, "action": True, "path": [210]})
    with pytest.raises(IllegalCommand):
        when(state, 1, {"type": "move", "card": b3, "mini": 0, "action": True, "path": [208]})
    _, state = when(state, 1, {"type": "move", "card": b3, "mini": 0, "action": True,
                               "path": [210]})
    assert state.players[1].minis[0] == 210


def test_revealed_frontier_can_stop_the_crossing():
    """Frontiers and Tokens on tiles: a tile is revealed as a miniature enters; if its frontier
    forbids the crossing, the miniature stays (AUTHORED timing, RULES_NOTES.md)."""
    state = deal(given(given_play(2), *on_board(given_play(2), 0, 402)), 0,
                 basic_hand(0, "basic"))
    events, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0,
                                    "path": [502]}, Rigged(["A10"]))
    assert types(events)[:3] == ["CardUsed", "TileRevealed", "FrontierBlocked"]
    assert state.placed[(1, 0)] == "A10" and state.players[0].minis[0] == 402


def test_baralytas_are_collected_next_to_a_deposit_and_capped_at_fifteen():
    """Interaction, Get Baralytas: a miniature next to a deposit takes its token; Baralytas
    deck: at most 15 points count."""
    state = given_play(2)
    state = given(state, revealed((0, 1), "A2", baralytas={106: 3}), *on_board(state, 0, 4, 0))
    state = deal(state, 0, basic_hand(0, "basic"), baralytas=(1,))
    events, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0,
                                    "path": [5]})
    assert of_type(events, "BaralytasCollected") == [{"seat": 0, "node": 106, "values": [3]}]
    assert 106 not in state.deposits and state.players[0].baralytas == (1, 3)
    assert points(state.players[0]) == 4
    assert points(replace(state.players[0], baralytas=(3, 3, 3, 3, 3, 3))) == 15


def test_the_discard_is_shuffled_back_when_fewer_than_four_cards_can_be_drawn():
    """Discard rules: "the discard deck is only shuffled back into the player deck when the
    player can't draw at least 4 cards." Given a deck of 3 and a discard of 5, when the player
    draws 2 (fewer than the deck holds), then the discard is shuffled back first; given a deck
    of 4, it is not."""
    state = given_play(2)
    deck, discard = basic_hand(0, "basic", "fearless", "strength"), \
        basic_hand(0, "basic", "fearless", "strength", "slippery", copy=1) + ["p0-basic-2"]
    short = deal(state, 0, (), deck=tuple(deck), discard=tuple(discard))
    tx = Transaction(short, random.Random(0), evolve)
    draw(tx, 0, 2)
    assert types(tx.events) == ["DeckReshuffled", "CardsDrawn"]
    assert len(tx.state.players[0].deck) == 6 and tx.state.players[0].discard == ()
    enough = deal(state, 0, (), deck=tuple(deck) + ("p0-slippery-0",), discard=tuple(discard))
    tx = Transaction(enough, random.Random(0), evolve)
    draw(tx, 0, 2)
    assert types(tx.events) == ["CardsDrawn"] and len(tx.state.players[0].discard) == 5


def test_a_move_that_reveals_a_tile_may_go_on_with_the_nodes_left():
    """Movement and Gameplay ("Move a miniature 2 nodes"; Turn example: "move 1 miniature 4
    nodes to reveal a new Eris tile"): the book never ends a move at a reveal. Given a
    miniature 1 node from a face-down position, when a 2-node card moves it onto it, then the
    tile is revealed and the player, now seeing it, may go on 1 node or stay."""
    state = deal(given(given_play(2), *on_board(given_play(2), 0, 4, 0)), 0,
                 basic_hand(0, "basic", "strength"))
    events, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0,
                                    "path": [5]}, Rigged(["A2"]))
    assert "TileRevealed" in types(events) and state.players[0].minis[0] == 5
    assert GAME.to_act(state) == (0,) and state.pending[0].kind == "onward"
    offered = GAME.legal_commands(state, 0)
    assert {"type": "stay"} in offered
    onward = sorted(tuple(c["path"]) for c in offered if c["type"] == "move_on")
    assert onward and all(len(p) == 1 for p in onward)
    with pytest.raises(IllegalCommand, match="at most 1 node"):
        when(state, 0, {"type": "move_on", "path": [6, 7]})
    with pytest.raises(IllegalCommand, match="not possible now"):
        when(state, 0, {"type": "move", "card": "p0-strength-0", "mini": 0, "path": [6]})
    events, moved = when(state, 0, {"type": "move_on", "path": list(onward[0])})
    assert moved.players[0].minis[0] == onward[0][0] and not moved.pending
    assert of_type(events, "MoveResumed")[0]["path"] == list(onward[0])
    _, stayed = when(state, 0, {"type": "stay"})
    assert stayed.players[0].minis[0] == 5 and not stayed.pending
    assert stayed.players[0].hand == ("p0-strength-0",)


def test_a_move_that_used_all_its_nodes_on_the_reveal_ends_there():
    """The onward choice is owed only with nodes left: a 2-node move whose second node
    reveals the tile ends there."""
    state = deal(given(given_play(2), *on_board(given_play(2), 0, 3, 0)), 0,
                 basic_hand(0, "basic", "strength"))
    _, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0,
                               "path": [4, 5]}, Rigged(["A2"]))
    assert state.players[0].minis[0] == 5 and not state.pending
    with pytest.raises(IllegalCommand):
        when(state, 0, {"type": "stay"})
