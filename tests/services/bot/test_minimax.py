"""Minimax over sampled tables (services/bot/policies/minimax.py): it sees the opponent's
answer that one ply misses, its cut-offs change no value, it stays legal and deterministic
under a seed, a cap still judges every command on one deal, and a step where seats act at
once is refused. (Its no-peek test is in test_fairness.py.)"""
from __future__ import annotations

import random
from dataclasses import dataclass
from types import SimpleNamespace

import pytest

from services.bot import policies
from services.bot.policies import greedy, minimax
from services.bot.policies.base import apply_command
from shared.games.api import IllegalCommand
from shared.games.registry import get_game

from .test_policies import playout_positions


@dataclass(frozen=True)
class _Bait:
    """A toy game: seat 0 may `grab` 2 points, which opens a `raid` worth 5 to seat 1, or
    `guard` 1 point; seat 1 then `raid`s (when open) or `rests`."""

    scores: tuple = (0, 0)
    to_move: int = 0
    open: bool = False
    moves: int = 0


def _legal(state, seat):
    if seat != state.to_move or state.moves >= 2:
        return []
    if seat == 0:
        return [{"type": "grab"}, {"type": "guard"}]
    return [{"type": "raid"}, {"type": "rest"}] if state.open else [{"type": "rest"}]


def _decide(state, seat, command, rng):
    if command not in _legal(state, seat):
        raise IllegalCommand("not now")
    return [command]


def _evolve(state, event):
    scores, kind = list(state.scores), event["type"]
    scores[state.to_move] += {"grab": 2, "guard": 1, "raid": 5, "rest": 0}[kind]
    return _Bait(tuple(scores), 1 - state.to_move, kind == "grab", state.moves + 1)


def _outcome(state):
    if state.moves < 2:
        return None
    a, b = state.scores
    return {"ranks": [1, 1] if a == b else [1, 2] if a > b else [2, 1], "scores": [a, b]}


BAIT = SimpleNamespace(
    spec=SimpleNamespace(name="bait"), legal_commands=_legal, decide=_decide, evolve=_evolve,
    to_act=lambda state: () if state.moves >= 2 else (state.to_move,), outcome=_outcome,
    heuristic=lambda state, seat: state.scores[seat] - state.scores[1 - seat],
    sampler=lambda state, seat, rng: state)


def test_one_ply_takes_the_bait():
    assert greedy.choose(BAIT, _Bait(), 0, random.Random(1)).command == {"type": "grab"}
    assert minimax.choose(BAIT, _Bait(), 0, random.Random(1), depth=1).command == \
        {"type": "grab"}


def test_two_plies_see_the_raid_and_guard():
    assert minimax.choose(BAIT, _Bait(), 0, random.Random(1), depth=2).command == \
        {"type": "guard"}


def test_seats_acting_at_once_are_refused_with_a_clear_error():
    together = SimpleNamespace(**{**vars(BAIT), "to_act": lambda state: (0, 1)})
    with pytest.raises(minimax.SimultaneousStep, match="act at once"):
        minimax.choose(together, _Bait(), 0, random.Random(1), depth=2)
    with pytest.raises(ValueError, match="depth"):
        minimax.choose(BAIT, _Bait(), 0, random.Random(1), depth=0)


def _exordium_tables(count: int) -> list:
    """(open table, seat) pairs spread over two seeded random playouts, each a choice."""
    game = get_game("exordium")
    line = [p for seed in (3, 4) for p in playout_positions(game, seed, every=2)
            if len(game.legal_commands(*p)) > 1]
    return line[::max(1, len(line) // count)][:count]


def _plain_minimax(search, table, depth, rng):
    """The same value without cut-offs or ordering: every child searched."""
    game = search.game
    if depth == 0 or game.outcome(table) is not None:
        return search.value(table)
    mover = search.mover(table)
    values = [_plain_minimax(search, child, depth - 1, rng)
              for child in search.children(table, mover, rng)]
    if not values:
        return search.value(table)
    return max(values) if mover == search.seat else min(values)


def test_the_cut_offs_change_no_value():
    """Alpha-beta with its ordering gives every Exordium table the value a search of every
    line gives, and judges fewer positions to get it."""
    game = get_game("exordium")
    judged_with, judged_without = 0, 0
    for state, seat in _exordium_tables(6):
        for depth in (2, 3):
            pruned, plain = (minimax._Search(game, seat, 2, 3.0) for _ in range(2))
            got = pruned.search(state, depth, float("-inf"), float("inf"), random.Random(1))
            want = _plain_minimax(plain, state, depth, random.Random(1))
            assert got == pytest.approx(want, abs=1e-12), (seat, depth)
            judged_with += pruned.evaluations
            judged_without += plain.evaluations
    assert judged_with < judged_without


def test_legal_and_deterministic_under_a_seed_in_exordium():
    game = get_game("exordium")
    for i, (state, seat) in enumerate(_exordium_tables(4)):
        picks = [minimax.choose(game, state, seat, random.Random(i), samples=2, depth=3)
                 for _ in range(2)]
        assert picks[0].command == picks[1].command
        assert picks[0].command in game.legal_commands(state, seat)


def test_a_cap_of_no_time_judges_every_command_on_one_deal():
    game = get_game("exordium")
    state, seat = _exordium_tables(3)[1]
    capped = minimax.choose(game, state, seat, random.Random(2), samples=4, depth=2,
                            seconds=0.0)
    one_deal = minimax.choose(game, state, seat, random.Random(2), samples=1, depth=2)
    four_deals = minimax.choose(game, state, seat, random.Random(2), samples=4, depth=2)
    assert capped.iterations == one_deal.iterations < four_deals.iterations
    assert capped.command == one_deal.command


def test_exordium_level_3_runs_minimax_and_plays_what_minimax_plays():
    game = get_game("exordium")
    options = policies.options_for("mcts", 3, "exordium")
    assert options["search"] == "minimax"
    state, seat = _exordium_tables(3)[2]
    served = policies.choose(game, state, seat, random.Random(3), "mcts", 3, seconds=None)
    direct = minimax.choose(game, state, seat, random.Random(3),
                            **{**options, "seconds": None, "search": None})
    assert served.command == direct.command


def test_a_finished_line_is_judged_by_its_result():
    """A lost game ends the line: judged below any undecided table, not played on."""
    game = BAIT
    after_grab = apply_command(game, _Bait(), 0, {"type": "grab"}, random.Random(1))
    search = minimax._Search(game, 0, 2, 3.0)
    raided = search.search(after_grab, 3, float("-inf"), float("inf"), random.Random(1))
    assert raided <= 0.0
