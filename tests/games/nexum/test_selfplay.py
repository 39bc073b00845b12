"""A small version of `make bench`'s Nexum self-play: random seats at every seat count and a
greedy match end, by the book's conditions or the documented safety limit."""
import pytest

from bench.nexum_selfplay import VICTORIES, play_match


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_random_self_play_ends(seats):
    result = play_match("random", seats, seed=seats)
    assert result["reason"] in VICTORIES + ("round_limit",)
    assert 0 < result["rounds"] <= 30


def test_greedy_self_play_ends_by_a_victory_condition():
    """Seed 0 (Tabula, 2 seats and no AI): greedy seats win by victory points."""
    result = play_match("greedy", 2, seed=0)
    assert result["reason"] in VICTORIES
