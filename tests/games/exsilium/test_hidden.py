"""Hidden information (GAMES.md, General rules): for each hidden part, two tables differing only
in it look the same -- views and redacted events -- to every other seat and the spectator."""
from dataclasses import replace

import pytest

from shared.games.exsilium import GAME
from shared.games.exsilium.state import Combat
from tests.games.exsilium.helpers import basic_hand, event, deal, given, given_play, on_board

OTHERS = (1, None)


def _same_to(seats, a, b, events_a=(), events_b=()):
    for seat in seats:
        assert GAME.view(a, seat) == GAME.view(b, seat), seat
        assert GAME.legal_commands(a, seat) == GAME.legal_commands(b, seat)
        assert [GAME.redact(e, seat) for e in events_a] == [GAME.redact(e, seat) for e in events_b]


def _table():
    state = given_play(2)
    return deal(given(state, *on_board(state, 0, 2)), 0,
                basic_hand(0, "basic", "strength") + basic_hand(0, "basic", copy=1))


@pytest.mark.parametrize("face", ["down", "supply"])
def test_a_card_dropped_face_down_or_into_the_supply_is_hidden(face):
    """Cards, Drop card face down / in the supply deck: only the dropper knows the card."""
    state = _table()
    drops = [event("CardDropped", seat=0, card=c, node=3, face=face)
             for c in ("p0-basic-0", "p0-strength-0")]
    a, b = given(state, (drops[0]["type"], drops[0]["data"])), \
        given(state, (drops[1]["type"], drops[1]["data"]))
    _same_to(OTHERS, a, b, [drops[0]], [drops[1]])
    assert GAME.view(a, 0) != GAME.view(b, 0)


def test_the_supply_deck_is_hidden_from_everyone():
    """Supply deck: its cards are face down; a loser's card goes there unseen."""
    state = _table()
    concede = [event("CardConceded", seat=0, card=c, node=None, from_pool=False)
               for c in ("p0-basic-0", "p0-strength-0")]
    owe = ("ChoiceOwed", {"kind": "concede", "seat": 0})
    a = given(state, owe, (concede[0]["type"], concede[0]["data"]))
    b = given(state, owe, (concede[1]["type"], concede[1]["data"]))
    _same_to(OTHERS, a, b, [concede[0]], [concede[1]])
    assert a.supply != b.supply


@pytest.mark.parametrize("stage", ["intimidation", "replica"])
def test_committed_cards_are_hidden_until_revealed(stage):
    """Phases 1 and 2, Intimidation and Replica: cards are placed face down; both sides are
    revealed together (phase 3)."""
    state = given(_table(), *on_board(given_play(2), 1, 3))
    commits = [event("CardsCommitted", seat=0, cards=c, count=1)
               for c in (["p0-basic-0"], ["p0-strength-0"])]
    fight = Combat(kind="player", attacker=0, mini=0, foe=("seat", 1, 0), stage=stage)
    a = replace(state, combat=replace(fight, committed=("p0-basic-0",) if stage == "replica"
                                      else ()))
    b = replace(state, combat=replace(fight, committed=("p0-strength-0",) if stage == "replica"
                                      else ()))
    _same_to((None,) if stage == "intimidation" else OTHERS, a, b, [commits[0]], [commits[1]])
    if stage == "replica":
        assert GAME.view(a, 0)["combat"]["committed"] != GAME.view(b, 0)["combat"]["committed"]


def test_bids_are_secret_until_revealed_together():
    """Setup 3: a closed-hand bet."""
    from tests.games.exsilium.test_setup import _factions
    state, _ = _factions(2)
    bids = [event("BidPlaced", seat=0, amount=n) for n in (1, 3)]
    a = given(state, (bids[0]["type"], bids[0]["data"]))
    b = given(state, (bids[1]["type"], bids[1]["data"]))
    _same_to(OTHERS, a, b, [bids[0]], [bids[1]])


def test_hands_and_draws_are_hidden():
    """Player board 4: cards in hand are the player's own; draws show only their count."""
    state = given_play(2)
    player = state.players[0]
    pool = sorted(player.hand + player.deck)
    other = replace(state, players=(replace(player, hand=tuple(pool[-4:]),
                                            deck=tuple(pool[:-4])), state.players[1]))
    draws = [event("CardsDrawn", seat=0, cards=c, count=1) for c in (["x"], ["y"])]
    _same_to(OTHERS, state, other, [draws[0]], [draws[1]])
    assert GAME.view(state, 0) != GAME.view(other, 0)


def test_the_tile_stack_is_hidden():
    """Setup 6: the tile stack is face down: only its size shows."""
    state = given_play(2)
    other = replace(state, stack=tuple(sorted(state.stack[:-1] + ("A99",))))
    _same_to((0, 1, None), state, other)


def test_sampler_keeps_every_view_of_the_seat_it_samples_for():
    """Determinization: a sample redraws only what the seat cannot see."""
    import random
    state = given(_table(), *on_board(given_play(2), 1, 3))
    state = given(deal(state, 1, basic_hand(1, "basic", "strength")),
                  ("CardDropped", {"seat": 0, "card": "p0-basic-0", "node": 12, "face": "down"}))
    for seed in range(5):
        sample = GAME.sampler(state, 1, random.Random(seed))
        assert GAME.view(sample, 1) == GAME.view(state, 1)
