"""Exsilium's first-player bid (rulebook, Setup 3: every staked token goes into the pool
unless the bids tie): the heuristic counts a placed bid as staked, so the bots keep the faction
tokens that special actions and upgrades cost instead of bidding them away at random."""
from __future__ import annotations

import random

import pytest

from services.bot import policies
from services.bot.policies.base import apply_command
from shared.games.exsilium import heuristics
from shared.games.registry import get_game


def _bidding(seed: int):
    game = get_game("exsilium")
    rng = random.Random(seed)
    state = None
    for event in game.setup(game.spec.resolve_options({}), 2, rng):
        state = game.evolve(state, event)
    while state.phase != "bid":
        seat = game.to_act(state)[0]
        state = apply_command(game, state, seat, rng.choice(game.legal_commands(state, seat)),
                              rng)
    return game, state, rng


def test_a_placed_bid_is_counted_as_staked():
    game, state, rng = _bidding(0)
    seat = game.to_act(state)[0]
    values = [heuristics.evaluate(apply_command(game, state, seat, {"type": "bid", "amount": n},
                                                rng), seat) for n in range(0, 9, 2)]
    assert values == sorted(values, reverse=True) and values[0] > values[-1] + 1


@pytest.mark.parametrize("policy, level", [("greedy", 1), ("mcts", 1), ("mcts", 2)])
@pytest.mark.parametrize("seed", [0, 1])
def test_the_bots_keep_their_tokens_at_the_bid(policy, level, seed):
    """Before, greedy bid 5 and levels 1 and 2 bid 8 of their 10 tokens here."""
    game, state, _ = _bidding(seed)
    seat = game.to_act(state)[0]
    choice = policies.choose(game, state, seat, random.Random(1), policy, level, seats=2)
    assert choice.command == {"type": "bid", "amount": 0}
