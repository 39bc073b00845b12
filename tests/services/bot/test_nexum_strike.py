"""Nexum's readiness to win a battle: a won battle is the one way to victory points, and it
takes one fleet stronger than a defence, so the heuristic counts how near the seat's largest
fleet is to beating the weakest planet another faction holds. Without it a seat spread its
ships one a planet (each planet held scores) and, against a player who kept its ships
together at home, sat one point short of victory until the round limit."""
from __future__ import annotations

import random
from dataclasses import replace

from services.bot.policies.base import apply_command
from shared.games.nexum import board, exotic, heuristics
from shared.games.registry import get_game
from tests.games.nexum import tables


def _spread_or_stacked(fleets, energy: int = 20):
    """Seat 0's `fleets` ((planet, ships) each); seat 1 holds B2 with two ships (defence 2,
    so 3 ships win there), one system from A (2 energy a ship)."""
    table = tables.place(tables.clear(tables.start()), ("B2", 1, 2),
                         *((place, 0, count) for place, count in fleets))
    return replace(table, energy=(energy, energy))


def test_a_fleet_that_beats_a_defence_scores_above_the_same_ships_spread():
    # The same ships, planets and energy, and the same weakest planet (B1, one ship) for
    # seat 1's fleet to aim at: only the fleet that would win a battle differs.
    spread = _spread_or_stacked([("A1", 2), ("A2", 2), ("B1", 1)])
    stacked = _spread_or_stacked([("A1", 3), ("A2", 1), ("B1", 1)])
    assert heuristics.readiness(spread, 0) < heuristics.readiness(stacked, 0) == 1.0
    assert heuristics.evaluate(stacked, 0) > heuristics.evaluate(spread, 0) + 0.5


def test_readiness_grows_with_each_ship_up_to_the_fleet_that_wins():
    values = [heuristics.readiness(_spread_or_stacked([("A1", n)]), 0) for n in range(1, 5)]
    assert values == sorted(values) and values[0] < values[1] < values[2] == values[3] == 1.0


def test_a_fleet_counts_the_ships_its_energy_moves_to_the_planet():
    """A fleet of 3 one system from B2 needs 6 energy to strike; a fleet of 3 two systems
    away (E) cannot reach it without Hyperspace, whatever its energy."""
    assert heuristics.readiness(_spread_or_stacked([("A1", 3)], energy=6), 0) == 1.0
    assert heuristics.readiness(_spread_or_stacked([("A1", 3)], energy=4), 0) == 2 / 3
    assert heuristics.readiness(_spread_or_stacked([("E1", 3)], energy=20), 0) == 0.0


def test_a_bid_not_paid_yet_is_not_energy_for_the_strike():
    table = _spread_or_stacked([("A1", 3)], energy=6)
    assert heuristics.readiness(table, 0, bid=2) == 2 / 3


def test_no_readiness_without_a_planet_that_scores():
    """Battles in an exotic system win no victory point (Asteroids p.10), and an empty planet
    is taken without a battle: neither is a target."""
    alone = tables.place(tables.clear(tables.start()), ("A1", 0, 4))
    assert heuristics.readiness(alone, 0) == 0.0


def test_the_weakest_defences_are_those_of_every_planet_judged():
    """`battle_targets` judges a faction's planets fewest ships first and stops early; over
    random play (2-4 seats, with and without AI civilisations) it finds what judging every
    planet finds."""
    game = get_game("nexum")
    for seats, ai in ((2, "0"), (2, "1"), (3, "auto"), (4, "auto")):
        rng = random.Random(seats)
        state = None
        for event in game.setup(game.spec.resolve_options({"ai": ai}), seats, rng):
            state = game.evolve(state, event)
        for _ in range(400):
            if game.outcome(state) is not None or not game.to_act(state):
                break
            every = {}
            for p, here in state.ships.items():
                if here and board.is_planet(p) and not exotic.is_exotic(board.system_of(p)):
                    holder = next(iter(here))
                    every[holder] = min(every.get(holder, board.defence(state, p)),
                                        board.defence(state, p))
            targets = heuristics.battle_targets(state)
            assert {holder: defence for holder, (defence, _) in targets.items()} == every
            assert all(board.holder(state, planet) == holder
                       and board.defence(state, planet) == defence
                       for holder, (defence, planet) in targets.items())
            seat = game.to_act(state)[0]
            state = apply_command(game, state, seat,
                                  rng.choice(game.legal_commands(state, seat)), rng)
