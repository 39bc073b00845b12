"""Exile Sun's holding agendas (authored cards), Given/When/Then, the book quoted.

Rulebook p15: "When a player completes the objective listed on an Agenda Card he announces
this fact to the other players, shows the card to prove the claim and then advances on the VP
track the number of victory points listed on the card"; p15 also speaks of "Agenda cards that
require a player to hold a planet". Our cards (RULES_NOTES.md, "Agendas (authored) and the
length of a match") ask for more than one capture: Foothold, both planets of another colony's
home system; Expansion, 4 planets; Blockade, 3 fleets in other colonies' home systems.
"""
import random

from shared.games.exile_sun import agendas
from shared.games.exile_sun.board import planets
from shared.games.exile_sun.evolve import evolve
from shared.games.exile_sun.state import replace, with_player
from shared.games.kit import Transaction
from tests.games.exile_sun.tables import first_move_phase, with_fleets


def _cycle_end(state, seat, card):
    """Claim the holding agendas at the cycle's end; the VP `seat` gained with `card`."""
    state = with_player(state, seat, agendas=(card,))
    tx = Transaction(state, random.Random(0), evolve)
    agendas.at_cycle_end(tx)
    return [e["data"]["vp"] for e in tx.events
            if e["type"] == "AgendaCompleted" and e["data"]["card"] == card]


def _holding(state, seat, spaces):
    held = dict(state.planets)
    for space in spaces:
        held[space] = seat
    return replace(state, planets=tuple(sorted(held.items())))


def _foreign_planets(state, seat):
    other = state.players[1 - seat].slot
    return list(planets(len(state.players), other))


def test_foothold_needs_both_planets_of_another_colonys_home_system():
    """Given seat 0 holds one planet of seat 1's home system, then Foothold is not complete;
    when it holds both, then it is, for 1 VP: the two captures have paid a VP each already
    ("Every time a player acquires any planet space from an opponent a public Victory Point
    is awarded", p14) and the card stacks on them ("Try to stack Agenda objectives with
    capturing planets for more points", New players)."""
    state = with_fleets(first_move_phase(2), ("h", 0, "heavy", "x1"), ("e", 1, "heavy", "x2"))
    one, two = _foreign_planets(state, 0)
    assert _cycle_end(_holding(state, 0, [one]), 0, "foothold-1") == []
    assert _cycle_end(_holding(state, 0, [one, two]), 0, "foothold-1") == [1]


def test_expansion_needs_four_planets():
    """Given seat 0 holds its 2 home planets and 1 more (3), then Expansion is not complete;
    with a 4th it is, for 1 VP."""
    state = with_fleets(first_move_phase(2), ("h", 0, "heavy", "x1"), ("e", 1, "heavy", "x2"))
    one, two = _foreign_planets(state, 0)
    assert _cycle_end(_holding(state, 0, [one]), 0, "expansion-1") == []
    assert _cycle_end(_holding(state, 0, [one, two]), 0, "expansion-1") == [1]


def test_rout_the_opposition_needs_planets_of_two_opponents_and_pays_what_expansion_pays():
    """Rout the Opposition is a card the book names, out of two-player games ("Remove these
    Agenda Cards from play: "Aggressive Campaign" (3 cards) "Rout the Opposition" (3 cards)",
    p18); its goal and value are ours. Given 3 seats and seat 0 holding a planet of seat 1's
    home system, then it is not complete; when it also holds one of seat 2's, then it is, for
    1 VP: two captures, as Expansion's 4 planets are, each paid already (p14)."""
    state = with_fleets(first_move_phase(3), ("h", 0, "heavy", "x1"), ("e", 1, "heavy", "x2"),
                        ("f", 2, "heavy", "x3"))
    of_one = planets(3, state.players[1].slot)[0]
    of_two = planets(3, state.players[2].slot)[0]
    assert _cycle_end(_holding(state, 0, [of_one]), 0, "rout_the_opposition-1") == []
    assert _cycle_end(_holding(state, 0, [of_one, of_two]), 0, "rout_the_opposition-1") == [1]


def test_blockade_needs_three_fleets_in_other_home_systems_scouts_and_decoys_not_counted():
    """Given seat 0 has 2 fleets, a Scout group and a Decoy in seat 1's home system, then
    Blockade is not complete; with a 3rd fleet there it is, for 1 VP."""
    table = first_move_phase(2)
    other = f"s{table.players[1].slot}"
    fleets = [("a", 0, "heavy", f"{other}.n1"), ("b", 0, "light", f"{other}.n2"),
              ("s", 0, "scout", f"{other}.t1", 3), ("d", 0, "decoy", f"{other}.t2"),
              ("e", 1, "heavy", "x2")]
    assert _cycle_end(with_fleets(table, *fleets), 0, "blockade-1") == []
    fleets.append(("c", 0, "medium", f"{other}.n3"))
    assert _cycle_end(with_fleets(table, *fleets), 0, "blockade-1") == [1]


def test_agenda_values_follow_the_books_examples_and_agree_with_each_other():
    """The book's only printed Agenda values are 1 VP for "destroying two Frigates" and 1 VP
    for "destroying a Medium Fleet" (p17): destroying one Battleship or a Heavy fleet pays 1
    VP too, and two cards with the same goal pay the same. Only Aggressive Campaign, battles
    won against two different players in one cycle (a card the book names, p18), pays 2."""
    from shared.games.exile_sun.components import AGENDAS
    assert AGENDAS["two_frigates"]["vp"] == AGENDAS["destroy_medium"]["vp"] == 1
    assert AGENDAS["capital_kill"]["vp"] == AGENDAS["destroy_heavy"]["vp"] == 1
    assert {k for k, spec in AGENDAS.items() if spec["vp"] > 1} == {"aggressive_campaign"}
    goals = {}
    for spec in AGENDAS.values():
        goal = (spec["goal"], spec.get("amount"), spec.get("token"), spec.get("class"))
        goals.setdefault(goal, set()).add(spec["vp"])
    assert all(len(values) == 1 for values in goals.values()), goals
