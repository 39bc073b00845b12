"""Every scenario can be won by the book's rule in every deal (issue: maps that can be won).

Rulebook, Baralytas deck: "8 cards, one card for each crystal deposit. 3 with a value of 1
Baralytas, 3 with a value of 2 Baralytas and finally, 2 with a value of 3 Baralytas."
Setup 4: "Starting tiles not used will go on the tile stack"; Setup 6: "Shuffle the remaining
tiles and prepare a stack". A deal is which tiles the stack gives the face-down positions and
the order of the Baralytas deck; the Baralytas that can come into play are the cards revealed
for the deposits of the tiles in play. This test enumerates every deal exactly — every set of
stack tiles the layout can hold and every distinct order of the deck — and checks that the
goal (Winning: 10 / 8 / 6 for 2 / 3 / 4 players, +2 with the optional rule) is within reach.
"""
from itertools import combinations, permutations

import pytest

from shared.games.exsilium.board import tile_nodes
from shared.games.exsilium.components import (BARALYTAS_DECK, GOALS, SCENARIOS,
                                              STARTING_TILES, TILES)

PLUS_TWO = 2


def deposits(tile):
    return sum(1 for kind in tile_nodes(tile, (0, 0)).values() if kind == "D")


def deck_orders():
    """Every distinct order of the Baralytas deck (8! / (3! 3! 2!) = 560)."""
    return sorted(set(permutations(BARALYTAS_DECK)))


def deals(name):
    """(deposits in play, deck order) for every deal of scenario `name`."""
    layout = SCENARIOS[name]
    used = {tile for tile, _ in layout["starts"]}
    stack = sorted(t for t in TILES if t not in used)
    on_starts = sum(deposits(t) for t in used)
    orders = deck_orders()
    for drawn in combinations(stack, len(layout["facedown"])):
        in_play = on_starts + sum(deposits(t) for t in drawn)
        for order in orders:
            yield in_play, order


def test_the_books_counts_still_hold():
    """12 tiles, A1/A3/A9/A11 starting, 8 deposits, 8 portals, 16 terminals (rulebook, Components)."""
    kinds = [k for t in TILES for k in tile_nodes(t, (0, 0)).values()]
    assert len(TILES) == 12 and STARTING_TILES == ("A1", "A3", "A9", "A11")
    assert (kinds.count("D"), kinds.count("P"), kinds.count("T")) == (8, 8, 16)
    assert sorted(BARALYTAS_DECK) == [1, 1, 1, 2, 2, 2, 3, 3] and sum(BARALYTAS_DECK) == 15
    assert len(SCENARIOS) == 5


def test_starting_tiles_hold_no_deposit():
    """Setup places Baralytas only as tiles are revealed (our reading: starting tiles carry
    none), so every deposit comes from the stack and the enumeration below covers them all."""
    assert all(deposits(t) == 0 for t in STARTING_TILES)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_every_deal_can_reach_the_goal_with_and_without_plus_two(name):
    players = SCENARIOS[name]["players"]
    goal = GOALS[players] + PLUS_TWO
    worst = None
    count = 0
    for in_play, order in deals(name):
        reachable = sum(order[:in_play])
        worst = reachable if worst is None else min(worst, reachable)
        count += 1
    assert count > 0
    assert worst >= goal, f"{name}: a deal brings only {worst} Baralytas into play (goal {goal})"


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_every_face_down_position_can_be_reached(name):
    """The layout is one connected surface: each face-down position borders a tile that can be
    reached from a starting tile, so every deposit of the deal can come into play."""
    layout = SCENARIOS[name]
    cells = {tuple(pos) for _, pos in layout["starts"]} | {tuple(p) for p in layout["facedown"]}
    seen = {tuple(pos) for _, pos in layout["starts"]}
    frontier = list(seen)
    while frontier:
        r, c = frontier.pop()
        for step in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if step in cells and step not in seen:
                seen.add(step)
                frontier.append(step)
    assert seen == cells


def test_the_enumeration_can_fail():
    """The check above is not vacuous: the old 2-player layout (7 face-down positions out of a
    stack of 10) had deals that could not reach 12."""
    stack = sorted(t for t in TILES if t not in ("A1", "A9"))
    worst = min(sum(order[:sum(deposits(t) for t in drawn)])
                for drawn in combinations(stack, 7) for order in deck_orders())
    assert worst < GOALS[2] + PLUS_TWO
