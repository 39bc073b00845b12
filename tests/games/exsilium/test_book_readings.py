"""Exsilium rules as both books write them, Given/When/Then, each book quoted (English
rulebook page first, the Spanish one where it matters)."""
import pytest

from shared.games.api import IllegalCommand
from tests.games.exsilium.helpers import (
    basic_hand, deal, given, given_play, of_type, on_board, types, upgraded, when)
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
