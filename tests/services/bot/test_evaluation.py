"""A decided result is judged outside the range of an undecided position (evaluation.py):
a win always outranks, and a loss always ranks below, whatever the heuristic says. Before,
with a margin weight, a close win was worth less than a big heuristic lead, and the searches
that weigh margins (mcts, the turn rollout: Exsilium's served levels) kept a lead rather
than win the match."""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from services.bot import policies
from services.bot.policies import evaluation, mcts, turn_rollout
from services.bot.policies.base import apply_command
from shared.games.registry import get_game


@pytest.mark.parametrize("scale", [3.0, 20.0])
@pytest.mark.parametrize("weight", [0.05, 0.2, 0.5])
def test_every_win_outranks_every_undecided_position_and_every_loss_ranks_below(scale,
                                                                                  weight):
    undecided_best = evaluation.squash(1e6, scale)
    undecided_worst = evaluation.squash(-1e6, scale)
    for mine, theirs in [(10, 9), (10, 0), (15, 14), (1, 0), (40, 39)]:
        won, lost = evaluation.margin_rewards({"ranks": [1, 2], "scores": [mine, theirs]},
                                              scale, weight)
        assert won >= 1.0 >= undecided_best and lost <= 0.0 <= undecided_worst
    # A bigger win is still a little better (the margin orders wins among wins).
    small = evaluation.margin_rewards({"ranks": [1, 2], "scores": [10, 9]}, scale, weight)
    big = evaluation.margin_rewards({"ranks": [1, 2], "scores": [10, 0]}, scale, weight)
    assert big[0] > small[0] and big[1] < small[1]
    draw = evaluation.margin_rewards({"ranks": [1, 1], "scores": [7, 3]}, scale, weight)
    assert draw[0] > 0.5 > draw[1]


@dataclass(frozen=True)
class _Race:
    """A toy race to 10 points in Exsilium's units (10 a point): the seat at 9 may `finish`
    (one point: the match is won 10-8) or `hoard` (no point, but a position its heuristic
    calls a 7-point lead). The served Exsilium search (turn rollout, margin weight 0.2,
    scale 20) preferred the hoard: 0.8 + 0.2 * squash(2 / 20) = 0.91 for the win against
    squash(70 / 20) = 0.97 for the hoard."""

    points: tuple = (9, 8)
    hoarded: bool = False
    over: bool = False


def _legal(state, seat):
    if state.over or state.hoarded or seat != 0:
        return []  # the hoard ends what the seat can do here (the toy stops there)
    return [{"type": "hoard"}, {"type": "finish"}]


def _evolve(state, event):
    if event["type"] == "finish":
        return replace(state, points=(10, state.points[1]), over=True)
    return replace(state, hoarded=True)


RACE = SimpleNamespace(
    spec=SimpleNamespace(name="race"), legal_commands=_legal,
    decide=lambda state, seat, command, rng: [command], evolve=_evolve,
    to_act=lambda state: () if state.over or state.hoarded else (0,),
    outcome=lambda state: {"ranks": [1, 2], "scores": list(state.points)} if state.over
    else None,
    heuristic=lambda state, seat: (70.0 if state.hoarded else 10.0) * (1 if seat == 0 else -1),
    sampler=None)


@pytest.mark.parametrize("depth", [0, 3])
def test_the_turn_rollout_takes_the_win_over_a_bigger_lead(depth):
    for seed in range(5):
        choice = turn_rollout.choose(RACE, _Race(), 0, random.Random(seed), samples=1,
                                     keep=2, rollouts=1, depth=depth, scale=20.0)
        assert choice.command == {"type": "finish"}, seed


def test_mcts_takes_the_win_over_a_bigger_lead():
    for seed in range(3):
        choice = mcts.choose(RACE, _Race(), 0, random.Random(seed), iterations=50,
                             seconds=None, scale=20.0)
        assert choice.command == {"type": "finish"}, seed


def _replayed(name):
    data = json.loads((Path(__file__).with_name("data") / name).read_text())
    game = get_game("exsilium")
    state = None
    for event in data["events"]:
        state = game.evolve(state, event)
    return game, state, data["bot_seat"]


def test_level_2_takes_the_win_in_reach_in_a_replayed_exsilium_match():
    """Arena match 0 of seed 101, round 16: the level-2 seat leads 9-0 and a move of its
    miniature 0 wins. The turn rollout as served scored that win 0.92 and the commands it
    played instead (access_upgrades, a card swap, moves) 0.994-0.995, and stalled to the
    round limit; it must now take the win."""
    game, state, seat = _replayed("exsilium_win_in_reach.json")
    assert game.to_act(state) == (seat,) and game.outcome(state) is None
    for seed in range(2):
        choice = policies.choose(game, state, seat, random.Random(seed), "mcts", 2, seats=2,
                                 seconds=None)
        after = apply_command(game, state, seat, choice.command, random.Random(0))
        assert (game.outcome(after) or {}).get("winner") == seat, (seed, choice.command)
