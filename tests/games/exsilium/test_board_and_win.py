"""The upgrades board, tile reveals and winning (rulebook: Upgrades board, Acquire upgraded
cards; Tokens and enemies on tiles; Winning the game)."""
import random
from dataclasses import replace

import pytest

from shared.games.api import IllegalCommand
from shared.games.exsilium import GAME
from shared.games.exsilium.flow import start_round
from shared.games.exsilium.state import with_player
from shared.games.exsilium.evolve import evolve
from shared.games.kit import Transaction
from tests.games.exsilium.helpers import (
    Rigged, basic_hand, deal, given, given_play, of_type, on_board, revealed, types, upgraded,
    when)

ROW = (upgraded("titan"), upgraded("sprint"), upgraded("dodge"), upgraded("mine"))
DECK = (upgraded("purge"), upgraded("purge", 1), upgraded("purge", 2), upgraded("purge", 3),
        upgraded("scavenge"))
HAND = ("basic", "fearless", "strength", "slippery")


def _at_terminal(options=None, deck=DECK, terminal_tokens=3):
    """Seat 0 on terminal 101 of A1 with one basic card of each type; a known upgrades row
    (the row and deck are put in place: no event deals them in a chosen order)."""
    state = given_play(2, options=options)
    state = given(state, *on_board(state, 0, 101))
    state = replace(state, row=ROW, upgrade_deck=deck)
    return deal(state, 0, basic_hand(0, *HAND), terminal_tokens=terminal_tokens)


def test_access_costs_one_faction_token_on_a_terminal():
    """Upgrades board: a miniature on a connection terminal and 1 faction token per upgrade."""
    state = _at_terminal()
    tokens = state.players[0].tokens
    _, state = when(state, 0, {"type": "access_upgrades"})
    assert state.turn.session == "open" and state.players[0].tokens == tokens - 1
    away = given(given_play(2), *on_board(given_play(2), 0, 100))
    with pytest.raises(IllegalCommand, match="connection terminal"):
        when(away, 0, {"type": "access_upgrades"})


def test_purchase_example_eight_plus_three_terminal_tokens_buys_a_card_of_eleven():
    """Acquire upgraded cards, example: cards worth 8 plus 3 terminal tokens buy a card of 11;
    the cards paid go to the discard, the card bought to the hand; terminal tokens stay."""
    state = _at_terminal()
    _, state = when(state, 0, {"type": "access_upgrades"})
    paid = basic_hand(0, *HAND)
    events, state = when(state, 0, {"type": "buy", "slots": [0], "paid": paid},
                         Rigged([upgraded("scavenge")]))
    assert of_type(events, "CardsBought")[0]["cards"] == [ROW[0]]
    player = state.players[0]
    assert player.hand == (ROW[0],) and player.discard == tuple(paid)
    assert player.terminal_tokens == 3
    assert state.row == (upgraded("scavenge"),) + ROW[1:] and state.turn.session is None


def test_a_purchase_must_reach_the_cost():
    """Acquire upgraded cards: the value paid must reach the cost."""
    state = _at_terminal(terminal_tokens=2)
    _, state = when(state, 0, {"type": "access_upgrades"})
    with pytest.raises(IllegalCommand, match=r"\(10 with terminal tokens\).*\(11\)"):
        when(state, 0, {"type": "buy", "slots": [0], "paid": basic_hand(0, *HAND)})


def test_english_rule_discards_one_of_the_four_once_per_upgrade():
    """Upgrades board 3 (English book): once per upgrade, discard 1 of the 4 cards and reveal
    a new one; discarded cards are out of the game."""
    state = _at_terminal()
    _, state = when(state, 0, {"type": "access_upgrades"})
    events, state = when(state, 0, {"type": "cycle_upgrades", "slot": 1}, Rigged([DECK[4]]))
    assert of_type(events, "UpgradeCycled")[0]["discarded"] == [ROW[1]]
    assert state.row == (ROW[0], DECK[4], ROW[2], ROW[3])
    assert ROW[1] not in state.upgrade_deck
    with pytest.raises(IllegalCommand, match="Once per upgrade"):
        when(state, 0, {"type": "cycle_upgrades", "slot": 2})


def test_spanish_rule_discards_all_four():
    """Upgrades board 3 (Spanish book, option upgrade_discard=all): discard the 4 cards and
    reveal 4 new ones."""
    state = _at_terminal({"upgrade_discard": "all"})
    _, state = when(state, 0, {"type": "access_upgrades"})
    assert {"type": "cycle_upgrades"} in GAME.legal_commands(state, 0)
    _, state = when(state, 0, {"type": "cycle_upgrades"})
    assert set(state.row) <= set(DECK) and len(set(state.row)) == 4
    assert not set(ROW) & set(state.row + state.upgrade_deck)


def test_the_upgrades_deck_is_not_reshuffled_when_it_runs_out():
    """Setup 7: the upgraded deck, once exhausted, is not shuffled again: the slot stays empty."""
    state = _at_terminal(deck=())
    _, state = when(state, 0, {"type": "access_upgrades"})
    _, state = when(state, 0, {"type": "buy", "slots": [1], "paid": basic_hand(0, "basic")})
    assert state.row == (ROW[0], None, ROW[2], ROW[3])


def test_another_purchase_costs_another_token():
    """Acquire upgraded cards: buying again means paying another faction token."""
    state = _at_terminal()
    _, state = when(state, 0, {"type": "access_upgrades"})
    _, state = when(state, 0, {"type": "buy", "slots": [1], "paid": basic_hand(0, "basic")})
    with pytest.raises(IllegalCommand, match="Access the upgrades board first"):
        when(state, 0, {"type": "buy", "slots": [2], "paid": basic_hand(0, "strength")})


def test_revealing_a_tile_places_its_baralytas_terminal_token_and_newaru():
    """Tokens and enemies on tiles: a Baralytas card is revealed for each deposit and a token of
    its value placed; a terminal token on each terminal; a Newaru on the portal."""
    state = given_play(2)
    state = deal(given(state, *on_board(state, 0, 4, 0)), 0, basic_hand(0, "basic"))
    left = len(state.baralytas_deck)
    events, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0,
                                    "path": [105]}, Rigged(["A2", 3]))
    assert of_type(events, "TileRevealed") == [{"pos": "0,1", "tile": "A2", "baralytas":
                                                {"106": 3}, "terminals": [308],
                                                "newaru": {"0": 207}}]
    assert state.players[0].baralytas == (3,) and 308 in state.terminal_tokens
    assert state.newaru == {0: 207} and len(state.baralytas_deck) == left - 1


@pytest.mark.parametrize("seats,plus_two,goal", [(2, False, 10), (3, False, 8), (4, False, 6),
                                                 (2, True, 12), (4, True, 8)])
def test_reaching_the_goal_wins_at_once(seats, plus_two, goal):
    """Winning the game: 10/8/6 Baralytas for 2/3/4 players wins immediately; optional +2."""
    state = given_play(seats, options={"plus_two": plus_two})
    state = given(state, revealed((0, 1), "A2", baralytas={106: 1}), *on_board(state, 0, 4, 0))
    near = deal(state, 0, basic_hand(0, "basic"), baralytas=(1,) * (goal - 2))
    _, near = when(near, 0, {"type": "move", "card": "p0-basic-0", "mini": 0, "path": [5]})
    assert GAME.outcome(near) is None
    state = deal(state, 0, basic_hand(0, "basic"), baralytas=(1,) * (goal - 1))
    events, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0,
                                    "path": [5]})
    assert types(events)[-1] == "MatchEnded"
    assert GAME.outcome(state)["winner"] == 0 and GAME.outcome(state)["reason"] == "goal"
    assert GAME.outcome(state)["ranks"][0] == 1 and GAME.to_act(state) == ()



def test_the_round_limit_is_ours_and_a_draw_between_every_seat():
    """Winning the game: the book's only ending is reaching the goal. Given a match at our
    stalemate guard (`max_rounds`) where seat 0 leads on points, when the last round ends,
    then the match ends with reason round_limit as a draw (every seat ranks 1), never a win
    on points."""
    state = given_play(3, options={"max_rounds": 3})
    state = replace(with_player(state, 0, baralytas=(3,)), round=3)
    tx = Transaction(state, random.Random(0), evolve)
    start_round(tx)
    assert [e["type"] for e in tx.events] == ["MatchEnded"]
    result = tx.events[0]["data"]["result"]
    assert result["reason"] == "round_limit" and result["winner"] is None
    assert result["ranks"] == [1, 1, 1] and result["scores"][0] == 3
