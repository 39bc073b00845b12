"""The raid a seat with no card to fight with invites (heuristics.py, `_raid_risk`): "If the
attacked player has no cards, the attacker immediately wins" (rulebook, Combat between
players), and hands are dealt again only when a round starts."""
from dataclasses import replace

from shared.games.exsilium import heuristics
from shared.games.exsilium.state import with_player
from tests.games.exsilium.helpers import basic_hand, deal, given, given_play, on_board


def _table(own_cards, foe_cards, foe_node=7):
    """Seat 0 (first in turn order, in its turn) on nodes 4 and 104 holding a point, seat 1
    on `foe_node`, each holding the basic cards named."""
    state = given_play(2)
    state = given(state, *on_board(state, 0, 4, 104), *on_board(state, 1, foe_node))
    state = with_player(state, 0, baralytas=(1,))
    state = deal(state, 0, basic_hand(0, *own_cards))
    return deal(state, 1, basic_hand(1, *foe_cards))


def test_a_seat_without_cards_within_reach_of_a_seat_still_to_play_is_at_risk():
    state = _table([], ["basic", "strength"])
    assert state.active == 0 and state.order == (0, 1)
    risk = heuristics._raid_risk(state, 0, 0)
    # half of a miniature and of the point that changes hands
    assert risk == heuristics._RAIDED * (heuristics._MINI + 2 * heuristics._POINT)
    assert heuristics.evaluate(state, 0) < heuristics.evaluate(_table([], ["basic", "strength"],
                                                                      foe_node=1412), 0) - 5


def test_no_raid_is_counted_with_a_card_in_hand_out_of_reach_or_once_the_raider_played():
    assert heuristics._raid_risk(_table(["basic"], ["basic", "strength"]), 0, 0) == 0
    # two nodes a card: a miniature 3 nodes off needs one card to stand next to node 4
    assert heuristics._raid_risk(_table([], ["basic"]), 0, 0) > 0
    assert heuristics._raid_risk(_table([], []), 0, 0) == 0
    assert heuristics._raid_risk(_table([], ["basic"], foe_node=9), 0, 0) == 0
    # seat 1 plays second: seat 0 has played its turn of the round, and deals come first
    spent = replace(_table(["basic"], []), active=1)
    assert heuristics._raid_risk(spent, 1, 1) == 0
    assert heuristics._raid_risk(replace(_table([], ["basic"]), active=1), 0, 0) > 0


def test_another_seat_judges_the_risk_by_what_it_may_see():
    """Another seat's cards are hidden: seat 1 counts any card in seat 0's hand as one to
    fight with (whether it may fight with it is not its to know), and none as none."""
    armed = _table(["basic"], ["basic"])
    assert heuristics._raid_risk(armed, 0, 1) == 0
    assert heuristics._raid_risk(_table([], ["basic"]), 0, 1) > 0
