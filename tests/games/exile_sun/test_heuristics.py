"""Exile Sun's heuristic (bots) judges what an allocation buys: a seat's own allocation counts
from the command that makes it, another seat's is never read before the reveal, and cards
past the hand limits count for nothing (the build turn returns them)."""
import random

from services.bot.policies import greedy
from shared.games.exile_sun import GAME, heuristics
from shared.games.exile_sun.budget import compositions
from shared.games.exile_sun.state import ALLOCATE, replace

from .tables import play, set_up


def _first_allocation(seed=0):
    """A real 2-seat table at its first allocation, every seat still to allocate."""
    state, rng = set_up(2, seed), random.Random(seed)
    while state.phase != ALLOCATE:
        seat = rng.choice(list(GAME.to_act(state)))
        _, state = play(state, seat, rng.choice(GAME.legal_commands(state, seat)), rng)
    return state


def _allocated(state, seat, overhead=0, fuel=0, ships=0, tech=0):
    command = {"type": "allocate", "overhead": overhead, "fuel": fuel, "ships": ships,
               "tech": tech}
    return play(state, seat, command)[1]


def _full_hand(state, seat):
    """The table with the seat's hand filled to its limit from its Reserve."""
    p = state.players[seat]
    drawn = (p.reserve.pool + p.reserve.bottom)[:p.hand_limit - len(p.hand)]
    hand = p.hand + drawn
    assert len(hand) == p.hand_limit
    players = tuple(replace(q, hand=hand, reserve=q.reserve.without(drawn)) if q.seat == seat
                    else q for q in state.players)
    return replace(state, players=players)


def test_fuel_counts_from_the_allocation_and_ship_cards_past_the_hand_limit_do_not():
    state = _full_hand(_first_allocation(), 0)
    total = sum(GAME.legal_commands(state, 0)[0][k] for k in ("overhead", "fuel", "ships", "tech"))
    before = heuristics.evaluate(state, 0)
    fuel = heuristics.evaluate(_allocated(state, 0, fuel=total), 0)
    ships = heuristics.evaluate(_allocated(state, 0, ships=total), 0)
    assert fuel > before
    assert ships == before  # a full hand: every card bought goes back at the build turn


def test_another_seats_allocation_is_not_read_before_the_reveal():
    """Tables that differ only in the other seat's secret allocation judge alike for the
    seat (which has not allocated yet: its own allocation would end the step)."""
    state = _first_allocation(1)
    total = sum(GAME.legal_commands(state, 1)[0][k] for k in ("overhead", "fuel", "ships", "tech"))
    judged = {heuristics.evaluate(_allocated(state, 1, *a), 0)
              for a in list(compositions(total))[::7]}
    assert len(judged) == 1


def test_greedy_buys_fleets_with_a_full_hand():
    """Before, every allocation judged alike until its purchases were made, so the bots
    allocated at random: level 2 once bought no fleet for four cycles and lost every fleet
    it had to random play (docs/BOTS.md)."""
    state = _full_hand(_first_allocation(2), 0)
    for seed in range(3):
        command = greedy.choose(GAME, state, 0, random.Random(seed)).command
        assert command["type"] == "allocate" and command["fuel"] >= 2, command
