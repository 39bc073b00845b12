"""Combats (rulebook: Combats between players and its 5 phases, Combat example; Combat against
Newaru and its 4 phases, Micro-rule; Discard rules; Glossary: Dodge, Favorable Zone)."""
from dataclasses import replace

import pytest

from shared.games.api import IllegalCommand
from shared.games.exsilium import GAME, combat
from shared.games.exsilium.components import level_for
from tests.games.exsilium.helpers import (
    Rigged, basic_hand, deal, given, given_play, of_type, on_board, revealed, types, upgraded,
    when)

EIGHT = ("basic", "fearless", "strength", "slippery")


def test_winner_discard_table():
    """Discard after combat: the winner discards 1 of 4, 1 of 5, 2 of 6, 2 of 7, 2 of 8."""
    assert [combat.winner_discards(n) for n in (4, 5, 6, 7, 8)] == [1, 1, 2, 2, 2]


def test_winner_discard_quarter_rounded_up_option():
    """Discard after combat: "discards 25% of his hand (rounded up)", which the table
    contradicts at 5 (option `winner_discard: quarter_up`): 1 of 4, 2 of 5, 3 of 9."""
    assert [combat.winner_discards(n, "quarter_up") for n in (1, 4, 5, 8, 9)] == [1, 1, 2, 2, 3]


def _duel(attacker_hand, defender_hand):
    """SYL (seat 0, in turn) at 0 and Keber (seat 1) at 3 on A1; seat 0 moves next to it."""
    state = given_play(2)
    state = given(state, *on_board(state, 0, 0), *on_board(state, 1, 3))
    state = deal(deal(state, 0, attacker_hand), 1, defender_hand)
    return state


def _fight_starts(state, card):
    events, state = when(state, 0, {"type": "move", "card": card, "mini": 0, "path": [1, 2]})
    assert of_type(events, "CombatStarted")[0]["kind"] == "player"
    return state


def test_combat_example_pedro_and_juan():
    """Combat example: Pedro moves 2 nodes, picks up a supply box (4 cards in hand) and meets
    Juan; 4 cards against 4, 8 against 8; Outcome 4 for Pedro, 8 for Juan: Juan wins. Pedro
    gives a Baralytas token of 2 and a terminal token, his miniature retreats, a card used in
    combat goes to the supply deck with a faction token on his tile; Juan takes a pool token
    and discards 1 card of 4."""
    pedro_hand = basic_hand(0, "basic", "fearless", "strength", "slippery", copy=1)
    state = _duel(pedro_hand, basic_hand(1, *EIGHT))
    state = deal(state, 1, state.players[1].hand + ("p0-basic-0",))
    state = given(state, ("CardDropped", {"seat": 1, "card": "p0-basic-0", "node": 1,
                                          "face": "supply"}))
    state = deal(state, 0, pedro_hand, baralytas=(2,), terminal_tokens=1)
    state = _fight_starts(state, "p0-basic-1")
    pedro = sorted(state.players[0].hand)
    assert len(pedro) == 4 and "p0-basic-0" in pedro
    juan_tokens, pedro_tokens = state.players[1].tokens, state.players[0].tokens
    _, state = when(state, 0, {"type": "commit", "cards": pedro})
    assert GAME.to_act(state) == (1,)
    events, state = when(state, 1, {"type": "commit", "cards": basic_hand(1, *EIGHT)},
                         Rigged([4, 8]))
    assert of_type(events, "CombatRevealed")[0]["strengths"] == [8, 8]
    assert [(d["side"], d["value"]) for d in of_type(events, "OutcomeDrawn")] == [
        ("attacker", 4), ("defender", 8)]
    assert of_type(events, "CombatWon")[0] == {"winner": 1, "loser": 0}
    assert state.players[0].minis[0] is None and state.players[0].board[-1] == 0
    assert GAME.to_act(state) == (0,)
    _, state = when(state, 0, {"type": "concede", "card": "p0-strength-1", "node": 404,
                               "baralytas": 2})
    assert state.players[1].baralytas == (2,) and state.players[1].terminal_tokens == 1
    assert state.supply == ("p0-strength-1",) and state.markers[404] == (0, None, "supply")
    assert state.players[0].tokens == pedro_tokens - 1
    assert state.players[1].tokens == juan_tokens + 1
    _, state = when(state, 1, {"type": "discard", "cards": ["p1-basic-0"]})
    assert len(state.players[1].hand) == 3 and len(state.players[0].hand) == 3
    assert GAME.to_act(state) == (0,)     # the turn continues


def test_replica_never_exceeds_the_attackers_count():
    """Phases 2 Replica: the attacked player answers with the same number of cards at most."""
    state = _fight_starts(_duel(basic_hand(0, "basic", "strength", "fearless"),
                                basic_hand(1, *EIGHT)), "p0-basic-0")
    _, state = when(state, 0, {"type": "commit", "cards": ["p0-strength-0"]})
    with pytest.raises(IllegalCommand, match="between 1 and 1"):
        when(state, 1, {"type": "commit", "cards": ["p1-strength-0", "p1-basic-0"]})
    events, state = when(state, 1, {"type": "commit", "cards": ["p1-strength-0"]},
                         Rigged([10, 4]))
    assert of_type(events, "CombatWon")[0]["winner"] == 0


def test_a_defender_with_fewer_cards_uses_them_all():
    """Phases 2 Replica: with fewer cards in hand the attacked player uses all of them."""
    state = _fight_starts(_duel(basic_hand(0, "basic", *EIGHT[1:]) + ["p0-basic-1"],
                                basic_hand(1, "basic")), "p0-basic-1")
    _, state = when(state, 0, {"type": "commit", "cards": basic_hand(0, *EIGHT)})
    assert state.combat is None   # the only answer was played for the defender
    assert state.players[1].minis[0] is None


def test_attacked_player_without_cards_loses_at_once():
    """Phases 2, Important: if the attacked player has no cards the attacker wins at once."""
    events, state = when(_duel(basic_hand(0, "basic", "strength"), []), 0,
                         {"type": "move", "card": "p0-basic-0", "mini": 0, "path": [1, 2]})
    assert of_type(events, "CombatWon")[0] == {"winner": 0, "loser": 1}
    assert "CardsCommitted" not in types(events)


def test_dodge_avoids_the_fight():
    """Glossary, Dodge: the attacked player avoids the fight; the card is discarded."""
    dodge = upgraded("dodge")
    state = _fight_starts(_duel(basic_hand(0, "basic", "strength", "fearless"), [dodge]),
                          "p0-basic-0")
    _, state = when(state, 0, {"type": "commit", "cards": ["p0-strength-0"]})
    events, state = when(state, 1, {"type": "dodge", "card": dodge})
    assert of_type(events, "CombatAvoided")[0]["why"] == "dodge"
    assert state.combat is None and dodge in state.players[1].discard
    assert state.players[1].minis[0] == 3 and state.players[0].minis[0] == 2


def test_card_actions_before_a_combat_do_not_fight():
    """Cards, Specific rule; Combat summary: before revealing, card actions may be used; those
    cards are discarded and cannot be used in the combat."""
    draw = upgraded("scavenge")
    state = _fight_starts(_duel(basic_hand(0, "basic", "strength") + [draw],
                                basic_hand(1, "basic")), "p0-basic-0")
    assert {"type": "play", "card": draw} in GAME.legal_commands(state, 0)
    events, state = when(state, 0, {"type": "play", "card": draw})
    assert types(events)[:2] == ["CardUsed", "CardsDrawn"] and draw in state.players[0].discard
    assert draw not in state.players[0].hand and len(state.players[0].hand) == 2
    with pytest.raises(IllegalCommand, match="combat has begun"):
        when(state, 0, {"type": "move", "card": "p0-strength-0", "mini": 0, "path": [1],
                        "action": False, "control": False})


# --- Newaru -------------------------------------------------------------------------------

def _newaru_table(hand, newaru_at=207, baralytas=(), **changes):
    """A2 revealed at (0,1) with Newaru 0; SYL (seat 0, in turn) at 205."""
    state = given_play(2)
    state = given(state, revealed((0, 1), "A2", newaru={0: newaru_at}), *on_board(state, 0, 205))
    return replace(deal(state, 0, hand, baralytas=baralytas), **changes)


def _meet(state, rng, path=(206,)):
    return when(state, 0, {"type": "move", "card": state.players[0].hand[0], "mini": 0,
                           "path": list(path)}, rng)


def test_enemy_action_level_by_baralytas_points():
    """Newaru phase 1: 3 or less basic, 4-7 intermediate, 8 or more advanced."""
    assert [level_for(p) for p in (0, 3, 4, 7, 8, 15)] == [
        "basic", "basic", "intermediate", "intermediate", "advanced", "advanced"]
    events, _ = _meet(_newaru_table(basic_hand(0, "basic", "strength"), baralytas=(3, 2)),
                      Rigged(["intermediate_strike"]))
    assert of_type(events, "EnemyActionRevealed")[0]["level"] == "intermediate"


def test_beating_a_newaru_attack_rewards_and_removes_it():
    """Newaru phases 2 and 4: reveal more strength than the attack; take a terminal token and a
    faction token from the pool; the Newaru is removed; the winner's discard rule."""
    state = _newaru_table(basic_hand(0, "basic", "strength", "fearless"), pool=2)
    events, state = _meet(state, Rigged(["basic_strike"]))
    assert state.combat.enemy == "basic_strike" and GAME.to_act(state) == (0,)
    tokens, terminals = state.players[0].tokens, state.players[0].terminal_tokens
    events, state = when(state, 0, {"type": "commit", "cards": ["p0-strength-0",
                                                                 "p0-fearless-0"]})
    assert of_type(events, "CombatRevealed")[0]["strengths"] == [5, 3]
    assert of_type(events, "RewardTaken")[0] == {"seat": 0, "faction_tokens": 1,
                                                 "terminal_tokens": 1}
    assert state.newaru == {} and state.players[0].tokens == tokens + 1
    assert state.players[0].terminal_tokens == terminals + 1
    assert [(p.kind, p.count) for p in state.pending] == [("discard", 1)]


def test_losing_to_a_newaru_costs_the_miniature_and_a_baralytas_token():
    """Newaru phase 4, if you lose: the miniature dies; 1 Baralytas token of your choice goes to
    the closest crystal deposit; the loser's discard rule (a card into the supply deck)."""
    state = _newaru_table(basic_hand(0, "basic", "strength") + ["p0-basic-1"],
                          baralytas=(1, 2))
    _, state = _meet(state, Rigged(["basic_claw"]))
    _, state = when(state, 0, {"type": "commit", "cards": ["p0-strength-0"]})
    assert state.players[0].minis[0] is None and state.pending[0].kind == "concede"
    _, state = when(state, 0, {"type": "concede", "card": "p0-strength-0", "node": 5,
                               "baralytas": 2})
    assert state.players[0].baralytas == (1,) and state.deposits[106] == (2,)
    assert state.supply == ("p0-strength-0",) and state.newaru == {0: 207}


def test_ties_against_a_newaru_go_to_the_outcome_deck_attacker_first():
    """Newaru phase 3: equal strength draws Outcome cards, the attacker's first."""
    state = _newaru_table(basic_hand(0, "basic", "strength") + ["p0-basic-1"])
    _, state = _meet(state, Rigged(["basic_strike"]))
    events, state = when(state, 0, {"type": "commit", "cards": ["p0-strength-0"]},
                         Rigged([8, 4]))
    assert [(d["side"], d["value"]) for d in of_type(events, "OutcomeDrawn")] == [
        ("player", 8), ("newaru", 4)]
    assert of_type(events, "CombatWon")[0]["winner"] == 0


def test_echo_effect_reveals_an_outcome_then_another_action():
    """Examples with cards: an effect card makes the player reveal an Outcome card and then
    another enemy action of the same level (AUTHORED: its damage adds to that attack)."""
    state = _newaru_table(basic_hand(0, "basic", "strength") + ["p0-basic-1"])
    events, state = _meet(state, Rigged(["basic_echo", 4, "basic_strike"]))
    assert [d["card"] for d in of_type(events, "EnemyActionRevealed")] == [
        "basic_echo", "basic_strike"]
    assert state.combat.bonus == 4
    events, _ = when(state, 0, {"type": "commit", "cards": ["p0-strength-0"]})
    assert of_type(events, "CombatRevealed")[0]["strengths"] == [3, 7]


def test_evading_an_attack_with_the_named_card_type():
    """Enemy actions types, Attack cards: some attacks can be evaded (AUTHORED: by discarding a
    card of the type the attack names)."""
    state = _newaru_table(basic_hand(0, "basic", "slippery"))
    _, state = _meet(state, Rigged(["basic_lunge"]))
    events, state = when(state, 0, {"type": "evade", "card": "p0-slippery-0"})
    assert of_type(events, "CombatAvoided")[0]["why"] == "evade"
    assert state.combat is None and state.newaru == {0: 207} and state.players[0].minis[0] == 206


def test_favorable_zone_avoids_a_newaru_combat():
    """Glossary, Favorable Zone: the enemy action has no effect; the card is discarded."""
    zone = upgraded("favorable_zone")
    state = _newaru_table(["p0-basic-0", zone, "p0-strength-0"])
    _, state = _meet(state, Rigged(["basic_claw"]))
    events, state = when(state, 0, {"type": "favorable_zone", "card": zone})
    assert state.combat is None and zone in state.players[0].discard


def test_attacked_by_a_newaru_with_no_cards_loses_directly():
    """Actions: attacked with no cards in hand, the player directly loses the combat."""
    state = _newaru_table(["p0-basic-0"])
    events, state = _meet(state, Rigged(["basic_strike"]))
    assert of_type(events, "CombatWon")[0] == {"winner": None, "loser": 0}


def test_micro_rule_the_newaru_across_tiles_goes_back_to_its_portal():
    """Micro-rule: in a combat across two tiles the Newaru is not removed; it moves to the
    portal of its tile."""
    state = given_play(2)
    state = given(state, revealed((0, 1), "A2", newaru={0: 5}), *on_board(state, 0, 2, 0))
    state = deal(state, 0, basic_hand(0, "basic", "strength", "fearless"))
    _, state = when(state, 0, {"type": "move", "card": "p0-basic-0", "mini": 0,
                               "path": [3, 4]}, Rigged(["basic_strike"]))
    events, state = when(state, 0, {"type": "commit", "cards": ["p0-strength-0",
                                                                 "p0-fearless-0"]})
    assert of_type(events, "NewaruMoved") == [{"id": 0, "to": 207, "why": "micro_rule"}]
    assert state.newaru == {0: 207}


# --- Conclusion: "All combats are always resolved, but if the winner is still holding cards,
# they can choose one to move out of the conflict zone" (Spanish: "si el vencedor sigue con
# cartas, puede elegir moverse para abandonar la zona de conflicto") --------------------------

def _won_next_to_another_foe(hand):
    """SYL (seat 0) moves to 2 next to Keber miniatures on 3 and 103, fights the one on 3 with
    `hand` against a single Basic card and wins; the Keber player concedes. Returns the events
    of the concession and the state after it."""
    state = _duel(hand, basic_hand(1, "basic"))
    state = given(state, *on_board(state, 1, 103))
    events, state = when(state, 0, {"type": "move", "card": hand[0], "mini": 0, "path": [1, 2]})
    assert of_type(events, "CombatStarted")[0]["foe"] == ["seat", 1, 0]
    if state.combat is not None:
        # (the Keber's replica with its only card is made automatically)
        events, state = when(state, 0, {"type": "commit", "cards": ["p0-strength-0"]})
    assert of_type(events, "CombatWon")[0] == {"winner": 0, "loser": 1}
    events, state = when(state, 1, GAME.legal_commands(state, 1)[0])
    return events, state


def test_winner_holding_cards_may_leave_the_conflict_zone():
    """Combat, Conclusion: the winner next to another foe, still holding cards, may use one of
    them to move out of the conflict zone instead of starting the next combat."""
    # Given SYL moved to 2 with a Basic card, won holding 4 cards and discarded 1 of 4, while a
    # Keber miniature stands on 103
    _, state = _won_next_to_another_foe(basic_hand(0, *EIGHT) + ["p0-basic-1"])
    _, state = when(state, 0, {"type": "discard", "cards": ["p0-basic-1"]})
    # Then SYL owes the choice: stay, or one card and a move that ends away from every foe
    assert GAME.to_act(state) == (0,) and state.combat is None
    options = GAME.legal_commands(state, 0)
    assert {"type": "stay"} in options
    ends = {tuple(o["path"])[-1] for o in options if o["type"] == "leave_conflict"}
    assert 0 in ends and 101 in ends and not ends & {3, 4, 102, 103, 104}
    with pytest.raises(IllegalCommand, match="out of the conflict zone"):
        when(state, 0, {"type": "leave_conflict", "card": "p0-fearless-0", "path": [3]})
    # When SYL uses its Fearless card to move 2 nodes to 0
    events, state = when(state, 0, {"type": "leave_conflict", "card": "p0-fearless-0",
                                    "path": [1, 0]})
    # Then no combat starts, the card is spent, the supply box the Keber left on 0 is picked up
    # (its card goes to the hand) and the turn goes on
    assert "CombatStarted" not in types(events) and state.players[0].minis[0] == 0
    assert of_type(events, "CardUsed") == [{"seat": 0, "card": "p0-fearless-0", "use": "move"}]
    assert of_type(events, "MarkerPickedUp")[0]["card"] == "p1-basic-0"
    assert len(state.players[0].hand) == 3 and GAME.to_act(state) == (0,)
    assert state.combat is None and not state.pending


def test_winner_who_stays_fights_the_next_combat():
    """Combat, Conclusion: "the winner will check if his miniature is adjacent to another
    player's miniature for starting a new combat"; staying starts it at once."""
    _, state = _won_next_to_another_foe(basic_hand(0, *EIGHT) + ["p0-basic-1"])
    _, state = when(state, 0, {"type": "discard", "cards": ["p0-basic-1"]})
    events, state = when(state, 0, {"type": "stay"})
    assert of_type(events, "EscapeDecided") == [{"seat": 0, "mini": 0, "leave": False}]
    assert of_type(events, "CombatStarted")[0]["foe"] == ["seat", 1, 1]


def test_winner_with_no_card_left_has_no_choice():
    """Combat, Conclusion: only a winner "still holding cards" may leave; a winner whose only
    card goes to the winner's discard fights the next combat at once."""
    events, state = _won_next_to_another_foe(["p0-basic-0", "p0-strength-0"])
    assert "EscapeDecided" not in types(events) and state.players[0].hand == ()
    assert of_type(events, "CombatStarted")[0]["foe"] == ["seat", 1, 1]


def test_an_attacker_without_cards_loses_to_a_defender_holding_cards():
    """Phases 2, Important, read both ways (RULES_NOTES.md): "If the attacked player has no
    cards, the attacker immediately becomes the winner". Given an attacker whose last card
    moves it next to a defender holding cards, when the combat begins, then the attacker can
    propose no card and the defender wins at once: the attacker's miniature dies."""
    events, state = when(_duel(["p0-basic-0"], basic_hand(1, "strength")), 0,
                         {"type": "move", "card": "p0-basic-0", "mini": 0, "path": [1, 2]})
    assert of_type(events, "CombatWon")[0] == {"winner": 1, "loser": 0}
    assert "CardsCommitted" not in types(events)
    assert state.players[0].minis[0] is None and state.players[1].minis[0] == 3


@pytest.mark.parametrize("reading,deposit", [(None, 106), ("fallen", 808)])
def test_the_baralytas_token_lost_to_a_newaru_goes_to_the_closest_deposit(reading, deposit):
    """Newaru phase 4, if you lose: "Place 1 of your Baralytas Token ... at the closest
    Crystals Deposit" -- closest to the Newaru that takes it (English, default); the Spanish
    book: "al yacimiento de cristales más cercano al nodo en el que la miniatura fue
    derrotada" (option `baralytas_return: fallen`). Given a Newaru at 405 (3 nodes from the
    deposit 106, 4 from 808) beating a miniature at 505 (4 from 106, 3 from 808), when the
    loser gives up a token of 2, then it goes to 106, or to 808 with the Spanish reading."""
    options = {"baralytas_return": reading} if reading else None
    state = given_play(2, options=options)
    state = given(state, revealed((0, 1), "A2", baralytas={106: 3}, newaru={0: 405}),
                  revealed((1, 1), "A8", baralytas={808: 1}), *on_board(state, 0, 605))
    state = deal(state, 0, basic_hand(0, "basic", "strength"), baralytas=(2,))
    _, state = _meet(state, Rigged(["basic_claw"]), path=(505,))   # its one card: forced
    assert state.players[0].minis[0] is None and state.pending[0].kind == "concede"
    concede = next(c for c in GAME.legal_commands(state, 0) if c["baralytas"] == 2)
    _, state = when(state, 0, concede)
    assert state.deposits[deposit] == ((3,) if deposit == 106 else (1,)) + (2,)


def test_card_sets_offered_are_one_per_mix_of_definitions_of_the_allowed_sizes():
    """Given hands of basic and upgraded cards, when a commitment or a discard is offered,
    then the sets are exactly one per mix of card definitions of an allowed size, in the
    order of counting through the definitions -- also for a 24-card hand, where the old way
    (every mix of every definition: 2^24) took minutes for a discard of 2."""
    import random
    from itertools import product

    from shared.games.exsilium.choices import subsets
    from shared.games.exsilium.components import CARDS, card

    def brute(cards, sizes):
        groups = {}
        for cid in sorted(cards):
            groups.setdefault(card(cid)["key"], []).append(cid)
        keys = sorted(groups)
        return [[c for k, n in zip(keys, counts) for c in groups[k][:n]]
                for counts in product(*[range(len(groups[k]) + 1) for k in keys])
                if sum(counts) in sizes]

    rng = random.Random(7)
    ids = sorted(CARDS)
    for _ in range(40):
        hand = rng.sample(ids, rng.randint(0, 9))
        low = rng.randint(0, 4)
        sizes = rng.choice([range(low, low + rng.randint(0, 4)), {low}])
        assert subsets(hand, sizes) == brute(hand, set(sizes))
    big = rng.sample(ids, 24)
    assert len(subsets(big, {2})) == len({tuple(sorted(card(c)["key"] for c in s))
                                          for s in subsets(big, {2})})


# --- A commitment from a large hand is placed card by card ---------------------------------
# Intimidation: the attacker "spreads on the table and face down the number of cards with which
# he's going to carry out the attack" -- any number of a hand the book never limits. Listing
# every set of a hand of n different cards is 2^n commands; past MOST_LISTED_SETS sets
# the cards are placed one by one (`place_card`) and then committed (RULES_NOTES.md).

from shared.games.exsilium import choices  # noqa: E402
from shared.games.exsilium.components import UPGRADED_CARDS  # noqa: E402
from tests.games.exsilium.helpers import upgraded  # noqa: E402

WIDE = ("sprint", "charge", "scavenge", "heavy")   # four upgraded definitions of no faction


def _wide_duel():
    """SYL attacks with 8 different cards (255 sets of 1 to 8) after moving with a ninth."""
    hand = basic_hand(0, *EIGHT) + [upgraded(k) for k in WIDE] + ["p0-basic-1"]
    return _fight_starts(_duel(hand, basic_hand(1, *EIGHT)), "p0-basic-1")


def _kinds(commands):
    return sorted({c["type"] for c in commands})


def test_subsets_are_counted_without_listing_them():
    """The count that decides between listing and placing equals the listing's length."""
    import random
    rng = random.Random(3)
    pool = basic_hand(0, *EIGHT) + basic_hand(0, *EIGHT, copy=1) + [upgraded(k) for k in WIDE]
    for _ in range(60):
        hand = rng.sample(pool, rng.randint(0, 9))
        sizes = set(rng.sample(range(0, 10), rng.randint(0, 4)))
        assert choices.count_subsets(hand, sizes) == len(choices.subsets(hand, sizes))


def test_a_small_hand_still_lists_every_commitment():
    """Four cards: 15 sets of 1 to 4, each one `commit` (no placing)."""
    state = _fight_starts(_duel(basic_hand(0, *EIGHT) + ["p0-basic-1"],
                                basic_hand(1, *EIGHT)), "p0-basic-1")
    legal = GAME.legal_commands(state, 0)
    assert len([c for c in legal if c["type"] == "commit"]) == 15
    assert not [c for c in legal if c["type"] == "place_card"]


def test_a_large_hand_places_its_commitment_card_by_card():
    """Eight different cards: one `place_card` per card instead of 255 `commit`s; once placed,
    the hand actions before combat are over, and `commit` commits exactly the cards placed."""
    state = _wide_duel()
    legal = GAME.legal_commands(state, 0)
    assert "commit" not in _kinds(legal)
    placeable = sorted(c["card"] for c in legal if c["type"] == "place_card")
    assert len(placeable) == 8
    with pytest.raises(IllegalCommand) as refused:
        when(state, 0, {"type": "commit", "cards": ["p0-basic-0"]})
    assert refused.value.key == "commit_placed"
    events, state = when(state, 0, {"type": "place_card", "card": "p0-strength-0"})
    assert of_type(events, "CardPlaced") == [{"seat": 0, "card": "p0-strength-0"}]
    _, state = when(state, 0, {"type": "place_card", "card": upgraded("heavy")})
    legal = GAME.legal_commands(state, 0)
    assert _kinds(legal) == ["commit", "place_card"]   # no play/remove_card any more
    assert [c["cards"] for c in legal if c["type"] == "commit"] == [
        ["p0-strength-0", upgraded("heavy")]]
    assert len([c for c in legal if c["type"] == "place_card"]) == 6
    with pytest.raises(IllegalCommand) as refused:
        when(state, 0, {"type": "place_card", "card": "p0-strength-0"})   # placed already
    assert refused.value.key == "no_card"
    with pytest.raises(IllegalCommand) as refused:
        when(state, 0, {"type": "commit", "cards": ["p0-strength-0"]})
    assert refused.value.key == "commit_placed"
    events, state = when(state, 0, {"type": "commit",
                                    "cards": ["p0-strength-0", upgraded("heavy")]})
    assert of_type(events, "CardsCommitted")[0]["cards"] == ["p0-strength-0", upgraded("heavy")]
    assert state.combat.committed == ("p0-strength-0", upgraded("heavy"))
    assert state.combat.placed == () and state.combat.stage == "replica"
    assert GAME.to_act(state) == (1,)


def test_placing_the_whole_hand_commits_it():
    """The eighth card placed leaves nothing to place: `commit` is the only answer, so it is
    made at once (a choice with a single legal answer is automatic), and so is the defender's
    four of four."""
    state = _wide_duel()
    cards = sorted(choices._placeable(state, 0))
    for cid in cards[:-1]:
        _, state = when(state, 0, {"type": "place_card", "card": cid})
        assert GAME.to_act(state) == (0,)
    events, state = when(state, 0, {"type": "place_card", "card": cards[-1]})
    committed = of_type(events, "CardsCommitted")   # the defender's 4 of 4 is forced too
    assert committed[0]["seat"] == 0 and sorted(committed[0]["cards"]) == cards
    assert of_type(events, "CombatRevealed")[0]["attacker_cards"] == committed[0]["cards"]


def test_a_hand_of_twenty_different_cards_lists_a_few_commands():
    """The hand that froze a match (3 short, +2, seed 5): twenty different cards are
    twenty `place_card`s, not a million sets."""
    keys = sorted({c["key"] for c in UPGRADED_CARDS.values()
                   if c["type"] in ("basic", "fearless", "strength", "slippery")})
    hand = [upgraded(k) for k in keys][:16] + basic_hand(0, *EIGHT) + ["p0-basic-1"]
    state = _fight_starts(_duel(hand, basic_hand(1, *EIGHT)), "p0-basic-1")
    legal = GAME.legal_commands(state, 0)
    assert len([c for c in legal if c["type"] == "place_card"]) == 20
    assert "commit" not in _kinds(legal)


def test_placed_cards_are_hidden_from_the_others():
    """Face down: the other seat and a spectator see how many cards are placed, not which."""
    state = _wide_duel()
    events_a, a = when(state, 0, {"type": "place_card", "card": "p0-strength-0"})
    events_b, b = when(state, 0, {"type": "place_card", "card": "p0-basic-0"})
    for seat in (1, None):
        assert GAME.view(a, seat) == GAME.view(b, seat)
        assert [GAME.redact(e, seat) for e in events_a] == [GAME.redact(e, seat) for e in events_b]
        assert GAME.view(a, seat)["combat"]["placed_count"] == 1
    assert GAME.view(a, 0)["combat"]["placed"] == ["p0-strength-0"]


def test_the_sampler_redraws_placed_cards_from_the_placers_hand():
    """Determinization for the other seat: placed cards are redrawn with the hand they came
    from, and the sample looks the same to that seat."""
    import random
    _, state = when(_wide_duel(), 0, {"type": "place_card", "card": "p0-strength-0"})
    for seed in range(8):
        sample = GAME.sampler(state, 1, random.Random(seed))
        assert GAME.view(sample, 1) == GAME.view(state, 1)
        assert set(sample.combat.placed) <= set(sample.players[0].hand)
        assert len(sample.combat.placed) == 1


def _big_hand(seat=0):
    """28 cards of 20 definitions: the 12 basic cards and 16 upgraded ones."""
    keys = sorted({c["key"] for c in UPGRADED_CARDS.values()
                   if c["type"] in ("basic", "fearless", "strength", "slippery")})
    return ([f"p{seat}-{k}-{n}" for k in EIGHT for n in range(3)]
            + [upgraded(k) for k in keys][:16])


def test_a_large_hand_discards_one_card_at_a_time():
    """Discard after combat from 28 cards: 7 owed (a quarter), millions of sets of 7. One
    card per definition is offered, each discard lowers the debt, and the last one settles it;
    the cards discarded are the player's choice, one by one."""
    state = deal(given_play(2), 0, _big_hand())
    assert combat.winner_discards(28) == 7
    state = given(state, ("ChoiceOwed", {"kind": "discard", "seat": 0, "count": 7}))
    assert choices.count_subsets(state.players[0].hand, {7}) > choices.MOST_LISTED_SETS
    legal = GAME.legal_commands(state, 0)
    assert {len(c["cards"]) for c in legal} == {1} and len(legal) == 20
    with pytest.raises(IllegalCommand) as refused:
        when(state, 0, {"type": "discard", "cards": list(state.players[0].hand[:7])})
    assert refused.value.key == "discard_one"
    chosen = []
    while state.pending:
        cid = sorted(GAME.legal_commands(state, 0), key=lambda c: c["cards"])[0]["cards"][0]
        events, state = when(state, 0, {"type": "discard", "cards": [cid]})
        chosen.append(cid)
        assert of_type(events, "CardsFatigued")[0]["left"] == 7 - len(chosen)
        assert len(chosen) <= 7
    assert len(chosen) == 7 and len(state.players[0].hand) == 21
    assert sorted(state.players[0].discard) == sorted(chosen)


def test_a_discard_logged_before_the_debt_was_counted_reads_as_settled():
    """CardsFatigued 1 -> 2: a logged discard of version 1 was the whole debt (left 0)."""
    from shared.games.exsilium.vocabulary import CARDS_FATIGUED
    assert CARDS_FATIGUED.upcast({"seat": 1, "cards": ["p1-basic-0"]}, 1) == {
        "seat": 1, "cards": ["p1-basic-0"], "left": 0}
