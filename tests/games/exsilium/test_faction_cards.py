"""Faction type cards (rulebook, Faction type cards): "Some cards show as type the icon of a
faction, therefore, the card can only be used by a player of the represented faction." Not to
move, not to pay, not in combat."""
from dataclasses import replace

import pytest

from shared.games.api import IllegalCommand
from shared.games.exsilium import GAME
from tests.games.exsilium.helpers import (
    basic_hand, deal, given, given_play, on_board, upgraded, when)

KEBER_CARD = upgraded("keber_leap")


def _syl_holding_a_keber_card(*nodes):
    """Seat 0 plays SYL (given_play's first faction) and holds a Keber card and a basic one."""
    state = given_play(2)
    state = given(state, *on_board(state, 0, *nodes))
    assert state.players[0].faction == "syl"
    return deal(state, 0, (KEBER_CARD,) + tuple(basic_hand(0, "basic")))


def test_another_factions_card_does_not_move_a_miniature():
    """Given a SYL player holding a Keber card, when they move with it (even without its
    action), then the move is refused, and no move with it is offered."""
    state = _syl_holding_a_keber_card(0)
    assert not any(c.get("card") == KEBER_CARD for c in GAME.legal_commands(state, 0))
    with pytest.raises(IllegalCommand, match="Keber"):
        when(state, 0, {"type": "move", "card": KEBER_CARD, "mini": 0, "path": [1]})


def test_another_factions_card_pays_for_nothing():
    """Given a SYL player at the upgrades board holding a Keber card, when they pay with it,
    then the purchase is refused, and no purchase paid with it is offered."""
    state = _syl_holding_a_keber_card(101)
    state = replace(state, row=(upgraded("sprint"),) * 4)
    _, state = when(state, 0, {"type": "access_upgrades"})
    assert not any(KEBER_CARD in c.get("paid", ()) for c in GAME.legal_commands(state, 0))
    with pytest.raises(IllegalCommand, match="Keber"):
        when(state, 0, {"type": "buy", "slots": [0], "paid": [KEBER_CARD]})


def test_another_factions_card_is_not_committed_to_a_combat():
    """Given a SYL player in a combat holding a Keber card, when they commit it, then the
    commitment is refused, and no commitment with it is offered."""
    state = given_play(2)
    state = given(state, *on_board(state, 0, 0), *on_board(state, 1, 3))
    state = deal(deal(state, 0, (KEBER_CARD,) + tuple(basic_hand(0, "basic", "fearless",
                                                                  "strength"))),
                 1, basic_hand(1, "basic", "fearless", "strength", "slippery"))
    _, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0, "path": [1, 2]})
    assert state.combat is not None and GAME.to_act(state) == (0,)
    commits = [c for c in GAME.legal_commands(state, 0) if c["type"] == "commit"]
    assert commits and not any(KEBER_CARD in c["cards"] for c in commits)
    with pytest.raises(IllegalCommand, match="Keber"):
        when(state, 0, {"type": "commit", "cards": [KEBER_CARD]})
