"""Exile Sun's Scout and Shipyard tokens as the book has them, Given/When/Then.

Rulebook p15, Scouts: "Scouts may join only other Scouts to form a new fleet. (If the
appropriate token is available)" and "Up to 5 Scouts can travel in a group and occupy the same
space"; p16, Shipyards: "If attacked, this token is handled as if it were a Heavy fleet (5
ships)" and "Players may also deploy new fleets adjacent to their shipyard token". The book
never has Scouts become a Light, Medium or Heavy token, nor the Shipyard token move or attack:
both are options, off by default (RULES_NOTES.md, Token details).
"""
import pytest

from shared.games.api import IllegalCommand
from shared.games.exile_sun import GAME
from shared.games.exile_sun.state import replace
from tests.games.exile_sun.tables import first_move_phase, play, set_up, with_fleets


def _table(**options):
    state = with_fleets(first_move_phase(2), ("sa", 0, "scout", "s0.n1", 3),
                        ("y", 0, "shipyard", "s0.n3"), ("e", 1, "heavy", "s1.n1"))
    return replace(state, order=(0, 1), turn=0, **options)


def _of(state, kind, fleet):
    return [c for c in GAME.legal_commands(state, 0) if c["type"] == kind
            and c.get("fleet") == fleet]


def test_both_options_are_off_in_a_match_created_without_them():
    state = set_up(2)
    assert (state.scout_fleets, state.shipyard_moves) == (False, False)
    assert (set_up(2, scout_fleets=True, shipyard_moves=True).scout_fleets,
            set_up(2, shipyard_moves=True).shipyard_moves) == (True, True)


def test_three_scouts_stay_a_scout_group_by_default():
    """Given a group of 3 Scouts and a Light token in the supply, in a match without
    scout_fleets, then no `form_fleet` is offered and one sent is refused: Scouts "join only
    other Scouts" (p15)."""
    state = _table()
    assert _of(state, "form_fleet", "sa") == []
    with pytest.raises(IllegalCommand, match="groups"):
        play(state, 0, {"type": "form_fleet", "fleet": "sa", "token": "light"})


def test_the_shipyard_token_neither_moves_nor_attacks_by_default():
    """Given seat 0's Shipyard token on its System, in a match without shipyard_moves, then no
    move or scan of it is offered and a move sent is refused (p16: it is attacked, and fleets
    deploy next to it)."""
    state = _table()
    assert _of(state, "move", "y") == [] and _of(state, "scan", "y") == []
    with pytest.raises(IllegalCommand, match="Shipyard token stays"):
        play(state, 0, {"type": "move", "fleet": "y", "to": "s0.n2"})


def test_with_the_option_the_shipyard_token_moves_as_a_fleet():
    """Given the option shipyard_moves ("Each fleet token may move 4 times", p9, read to
    include the 'Shipyards Fleet Token' of p5), then the Shipyard token moves."""
    state = _table(shipyard_moves=True)
    assert {"type": "move", "fleet": "y", "to": "s0.n2"} in _of(state, "move", "y")
    _, state = play(state, 0, {"type": "move", "fleet": "y", "to": "s0.n2"})
    assert next(f for f in state.fleets if f.id == "y").space == "s0.n2"


# -- p9, Gateways: "The destination Gate itself doesn't cost any moves because it is the same
# space as the origin Gate"; Scanning: "Attempting to scan an adjacent fleet is automatically
# successful. However, attempting to scan farther requires the roll of the die" (2 spaces: 3 or
# higher; 3 spaces: 5 or higher) ------------------------------------------------------------------

def test_a_scan_counts_every_gateway_as_one_space():
    """Given seat 0's fleet next to its System's Gateway and seat 1's fleet next to the other
    System's Gateway, when seat 0 scans it, then the distance is 2 spaces (fleet, the Gateway
    that is "the same space" as every Gateway, fleet), rolled for on 3 or higher."""
    from shared.games.exile_sun.board import distances
    assert distances((2, "deep"), "s0.n3")["s1.n3"] == 2
    assert distances((2, "deep"), "s0.g")["k1.h1"] == 1
    state = with_fleets(first_move_phase(2), ("a", 0, "heavy", "s0.n3"),
                        ("b", 1, "medium", "s1.n3"))
    state = replace(state, order=(0, 1), turn=0)
    assert {"type": "scan", "fleet": "a", "target": "b"} in GAME.legal_commands(state, 0)
    events, _ = play(state, 0, {"type": "scan", "fleet": "a", "target": "b"})
    assert events[0]["data"]["distance"] == 2


# -- p16, Decoys: "Decoy fleets are always removed from the map when successfully scanned or
# attacked by an enemy fleet"; agendas for battles won (p15) --------------------------------------

def test_a_decoy_walked_over_is_no_battle_won_for_the_agendas():
    """Given seat 0 has already beaten seat 1 this cycle in a battle, holding Aggressive
    Campaign ("win battles against two different players in one cycle"), when its fleet
    attacks seat 2's Decoy, then the Decoy is removed, and seat 0 has still beaten one player
    only: the agenda is not complete (a Decoy is "a single Recon Probe", no battle is fought)."""
    import random
    from shared.games.exile_sun import agendas, battle
    from shared.games.exile_sun.evolve import evolve
    from shared.games.exile_sun.state import BATTLE, with_player
    from shared.games.kit import Transaction
    table = first_move_phase(3)
    state = with_fleets(table, ("a", 0, "heavy", "x1"), ("d", 2, "decoy", "x1"),
                        ("h1", 1, "heavy", "s1.n1"), ("h2", 2, "heavy", "s2.n1"))
    state = with_player(state, 0, beaten=(1,), agendas=("aggressive_campaign-1",))
    state = replace(state, phase=BATTLE, order=(0, 1, 2), turn=0, battles=(("a", "d"),))
    tx = Transaction(state, random.Random(0), evolve)
    battle.begin(tx, ("a", "d"), agendas.after_battle)
    events, state = tx.events, tx.state
    assert [e["type"] for e in events if e["type"] in ("DecoyRemoved", "AgendaCompleted")] == [
        "DecoyRemoved"]
    assert state.players[0].beaten == (1,)
