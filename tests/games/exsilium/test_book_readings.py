"""Exsilium rules as both books write them, Given/When/Then, each book quoted (English
rulebook page first, the Spanish one where it matters)."""
import pytest

from shared.games.api import IllegalCommand
from tests.games.exsilium.helpers import (
    Rigged, basic_hand, deal, given, given_play, of_type, on_board, revealed, types, upgraded,
    when)
from shared.games.exsilium import GAME

KEBER_CARD = upgraded("keber_leap")
EIGHT = ("basic", "fearless", "strength", "slippery")


def _duel(attacker_hand, defender_hand):
    """SYL (seat 0, in turn) at 0 and Keber (seat 1) at 3 on A1."""
    state = given_play(2)
    state = given(state, *on_board(state, 0, 0), *on_board(state, 1, 3))
    return deal(deal(state, 0, attacker_hand), 1, defender_hand)


# --- p14, Glossary, Faction type cards: "the card can only be used by a player of the
# represented faction"; p16, Conclusion: "if the winner is still holding cards, they can
# choose one to move out of the conflict zone" ---------------------------------------------

def _won_next_to_another_foe(hand):
    """SYL moves to 2 next to Keber miniatures on 3 and 103 and wins against a Basic card."""
    state = _duel(hand, basic_hand(1, "basic"))
    state = given(state, *on_board(state, 1, 103))
    events, state = when(state, 0, {"type": "move", "card": hand[0], "mini": 0, "path": [1, 2]})
    if state.combat is not None:
        events, state = when(state, 0, {"type": "commit", "cards": ["p0-strength-0"]})
    assert of_type(events, "CombatWon")[0] == {"winner": 0, "loser": 1}
    return when(state, 1, GAME.legal_commands(state, 1)[0])


def test_the_winner_does_not_leave_the_conflict_zone_with_another_factions_card():
    """Given SYL won next to another Keber miniature holding Fearless, Strength and a Keber
    card (p14: such a card "can only be used by a player of the represented faction"), when
    it owes the choice to move out of the conflict zone (p16), then no move with the Keber
    card is offered, and sending one is refused naming the faction."""
    _, state = _won_next_to_another_foe(basic_hand(0, *EIGHT) + [KEBER_CARD])
    _, state = when(state, 0, {"type": "discard", "cards": ["p0-slippery-0"]})
    options = GAME.legal_commands(state, 0)
    leaving = [o for o in options if o["type"] == "leave_conflict"]
    assert leaving and not any(o["card"] == KEBER_CARD for o in leaving)
    with pytest.raises(IllegalCommand, match="Keber"):
        when(state, 0, {"type": "leave_conflict", "card": KEBER_CARD, "path": [1, 0]})


def test_a_winner_holding_only_another_factions_card_is_not_offered_the_move_out():
    """Given SYL wins holding Strength and a Keber card and discards its Strength (the
    winner's discard, 1 of 2), so that it holds no card it may use, then it is not asked to
    leave: staying is its only answer, made with the discard, and the next combat starts at
    once (p16: "the winner will check if his miniature is adjacent to another player's
    miniature for starting a new combat")."""
    _, state = _won_next_to_another_foe(["p0-basic-0", "p0-strength-0", KEBER_CARD])
    events, state = when(state, 0, {"type": "discard", "cards": ["p0-strength-0"]})
    assert of_type(events, "EscapeDecided") == [{"seat": 0, "mini": 0, "leave": False}]
    assert of_type(events, "CombatStarted")[0]["foe"] == ["seat", 1, 1]


# --- p15, Phases, 2 Replica: "IMPORTANT: If the attacked player has no cards, the attacker
# immediately becomes the winner"; "You can never exceed the number of cards proposed by the
# attacking player" ----------------------------------------------------------------------------

def test_an_attacker_holding_only_cards_it_may_not_use_loses_to_a_defender_holding_cards():
    """Given SYL moves with its Basic card next to Keber, keeping only a Keber card (one it
    may not use: p14), when the combat begins, then SYL proposes no card, as an attacker with
    no cards, and the Keber defender holding a Strength card wins at once -- no Outcome card
    decides it."""
    events, state = when(_duel(["p0-basic-0", KEBER_CARD], basic_hand(1, "strength")), 0,
                         {"type": "move", "card": "p0-basic-0", "mini": 0, "path": [1, 2]})
    assert of_type(events, "CombatWon")[0] == {"winner": 1, "loser": 0}
    assert "OutcomeDrawn" not in types(events) and "CardsCommitted" not in types(events)


def test_a_defender_holding_only_cards_it_may_not_use_loses_at_once():
    """Given the attacked Keber player holds only a SYL-type card (p14: Keber may not use
    it), when SYL attacks, then "the attacked player has no cards" and the attacker wins at
    once (p15)."""
    syl_card = upgraded("syl_drone")
    events, state = when(_duel(basic_hand(0, "basic", "strength"), [syl_card]), 0,
                         {"type": "move", "card": "p0-basic-0", "mini": 0, "path": [1, 2]})
    assert of_type(events, "CombatWon")[0] == {"winner": 0, "loser": 1}


# --- p21, Wardun: "As long as the Wardun's ability is active, the trapped miniature behaves as
# if it doesn't exist"; Setup 9 (p10): Newaru appear "when a tile is empty of faction
# miniatures and there is no other Newaru on the same tile" -------------------------------------

def test_a_trapped_miniature_does_not_keep_a_newaru_from_respawning_on_its_tile():
    """Given A5 (a portal tile) revealed with no Newaru and SYL's only miniature on it trapped
    by the Wardun, when SYL moves a miniature on A1 and ends its turn, then a Newaru respawns
    on A5's portal: the trapped miniature behaves as if it does not exist."""
    state = given_play(2, factions=("syl", "wardun"))
    state = given(state, revealed((1, 0), "A5"), *on_board(state, 0, 0, 904),
                  ("MiniatureTrapped", {"seat": 1, "target": [0, 1]}))
    state = deal(state, 0, basic_hand(0, "basic"))
    _, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0, "path": [1]})
    events, state = when(state, 0, {"type": "end_turn"})
    assert of_type(events, "NewaruSpawned") == [{"id": 0, "to": 602}]


def test_an_untrapped_miniature_still_keeps_its_tile_free_of_newaru():
    """The same table without the trap: the SYL miniature on A5 keeps the Newaru away."""
    state = given_play(2, factions=("syl", "wardun"))
    state = given(state, revealed((1, 0), "A5"), *on_board(state, 0, 0, 904))
    state = deal(state, 0, basic_hand(0, "basic"))
    _, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0, "path": [1]})
    events, state = when(state, 0, {"type": "end_turn"})
    assert of_type(events, "NewaruSpawned") == []


# --- Spanish book, Newaru rules summary (option newaru_trigger "ends"): "El Newaru sólo se
# moverá cuando una miniatura del jugador activo termina un movimiento en la loseta ocupada
# por el Newaru" -------------------------------------------------------------------------------

def _reveal_then_go_on(options, onward):
    """SYL on node 404 of A1 moves 2 nodes with a Basic card: its first step reveals A5 below
    A1, at (1, 0) (no frontier between them; a Newaru spawns on its portal, 602), then it goes
    on along `onward` or stays."""
    state = given_play(2, options=options)
    state = deal(given(state, *on_board(state, 0, 404)), 0, basic_hand(0, "basic"))
    _, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0, "path": [504]},
                    Rigged(["A5"]))
    assert state.newaru == {0: 602} and state.pending[0].kind == "onward"
    command = {"type": "move_on", "path": onward} if onward else {"type": "stay"}
    _, state = when(state, 0, command)
    return when(state, 0, {"type": "end_turn"})


def test_ends_a_move_that_reveals_a_tile_and_goes_on_does_not_move_its_newaru():
    """Given newaru_trigger "ends" and a move whose first step reveals A5 (its Newaru on the
    portal), when the move goes on back onto A1 and the turn ends, then the move did not end on
    A5 and its Newaru stays."""
    events, state = _reveal_then_go_on({"newaru_trigger": "ends"}, [403])
    assert of_type(events, "NewaruMoved") == [] and state.newaru == {0: 602}


def test_ends_a_move_that_reveals_a_tile_and_stays_there_moves_its_newaru():
    """Given the same reveal, when the player stays on the revealed tile, then the move ended
    on A5 and its Newaru moves toward the miniature."""
    events, state = _reveal_then_go_on({"newaru_trigger": "ends"}, None)
    assert [e["id"] for e in of_type(events, "NewaruMoved")] == [0]


def test_moves_the_english_reading_moves_the_newaru_of_a_tile_moved_through():
    """English (default, Example 3: "the movement occurs even if it hasn't ended up on the same
    tile"): the same move through A5 and back moves its Newaru."""
    events, state = _reveal_then_go_on(None, [403])
    assert [e["id"] for e in of_type(events, "NewaruMoved")] == [0]
