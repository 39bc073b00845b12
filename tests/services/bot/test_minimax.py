"""The minimax search (services/bot/policies/minimax.py): it sees the other seat's answer
that greedy's one ply misses, ends a capped search on a whole depth, stays legal and
deterministic under a seed, never reads what its seat cannot see, and refuses tables it
was not built for."""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from types import SimpleNamespace

import pytest

from services.bot.policies import greedy, minimax
from services.bot.policies.base import apply_command
from services.bot.policies.evaluation import scale_for, seat_reward
from shared.games.api import IllegalCommand
from shared.games.registry import get_game

from .test_fairness import _twins
from .test_policies import playout_positions


@dataclass(frozen=True)
class _Bait:
    """A toy game of two commands a seat: seat 0 may `take` a point, which lets seat 1
    `punish` it for three, or `wait`; seat 1 answers, then the game is over."""

    scores: tuple = (0, 0)
    to_move: int = 0
    exposed: bool = False
    over: bool = False


def _legal(state, seat):
    if state.over or seat != state.to_move:
        return []
    if seat == 0:
        return [{"type": "take"}, {"type": "wait"}]
    return [{"type": "punish"}, {"type": "pass"}] if state.exposed else [{"type": "pass"}]


def _decide(state, seat, command, rng):
    if command not in _legal(state, seat):
        raise IllegalCommand("not now")
    return [command]


def _evolve(state, event):
    kind = event["type"]
    if kind == "take":
        return replace(state, scores=(1, 0), to_move=1, exposed=True)
    if kind == "wait":
        return replace(state, to_move=1)
    scores = state.scores
    if kind == "punish":
        scores = (scores[0] - 3, scores[1] + 3)
    return replace(state, scores=scores, over=True)


def _outcome(state):
    if not state.over:
        return None
    a, b = state.scores
    return {"ranks": [1, 2] if a > b else [2, 1] if b > a else [1, 1], "scores": [a, b]}


BAIT = SimpleNamespace(
    spec=SimpleNamespace(name="bait"), legal_commands=_legal, decide=_decide, evolve=_evolve,
    to_act=lambda state: () if state.over else (state.to_move,), outcome=_outcome,
    heuristic=lambda state, seat: state.scores[seat] - state.scores[1 - seat],
    sampler=lambda state, seat, rng: state)


def test_greedy_takes_the_bait():
    assert greedy.choose(BAIT, _Bait(), 0, random.Random(1)).command == {"type": "take"}


def test_two_commands_deep_the_answer_is_seen():
    choice = minimax.choose(BAIT, _Bait(), 0, random.Random(1), depth=2)
    assert choice.command == {"type": "wait"}


def test_one_command_deep_it_is_greedy():
    choice = minimax.choose(BAIT, _Bait(), 0, random.Random(1), depth=1)
    assert choice.command == {"type": "take"}


def test_a_budget_spent_inside_a_depth_plays_the_depth_before():
    """The second depth needs more judgements than one: its half-searched answer is not
    used, the first depth's whole one is."""
    choice = minimax.choose(BAIT, _Bait(), 0, random.Random(1), depth=2, iterations=2)
    assert choice.command == {"type": "take"}


def _exordium_positions(count: int) -> list:
    game = get_game("exordium")
    line = [p for p in playout_positions(game, seed=7, every=2)
            if len(game.legal_commands(*p)) > 1]
    return line[::max(1, len(line) // count)][:count]


def test_it_is_legal_and_deterministic_under_a_seed_in_exordium():
    game = get_game("exordium")
    for i, (state, seat) in enumerate(_exordium_positions(4)):
        picks = [minimax.choose(game, state, seat, random.Random(i), deals=2, depth=3)
                 for _ in range(2)]
        assert picks[0].command == picks[1].command
        assert picks[0].command in game.legal_commands(state, seat)
        assert picks[0].iterations > len(game.legal_commands(state, seat))


def _plain(game, table, seat, depth):
    """The seat's value of `table` by plain minimax, every line searched whole."""
    outcome = game.outcome(table)
    if depth == 0 or outcome is not None:
        return seat_reward(game, table, seat, 2, scale_for(game), minimax.MARGIN_WEIGHT)
    mover = game.to_act(table)[0]
    values = [_plain(game, apply_command(game, table, mover, command, random.Random(0)),
                     seat, depth - 1) for command in game.legal_commands(table, mover)]
    return max(values) if mover == seat else min(values)


def test_its_choice_is_the_best_mean_of_values_searched_whole():
    """Cut short, a command's value on a deal is only a bound; the choice is still the
    command whose mean of exact values over the deals is best."""
    game = get_game("exordium")
    line = [p for p in playout_positions(game, seed=9, every=1)
            if len(game.legal_commands(*p)) > 1]
    # Two commands deep at every position of the line (a bound taken for a value chose
    # wrongly at 4 of them), three deep at a few.
    for i, (state, seat) in enumerate(line + line[::15]):
        deals, depth = 4, 2 if i < len(line) else 3
        rng = random.Random(i)
        tables = [game.sampler(state, seat, rng) for _ in range(deals)]  # as choose draws them
        means = {}
        for command in game.legal_commands(state, seat):
            values = [_plain(game, apply_command(game, table, seat, command, random.Random(0)),
                             seat, depth - 1) for table in tables]
            means[repr(command)] = sum(values) / len(values)
        choice = minimax.choose(game, state, seat, random.Random(i), deals=deals, depth=depth)
        assert means[repr(choice.command)] >= max(means.values()) - 1e-9, i


def test_it_chooses_alike_on_tables_its_seat_cannot_tell_apart():
    """Each deal is the sampler's redraw of the seat's view, never the table itself."""
    game = get_game("exordium")
    twins = _twins(game, 3)
    assert len(twins) == 3
    for i, (state, twin, seat) in enumerate(twins):
        mine = minimax.choose(game, state, seat, random.Random(i), deals=2, depth=3)
        theirs = minimax.choose(game, twin, seat, random.Random(i), deals=2, depth=3)
        assert mine.command == theirs.command, i


def test_it_refuses_what_it_cannot_search():
    both = SimpleNamespace(**{**vars(BAIT), "to_act": lambda state: (0, 1)})
    with pytest.raises(ValueError, match="one seat acts at a time"):
        minimax.choose(both, _Bait(), 0, random.Random(1), depth=2)
    with pytest.raises(ValueError, match="two-seat"):
        minimax.choose(BAIT, _Bait(), 0, random.Random(1), seats=3)


def test_a_step_of_two_searches_even_depths_after_the_first():
    assert minimax._depths(6, 2) == [1, 2, 4, 6]
    assert minimax._depths(4, 1) == [1, 2, 3, 4]
    assert minimax._depths(5, 2) == [1, 2, 4]
    choice = minimax.choose(BAIT, _Bait(), 0, random.Random(1), depth=3, step=2)
    assert choice.command == {"type": "wait"}
