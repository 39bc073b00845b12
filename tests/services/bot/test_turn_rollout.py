"""The turn rollout (services/bot/policies/turn_rollout.py): it sees a plan of two commands
in one turn that greedy's one ply misses, stays legal and deterministic under a seed, and
plays Exsilium's mcts levels. (Its no-peek test is in test_fairness.py.)"""
from __future__ import annotations

import inspect
import random
from dataclasses import dataclass, replace
from types import SimpleNamespace

import pytest

from services.bot import policies
from services.bot.policies import greedy, turn_rollout
from shared.games import bot_levels
from shared.games.api import IllegalCommand
from shared.games.registry import get_game

from .test_policies import playout_positions


@dataclass(frozen=True)
class _Plan:
    """A toy game: on its turn seat 0 may `grab` one point (ending its turn), or `approach`
    (a step that costs half a point for now) and then `collect` five points or `stop`."""

    scores: tuple = (0.0, 0.0)
    to_move: int = 0
    approached: bool = False


def _legal(state, seat):
    if seat != state.to_move:
        return []
    if state.approached:
        return [{"type": "collect"}, {"type": "stop"}]
    return [{"type": "grab"}, {"type": "approach"}]


def _decide(state, seat, command, rng):
    if command not in _legal(state, seat):
        raise IllegalCommand("not now")
    return [command]


def _evolve(state, event):
    kind, seat = event["type"], state.to_move
    scores = list(state.scores)
    if kind == "approach":
        return replace(state, approached=True)
    scores[seat] += {"grab": 1.0, "collect": 5.0, "stop": 0.0}[kind]
    return _Plan(tuple(scores), 1 - seat, False)


def _heuristic(state, seat):
    penalty = 0.5 if state.approached and state.to_move == seat else 0.0
    return state.scores[seat] - state.scores[1 - seat] - penalty


PLAN = SimpleNamespace(
    spec=SimpleNamespace(name="plan"), legal_commands=_legal, decide=_decide, evolve=_evolve,
    # to_act gives a tuple, as the games do (a list here once hid a bug: the rollout compared
    # it with a list and never played a turn on).
    to_act=lambda state: (state.to_move,), outcome=lambda state: None, heuristic=_heuristic,
    sampler=lambda state, seat, rng: state)


def test_greedy_takes_the_one_point_in_one_command():
    assert greedy.choose(PLAN, _Plan(), 0, random.Random(1)).command == {"type": "grab"}


def test_the_rollout_plays_out_the_turn_and_takes_the_plan_worth_five():
    choice = turn_rollout.choose(PLAN, _Plan(), 0, random.Random(1), keep=2, depth=3)
    assert choice.command == {"type": "approach"}


def test_with_no_depth_the_rollout_is_greedy():
    """Depth 0 judges each command where its one ply leaves it: greedy's choice."""
    choice = turn_rollout.choose(PLAN, _Plan(), 0, random.Random(1), keep=2, depth=0)
    assert choice.command == {"type": "grab"}


def test_with_no_depth_the_choice_goes_by_the_ranking_and_the_rollouts_together():
    """At depth 0 a rollout is one more one-ply reward, so the choice pools it with the
    ranking's: a gamble worth less than a sure step on average is chosen only when most of
    the 17 draws favour it (about 3 times in 100), where by the one rollout's draw alone it
    was chosen every other time (Exsilium's level 2 then chose by two draws among ten
    commands, and lost to greedy choosing by eight)."""
    def decide(state, seat, command, rng):
        won = command["type"] == "gamble" and rng.random() < 0.5
        return [{"value": 1.0 if command["type"] == "steady" else 5.0 if won else -5.0}]

    chance = SimpleNamespace(
        spec=SimpleNamespace(name="chance"), to_act=lambda state: (0,),
        legal_commands=lambda state, seat: [{"type": "steady"}, {"type": "gamble"}],
        decide=decide, evolve=lambda state, event: event["value"],
        outcome=lambda state: None, heuristic=lambda state, seat: state or 0.0,
        sampler=lambda state, seat, rng: state)
    gambles = sum(turn_rollout.choose(chance, 0.0, 0, random.Random(seed), samples=16, keep=2,
                                      rollouts=1, depth=0, scale=1.0).command["type"] == "gamble"
                  for seed in range(200))
    assert gambles < 30


def test_a_slip_plays_the_second_best_kept_command_in_its_share_of_moves():
    """Level 1's beginner mistakes: at `slip` 1 every move is the second best of the kept
    commands, at 0.5 about half of them, and at 0 (every other level) none."""
    def picks(slip):
        return [turn_rollout.choose(PLAN, _Plan(), 0, random.Random(i), keep=2, depth=3,
                                    slip=slip).command["type"] for i in range(200)]
    assert set(picks(0.0)) == {"approach"}
    assert set(picks(1.0)) == {"grab"}
    assert 60 < picks(0.5).count("grab") < 140


def test_the_rollout_keeps_only_the_best_ranked_commands():
    """Keeping one command is keeping greedy's best: the plan is never rolled out."""
    choice = turn_rollout.choose(PLAN, _Plan(), 0, random.Random(1), keep=1, depth=3)
    assert choice.command == {"type": "grab"}


def test_a_cap_of_no_time_plays_the_ranking_best():
    choice = turn_rollout.choose(PLAN, _Plan(), 0, random.Random(1), keep=2, depth=3,
                                 seconds=0.0)
    assert choice.command == {"type": "grab"}


def test_the_ranking_stops_at_half_the_cap_after_judging_every_command_on_one_table():
    """The cap bounds the ranking too: a position of hundreds of commands on four guesses took
    seconds past it. Every command is still judged on the first table, and on no other."""
    game = get_game("exsilium")
    state, seat = _exsilium_positions(1)[0]
    commands = len(game.legal_commands(state, seat))
    ticks = iter(range(10 ** 6))
    # Each reading of the clock is a second later: past half a 2 s cap after one reading.
    slow = turn_rollout.choose(game, state, seat, random.Random(1), samples=4, keep=3,
                               rollouts=0, depth=0, seconds=2.0, clock=lambda: next(ticks))
    unhurried = turn_rollout.choose(game, state, seat, random.Random(1), samples=4, keep=3,
                                    rollouts=0, depth=0, seconds=None)
    assert slow.iterations <= commands < unhurried.iterations
    assert slow.command in game.legal_commands(state, seat)


def test_commands_that_tie_are_chosen_between_at_random_as_greedy_does():
    """Equal rewards are a tie, broken at random: taken by rank, the first legal command won
    every tie, and a bot repeated one harmless-looking command for ever (Exile Sun: it
    returned every ship and lost 4 of 6 matches to random play by having no fleet left)."""
    tie = SimpleNamespace(
        spec=SimpleNamespace(name="tie"), to_act=lambda state: (0,),
        legal_commands=lambda state, seat: [{"type": t} for t in ("wait", "turn", "look")],
        decide=lambda state, seat, command, rng: [command], evolve=lambda state, event: state,
        outcome=lambda state: None, heuristic=lambda state, seat: 0.0,
        sampler=lambda state, seat, rng: state)
    for keep in (3, 1):  # ties in the final choice, and for the places of the `keep` cut
        chosen = {turn_rollout.choose(tie, 0, 0, random.Random(seed), keep=keep, depth=0)
                  .command["type"] for seed in range(20)}
        assert chosen == {"wait", "turn", "look"}, keep


def _exsilium_positions(count: int) -> list:
    game = get_game("exsilium")
    line = [p for p in playout_positions(game, seed=5, every=3)
            if len(game.legal_commands(*p)) > 1]
    return line[::max(1, len(line) // count)][:count]


def test_the_rollout_is_legal_and_deterministic_under_a_seed_in_exsilium():
    game = get_game("exsilium")
    for i, (state, seat) in enumerate(_exsilium_positions(4)):
        picks = [turn_rollout.choose(game, state, seat, random.Random(i), samples=2, keep=3,
                                     rollouts=2, depth=3).command for _ in range(2)]
        assert picks[0] == picks[1] and picks[0] in game.legal_commands(state, seat)


def test_the_rollout_plays_on_past_the_first_command_in_exsilium():
    """In a real game the rollout continues the seat's turn: it judges more tables than the
    ranking and one per kept command (a rollout stopped after the candidate would not)."""
    game = get_game("exsilium")
    rolled_on = 0
    for i, (state, seat) in enumerate(_exsilium_positions(6)):
        commands = game.legal_commands(state, seat)
        choice = turn_rollout.choose(game, state, seat, random.Random(i), samples=1, keep=2,
                                     rollouts=1, depth=3)
        rolled_on += choice.iterations > len(commands) + 2
    assert rolled_on >= 3


def test_each_games_mcts_levels_run_its_search():
    game = get_game("exsilium")
    state, seat = _exsilium_positions(3)[1]
    for level in bot_levels.LEVELS:
        assert policies.options_for("mcts", level, "exsilium")["search"] == "turn_rollout"
    # Exordium's levels 2 and 3 search both seats' commands by minimax; level 1 is mcts.
    assert "search" not in policies.options_for("mcts", 1, "exordium")
    for level in (2, 3):
        assert policies.options_for("mcts", level, "exordium")["search"] == "minimax"
    assert "search" not in policies.options_for("mcts", 2, "exile_sun")
    # Nexum's levels 2 and 3 play the seat's turn out before judging; level 1 is mcts.
    assert "search" not in policies.options_for("mcts", 1, "nexum")
    for level in (2, 3):
        options = policies.options_for("mcts", level, "nexum")
        assert options["search"] == "turn_rollout" and options["depth"] > 0
    served = policies.choose(game, state, seat, random.Random(3), "mcts", 2, seconds=None)
    options = {k: v for k, v in policies.options_for("mcts", 2, "exsilium").items()
               if k != "search"}
    direct = turn_rollout.choose(game, state, seat, random.Random(3), **{**options,
                                                                          "seconds": None})
    assert served.command == direct.command


@pytest.mark.parametrize("game_name", sorted(policies.GAME_LEVELS))
def test_every_game_level_names_a_search_and_only_its_options(game_name):
    """A search ignores options it does not know, so a misspelt one would do nothing."""
    from services.bot.policies.mcts import Settings
    for policy, levels in policies.GAME_LEVELS[game_name].items():
        assert sorted(levels) == list(bot_levels.LEVELS)
        for level, options in levels.items():
            search = options.get("search", policy)
            run = policies.SEARCHES[search]
            known = set(inspect.signature(run).parameters) - {"_options", "options"}
            if search == "mcts":
                known |= set(Settings.__dataclass_fields__)
            assert set(options) - {"search"} <= known, (game_name, policy, level)
