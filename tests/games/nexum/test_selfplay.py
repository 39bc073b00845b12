"""A small version of `make bench`'s Nexum self-play: random seats at every seat count and a
greedy match end, by the book's conditions or the documented safety limit."""
import pytest

from bench import match_endings as endings
from bench.nexum_selfplay import VICTORIES, play_match
from shared.games.registry import get_game


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_random_self_play_ends(seats):
    result = play_match("random", seats, seed=seats)
    assert result["reason"] in VICTORIES + ("round_limit",)
    assert 0 < result["rounds"] <= 30


def test_greedy_self_play_ends_by_a_victory_condition():
    """Seed 0 (Tabula, 2 seats and no AI): greedy seats win by victory points."""
    result = play_match("greedy", 2, seed=0)
    assert result["reason"] in VICTORIES


@pytest.mark.parametrize("seed", [7, 41, 44])
def test_greedy_self_play_beside_an_ai_civilisation_ends_by_the_book(seed):
    """`bench.match_endings` greedy:1 at 2 seats, seeds 7 (IHX) and 41 and 44 (Limit), both
    with an AI civilisation: each seat spent its one energy a round (its Tann planet's
    extraction) on a ship, never kept the 2 a ship's move to the next system costs, piled 25
    ships on its Tann planet and played to the round limit. The energy a move costs is
    worth more than a ship now (nexum/heuristics.py), and the matches end by the book."""
    state, _, stuck = endings.play_match("nexum", "greedy:1", 2, seed)
    assert not stuck
    assert get_game("nexum").outcome(state)["reason"] in VICTORIES
