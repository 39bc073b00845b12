"""Faction tokens and what they buy (rulebook: Faction tokens; Cards, Secondary action;
Supply deck; Interaction; Glossary: Activate portal, Cracking, Distraction (Hologram))."""
import pytest

from shared.games.api import IllegalCommand
from shared.games.exsilium import GAME
from tests.games.exsilium.helpers import (
    basic_hand, deal, given, given_play, of_type, on_board, revealed, types, upgraded, when)

SEAT1_TURN = (("TurnEnded", {"seat": 0}), ("TurnStarted", {"seat": 1}))


def _dropped(state, seat, card, node, face):
    """The seat held `card` and dropped it at `node` (a CardDropped event)."""
    state = deal(state, seat, state.players[seat].hand + (card,))
    return given(state, ("CardDropped", {"seat": seat, "card": card, "node": node, "face": face}))


def _seat0(*nodes, hand=("basic", "fearless")):
    state = given_play(2)
    return deal(given(state, *on_board(state, 0, *nodes)), 0, basic_hand(0, *hand))


def test_control_a_terminal_when_leaving_it_the_first_time():
    """Faction tokens, Control a terminal: leaving a connection terminal for the first time,
    the player may leave a faction token on it (the token stays there, not in the pool)."""
    state = _seat0(101)
    tokens, pool = state.players[0].tokens, state.pool
    events, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0,
                                    "path": [100], "control": True})
    assert of_type(events, "TerminalControlled") == [{"seat": 0, "node": 101}]
    assert state.control == {101: 0}
    assert state.players[0].tokens == tokens - 1 and state.pool == pool


def test_control_is_offered_only_the_first_time_a_terminal_is_left():
    """Faction tokens, Control a terminal: "the first time" -- a terminal left once without
    controlling it cannot be controlled on a later departure."""
    state = _seat0(101, hand=("basic", "fearless", "strength"))
    _, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0, "path": [100]})
    _, state = when(state, 0, {"type": "move", "card": "p0-fearless-0", "mini": 0,
                               "path": [101]})
    assert not any(c.get("control") for c in GAME.legal_commands(state, 0))
    with pytest.raises(IllegalCommand, match="first time"):
        when(state, 0, {"type": "move", "card": "p0-strength-0", "mini": 0, "path": [100],
                        "control": True})


def test_activate_a_miniature_on_a_controlled_terminal_for_one_token():
    """Faction tokens: pay 1 faction token to activate a miniature on a terminal you control."""
    state = given(_seat0(), ("TerminalControlled", {"seat": 0, "node": 303}))
    tokens = state.players[0].tokens
    assert {"type": "activate_terminal", "node": 303} in GAME.legal_commands(state, 0)
    events, state = when(state, 0, {"type": "activate_terminal", "node": 303})
    assert types(events)[:2] == ["TokensPaid", "MiniatureActivated"]
    assert state.players[0].minis[0] == 303 and state.players[0].tokens == tokens - 1


def test_another_factions_terminal_needs_cracking():
    """Interaction and Glossary, Cracking: a terminal controlled by another faction cannot be
    used nor entered ("it will be necessary to discard another card to move to the free
    Connection Terminal node"); a Cracking card, next to it, withdraws the token (moving onto
    it is another card)."""
    crack = upgraded("cracking")
    state = given_play(2)
    state = given(state, ("TerminalControlled", {"seat": 0, "node": 101}), *SEAT1_TURN,
                  *on_board(state, 1, 100))
    state = deal(state, 1, [crack, "p1-basic-0"])
    assert not any(c["type"] == "move" and 101 in c["path"]
                   for c in GAME.legal_commands(state, 1))
    with pytest.raises(IllegalCommand, match="only a Cracking card"):
        when(state, 1, {"type": "move", "card": "p1-basic-0", "mini": 0, "path": [101]})
    with pytest.raises(IllegalCommand, match="Choose|cannot be used"):
        when(state, 1, {"type": "play", "card": crack, "node": 303})
    events, state = when(state, 1, {"type": "play", "card": crack, "node": 101})
    assert of_type(events, "ControlWithdrawn") == [{"node": 101, "by": 1}]
    assert state.control == {} and crack in state.players[1].discard
    _, state = when(state, 1, {"type": "move", "card": "p1-basic-0", "mini": 0, "path": [101]})
    assert state.players[1].minis[0] == 101


def test_upgrades_refused_on_a_terminal_another_faction_controls():
    """Faction tokens, Control a terminal: another faction's terminal cannot be used."""
    state = given_play(2)
    state = given(state, ("TerminalControlled", {"seat": 1, "node": 101}),
                  *on_board(state, 0, 101))
    with pytest.raises(IllegalCommand, match="connection terminal"):
        when(state, 0, {"type": "access_upgrades"})


def test_activate_portal_moves_to_a_portal_of_another_tile():
    """Glossary, Activate portal: a miniature on a portal node goes to a portal node of another
    tile, regardless of the distance."""
    key = upgraded("portal_key")
    state = given_play(2)
    state = given(state, revealed((0, 1), "A2"), revealed((1, 0), "A5"), *on_board(state, 0, 207))
    state = deal(state, 0, [key, "p0-basic-0"])
    offered = [c for c in GAME.legal_commands(state, 0) if c["type"] == "play"]
    assert offered == [{"type": "play", "card": key, "mini": 0, "node": 602}]
    _, state = when(state, 0, offered[0])
    assert state.players[0].minis[0] == 602


def test_hologram_lures_the_newaru_then_the_miniature_returns():
    """Glossary, Distraction (Hologram): a faction token marks where the miniature was; the
    Newaru follow that miniature at enemy activation; then it returns to the token (which the
    player recovers) and the Hologram card is discarded."""
    holo = upgraded("hologram")
    state = given_play(2)
    state = given(state, revealed((0, 1), "A2", newaru={0: 207}), *on_board(state, 1, 205),
                  *on_board(state, 0, 209))
    state = deal(state, 0, [holo])
    tokens = state.players[0].tokens
    events, state = when(state, 0, {"type": "move", "card": holo, "mini": 0, "action": True,
                                    "path": [309, 409]})
    assert of_type(events, "HologramSet")[0]["origin"] == 209
    assert state.players[0].tokens == tokens - 1
    events, state = when(state, 0, {"type": "end_turn"})
    assert of_type(events, "NewaruMoved") == [{"id": 0, "to": 308, "why": "hunt"}]
    assert state.players[0].minis[0] == 209 and state.players[0].tokens == tokens
    assert holo in state.players[0].discard


def test_newaru_without_hologram_hunt_the_nearest():
    """Movement 3: the same table without a hologram: the Newaru goes toward the nearest."""
    state = given_play(2)
    state = given(state, revealed((0, 1), "A2", newaru={0: 207}), *on_board(state, 1, 205),
                  *on_board(state, 0, 209))
    state = deal(state, 0, ["p0-basic-0"])
    _, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0,
                               "path": [309, 409]})
    _, state = when(state, 0, {"type": "end_turn"})
    assert state.newaru == {0: 206}


@pytest.mark.parametrize("face,cost", [("up", 1), ("down", 2), ("supply", 2)])
def test_drop_a_card_costs_a_marker_token_plus_one_unless_face_up(face, cost):
    """Cards, Drop card in adjacent node: a faction token marks the node; face down or into the
    supply deck costs 1 more token, which goes to the game pool."""
    state = _seat0(2)
    tokens, pool = state.players[0].tokens, state.pool
    _, state = when(state, 0, {"type": "drop", "card": "p0-basic-0", "node": 3, "face": face})
    assert state.players[0].tokens == tokens - cost and state.pool == pool + cost - 1
    card = None if face == "supply" else "p0-basic-0"
    assert state.markers == {3: (0, card, face)}
    assert state.supply == (("p0-basic-0",) if face == "supply" else ())


def test_only_cards_with_the_drop_icon_can_be_dropped():
    """Faction tokens, Drop card: only cards with the drop icon."""
    state = _seat0(2)
    with pytest.raises(IllegalCommand, match="drop icon"):
        when(state, 0, {"type": "drop", "card": "p0-fearless-0", "node": 3, "face": "up"})


def test_a_dropped_card_is_picked_up_even_in_the_middle_of_a_move():
    """Interaction, Pick up cards: passing over a node with a faction token takes the card next
    to it into the hand; the token goes to the game pool."""
    state = _dropped(_seat0(0), 1, "p1-strength-0", 1, "down")
    pool = state.pool
    events, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0,
                                    "path": [1, 2]})
    assert of_type(events, "MarkerPickedUp")[0]["card"] == "p1-strength-0"
    assert state.players[0].minis[0] == 2 and "p1-strength-0" in state.players[0].hand
    assert state.markers == {} and state.pool == pool + 1


def test_a_supply_box_gives_the_top_supply_card():
    """Supply deck, Pick up supply cards: a faction token with no card next to it gives the top
    card of the supply deck, into the hand."""
    state = _dropped(_seat0(0), 1, "p1-basic-0", 12, "supply")
    state = _dropped(state, 1, "p1-strength-0", 1, "supply")
    events, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0,
                                    "path": [1]})
    assert of_type(events, "MarkerPickedUp")[0] == {
        "seat": 0, "node": 1, "card": "p1-strength-0", "face": "supply", "source": "supply"}
    assert state.supply == ("p1-basic-0",) and "p1-strength-0" in state.players[0].hand


def test_a_face_up_mine_dropped_next_to_another_faction_detonates():
    """Faction tokens, Place mine: the token is a detonator, set off by miniatures of other
    factions adjacent to it; it kills "all the miniatures adjacent to it" -- given the
    dropper's own miniature next to the node too, when the mine goes off, then it dies as well."""
    mine = upgraded("mine")
    state = given_play(2)
    state = given(state, *SEAT1_TURN, *on_board(state, 0, 2), *on_board(state, 1, 4))
    state = deal(state, 1, [mine, "p1-basic-0"])
    events, state = when(state, 1, {"type": "drop", "card": mine, "node": 3, "face": "up"})
    assert of_type(events, "MineDetonated")[0]["victims"] == [[0, 0], [1, 0]]
    assert state.players[0].minis[0] is None and state.players[1].minis[0] is None
    assert mine in state.players[1].discard and 3 not in state.markers


def test_a_mine_stops_and_kills_a_miniature_passing_next_to_it():
    """Faction tokens, Place mine: "even if it is in the middle of a movement"."""
    state = _dropped(_seat0(0), 1, upgraded("mine"), 3, "up")
    sprint = upgraded("sprint")
    state = deal(state, 0, [sprint, "p0-basic-0"])
    with pytest.raises(IllegalCommand, match="stops at node 2"):
        when(state, 0, {"type": "move", "card": sprint, "mini": 0, "action": True,
                        "path": [1, 2, 102]})
    events, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0,
                                    "path": [1, 2]})
    assert of_type(events, "MineDetonated")[0]["victims"] == [[0, 0]]
    assert state.players[0].minis[0] is None


def test_a_mine_set_off_in_a_move_kills_every_miniature_next_to_it():
    """Place mine: "killing all the miniatures adjacent to it". Given a face-up mine at 3 with
    the dropper's miniature at 4, when another faction's miniature steps next to it, then both
    miniatures die."""
    state = _dropped(_seat0(0), 1, upgraded("mine"), 3, "up")
    state = given(state, *on_board(state, 1, 4))
    events, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0,
                                    "path": [1, 2]})
    assert of_type(events, "MineDetonated")[0]["victims"] == [[0, 0], [1, 0]]
    assert state.players[0].minis[0] is None and state.players[1].minis[0] is None


def test_mines_only_work_face_up():
    """Faction tokens, Place mine: mine cards only work if placed face up."""
    state = _dropped(_seat0(0), 1, upgraded("mine"), 3, "down")
    _, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0, "path": [1, 2]})
    assert state.players[0].minis[0] == 2


@pytest.mark.parametrize("key,dies", [("emp_mine", True), ("bio_mine", False)])
def test_mines_that_affect_only_some_factions(key, dies):
    """Glossary, Faction type cards: some actions affect only the factions shown (SYL here)."""
    state = _dropped(_seat0(0), 1, upgraded(key), 3, "up")
    _, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0, "path": [1, 2]})
    if state.pending and state.pending[0].kind == "ward":   # a faction type card: may dodge
        _, state = when(state, 0, {"type": "endure"})
    assert (state.players[0].minis[0] is None) == dies


def test_dodge_avoids_a_mine_that_affects_only_some_factions():
    """Glossary, Faction type cards: "cards whose action affects only to one or multiple
    factions" are faction type cards, and Dodge avoids "the effect of a faction-type card".
    Given an EMP mine (SYL and Keber only) and a SYL player holding Dodge, when the SYL
    miniature sets it off, then the player may dodge and the miniature survives; a plain mine
    offers no such choice."""
    dodge = upgraded("dodge")
    state = _dropped(_seat0(0), 1, upgraded("emp_mine"), 3, "up")
    state = deal(state, 0, ["p0-basic-0", dodge])
    events, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0,
                                    "path": [1, 2]})
    assert of_type(events, "MineDetonated") and GAME.to_act(state) == (0,)
    _, state = when(state, 0, {"type": "dodge", "card": dodge})
    assert state.players[0].minis[0] == 2 and dodge in state.players[0].discard
    plain = _dropped(_seat0(0), 1, upgraded("mine"), 3, "up")
    plain = deal(plain, 0, ["p0-basic-0", dodge])
    _, plain = when(plain, 0, {"type": "move", "card": "p0-basic-0", "mini": 0, "path": [1, 2]})
    assert plain.players[0].minis[0] is None


def test_remove_from_the_game_secondary_action():
    """Cards, Remove card from the game: the card leaves the game; its action is not done."""
    purge = upgraded("dive")
    state = deal(_seat0(0), 0, [purge, "p0-basic-0"])
    _, state = when(state, 0, {"type": "remove_card", "card": purge})
    assert purge not in state.players[0].hand + state.players[0].discard


def test_the_payments_offered_are_every_minimal_set_of_hand_cards_and_stay_fast_for_a_big_hand():
    """Given hands of upgraded and basic cards, when the upgrades board lists purchases, then
    the payments are exactly the sets of hand cards just enough to pay (none can be left
    out), one per mix of definitions -- also for a hand of 24 cards, which the old way
    (every mix of every definition: 2^24) could not list in minutes."""
    import random
    from itertools import product

    from shared.games.exsilium.actions import _minimal_payments
    from shared.games.exsilium.components import CARDS, card, strength
    from shared.games.exsilium.state import Player, State

    def brute(hand, cost, base):
        groups = {}
        for cid in sorted(hand):
            groups.setdefault(card(cid)["key"], []).append(cid)
        keys = sorted(groups)
        out = []
        for counts in product(*[range(len(groups[k]) + 1) for k in keys]):
            paid = [c for k, n in zip(keys, counts) for c in groups[k][:n]]
            value = base + sum(strength(c) for c in paid)
            if value >= cost and all(value - strength(c) < cost for c in paid):
                out.append(paid)
        return out

    rng = random.Random(5)
    ids = sorted(CARDS)
    for _ in range(30):
        hand = rng.sample(ids, rng.randint(0, 8))
        base = rng.randint(0, 3)
        cost = rng.randint(1, 25)
        table = State(options={}, seats=2, players=(Player(terminal_tokens=base), Player()))
        assert _minimal_payments(table, 0, hand, cost) == brute(hand, cost, base)
    big = State(options={}, seats=2, players=(Player(), Player()))
    payments = _minimal_payments(big, 0, rng.sample(ids, 24), 6)
    assert payments and all(sum(strength(c) for c in p) >= 6 for p in payments)
