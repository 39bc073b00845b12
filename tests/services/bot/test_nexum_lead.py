"""Nexum's material counts as a lead that saturates: a seat far ahead in planets, ships and
energy gains almost nothing from more of them, while victory points, relics and a fleet's
readiness to score count in full. Without it a seat that held fifteen planets to its
rival's two kept every ship on a planet of its own (a planet counted a third of a victory
point, however many it held) and against random play with no AI civilisation reached the
round limit in most matches, ahead on points but never at six."""
from __future__ import annotations

from dataclasses import replace

from shared.games.nexum import heuristics
from tests.games.nexum import tables

# Seat 0 far ahead: one ship on each of these planets.
SPREAD = ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "D3"]


def _table(seat0, seat1=(("H1", 8),)):
    """Seat 0's planets and ships, seat 1's (by default one planet of 8, one system from A
    and D: 9 ships win it), and 20 energy each (10 ships' move to the next system)."""
    table = tables.place(tables.clear(tables.start()), *((p, 1, n) for p, n in seat1),
                         *((p, 0, n) for p, n in seat0))
    return replace(table, energy=(20, 20))


def test_far_ahead_a_fleet_gathered_to_strike_scores_above_the_planets_it_left():
    spread = _table([(p, 1) for p in SPREAD])
    # Four ships brought to A1 from four planets it no longer holds.
    gathered = _table([("A1", 5)] + [(p, 1) for p in SPREAD[5:]])
    assert heuristics.readiness(gathered, 0) > heuristics.readiness(spread, 0)
    assert heuristics.evaluate(gathered, 0) > heuristics.evaluate(spread, 0)


def test_level_material_still_counts_in_full():
    """Where neither seat leads, a planet given up for a fleet that cannot win yet still
    costs what it did: the saturation takes nothing from an even game."""
    rival = (("E1", 1), ("E2", 1), ("F1", 1), ("F2", 1), ("G1", 2))
    spread = _table([("A1", 1), ("A2", 1), ("A3", 1), ("B1", 1), ("B2", 2)], rival)
    gathered = _table([("A1", 2), ("A2", 1), ("A3", 1), ("B2", 2)], rival)
    assert heuristics.evaluate(spread, 0) > heuristics.evaluate(gathered, 0)


def test_the_lead_is_odd_and_bounded():
    for x in (0.5, 2.0, 8.0, 40.0):
        assert heuristics.lead(-x) == -heuristics.lead(x)
        assert heuristics.lead(x) < min(x, heuristics.LEAD)
    assert heuristics.lead(0.0) == 0.0
