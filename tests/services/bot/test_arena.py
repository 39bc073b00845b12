"""The arena: in-process bot-vs-bot matches, seats alternated, Wilson intervals."""
from __future__ import annotations

import json

import pytest

from services.bot import arena


def test_wilson_interval():
    low, high = arena.wilson(95, 100)
    assert 0.888 < low < 0.889 and 0.978 < high < 0.979
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_seats_are_parsed_and_unknown_policies_refused():
    assert [s.label for s in arena.parse_seats("mcts:2,random")] == ["mcts:2", "random"]
    with pytest.raises(ValueError):
        arena.parse_seats("oracle,random")


def test_a_seat_may_name_its_evaluation():
    specs = arena.parse_seats("greedy:1@learned,mcts:2@heuristic,random")
    assert [s.label for s in specs] == ["greedy:1@learned", "mcts:2@heuristic", "random"]
    assert [s.evaluation for s in specs] == ["learned", "heuristic", None]
    with pytest.raises(ValueError):
        arena.parse_seats("greedy@oracle,random")


def test_each_match_is_told_as_it_ends(tmp_path):
    each = tmp_path / "each.jsonl"
    rows = arena.run("tictactoe", arena.parse_seats("greedy,random"), 3, seed=4, each=each)
    lines = [json.loads(line) for line in each.read_text().splitlines()]
    assert sorted(line["index"] for line in lines) == [0, 1, 2]
    assert all(line["seats"] == ["greedy", "random"] for line in lines)
    assert sum(line["won"][0] for line in lines) == rows[0]["wins"]


def test_seats_alternate_between_matches():
    specs = arena.parse_seats("random,random")
    first = arena.play("tictactoe", specs, 0, 1, {})
    second = arena.play("tictactoe", specs, 1, 1, {})
    # Spec 0 moves first (X) in match 0 and second in match 1.
    assert len(first["moves"][0]) >= len(first["moves"][1])
    assert len(second["moves"][1]) >= len(second["moves"][0])


def test_main_prints_win_rates_with_intervals_and_speed(capsys):
    assert arena.main(["exordium", "--seats", "mcts,random", "-n", "2", "--iterations", "50",
                       "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["seat_spec"] for r in rows] == ["mcts", "random"]
    assert rows[0]["matches"] == 2 and len(rows[0]["win_rate_ci95"]) == 2
    assert rows[0]["iterations_per_second"] > 0 and rows[0]["avg_move_seconds"] > 0


def test_main_refuses_an_unknown_game(capsys):
    assert arena.main(["chess", "--seats", "random,random"]) == 2
