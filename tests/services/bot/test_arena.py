"""The arena: in-process bot-vs-bot matches, seats alternated, Wilson intervals."""
from __future__ import annotations

import json

import pytest

from services.bot import arena
from shared.games.api import InvalidOptions
from shared.games.registry import get_game


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


def test_a_match_at_a_safety_limit_is_kept_and_replays_to_its_end(tmp_path, monkeypatch):
    """`--keep`: the commands of a match that ended at a safety limit are written, and
    replaying them with the match's seed meets the tables the bots met and ends alike (a
    capped search's choices follow the machine's speed: only the log brings a stall
    back). Tic-tac-toe has no limit, so here its own ending stands for one."""
    monkeypatch.setattr(arena, "SAFETY_LIMITS", ("end",))
    keep = tmp_path / "kept"
    arena.run("tictactoe", arena.parse_seats("greedy,random"), 2, seed=4, keep=str(keep))
    files = sorted(keep.iterdir())
    assert [f.name for f in files] == ["tictactoe-4-0.json", "tictactoe-4-1.json"]
    for path in files:
        data = json.loads(path.read_text())
        played = arena.play("tictactoe", arena.parse_seats("greedy,random"), data["index"],
                            4, {})
        *steps, (final, seat, command) = arena.kept(data)
        assert seat is None and command is None
        assert [[s, c] for _, s, c in steps] == played["commands"]
        assert get_game("tictactoe").outcome(final)["scores"] == \
            [data["scores"][data["seat_of"].index(s)] for s in range(2)]
    monkeypatch.undo()
    arena.run("tictactoe", arena.parse_seats("greedy,random"), 2, seed=4,
              keep=str(tmp_path / "none"))
    assert not (tmp_path / "none").exists()  # ended by the game's rule: nothing kept


def test_keep_lost_keeps_every_match_the_first_spec_did_not_win(tmp_path):
    """`--keep-lost`: a loss (or a draw) of the first spec is kept as a stall is, since a
    capped search would not lose it alike again; a win is not kept."""
    keep = tmp_path / "kept"
    rows = arena.run("tictactoe", arena.parse_seats("random,random"), 8, seed=4,
                     keep=str(keep), keep_lost=True)
    not_won = 8 - rows[0]["wins"]
    assert 0 < not_won < 8
    files = sorted(keep.iterdir())
    assert len(files) == not_won
    for path in files:
        data = json.loads(path.read_text())
        *_, (final, _, _) = arena.kept(data)
        ranks = get_game("tictactoe").outcome(final)["ranks"]
        assert not (ranks[data["seat_of"][0]] == 1 and ranks.count(1) == 1)


def test_game_options_are_read_by_their_kind_and_checked_before_any_match(tmp_path):
    spec = get_game("nexum").spec
    assert arena.parse_options(spec, ["ai=0", "max_rounds=30", "campaign=false"]) == \
        {"ai": "0", "max_rounds": 30, "campaign": False}
    for bad in (["ai"], ["oracle=1"], ["max_rounds=many"], ["campaign=yes"]):
        with pytest.raises(ValueError):
            arena.parse_options(spec, bad)
    each = tmp_path / "each.jsonl"
    with pytest.raises(InvalidOptions, match="ai"):
        arena.run("nexum", arena.parse_seats("random,random"), 1, seed=3, each=each,
                  options={"ai": "7"})
    assert not each.exists()
    assert arena.main(["nexum", "--seats", "random,random", "--option", "ai=7"]) == 2


def test_a_match_is_set_up_with_the_options_given_and_its_line_names_them(tmp_path):
    """Nexum seats one AI civilisation beside two players unless `ai=0`."""
    game = get_game("nexum")
    _, beside_an_ai = arena._set_up(game, 2, 5, 0)
    _, alone = arena._set_up(game, 2, 5, 0, {"ai": "0"})
    assert (beside_an_ai.factions, alone.factions) == (3, 2)
    each = tmp_path / "each.jsonl"
    arena.run("nexum", arena.parse_seats("random,random"), 1, seed=5, each=each,
              options={"ai": "0", "max_rounds": 4})
    line = json.loads(each.read_text())
    assert line["options"] == {"ai": "0", "max_rounds": 4}
    assert line["reason"] in ("round_limit", "victory_points", "relics", "last_standing")


def test_a_run_resumed_plays_only_what_its_file_lacks_and_sums_up_all_of_it(tmp_path):
    """`--resume`: a run stopped midway goes on from its --each file, the matches it holds
    read back, not played again, and the summary is the one a whole run prints."""
    specs = arena.parse_seats("greedy,random")
    whole = arena.run("tictactoe", specs, 4, seed=6, each=tmp_path / "whole.jsonl")
    each = tmp_path / "each.jsonl"
    arena.run("tictactoe", specs, 2, seed=6, each=each)
    with open(each, "a") as f:  # a run killed as it wrote its next line
        f.write('{"game": "tictactoe", "seed": 6, "ind')
    rows = arena.run("tictactoe", specs, 4, seed=6, each=each, resume=True)
    lines = [json.loads(text) for text in each.read_text().splitlines()[:2]
             + each.read_text().splitlines()[3:]]
    assert sorted(line["index"] for line in lines) == [0, 1, 2, 3]  # 2 and 3 played once
    keys = ("matches", "wins", "draws", "score", "moves", "ended_by", "chosen_by_kind")
    assert [{k: r[k] for k in keys} for r in rows] == [{k: r[k] for k in keys} for r in whole]
    # Once complete, the same command plays nothing and says the same again.
    again = arena.run("tictactoe", specs, 4, seed=6, each=each, resume=True)
    assert len(each.read_text().splitlines()) == 5
    assert [{k: r[k] for k in keys} for r in again] == [{k: r[k] for k in keys} for r in rows]
    # Another budget is another run: its matches are played, not read.
    arena.run("tictactoe", specs, 1, seed=6, each=each, resume=True, uncapped=True)
    assert len(each.read_text().splitlines()) == 6


def test_resume_refuses_a_file_that_cannot_say_how_its_matches_went(tmp_path, capsys):
    each = tmp_path / "each.jsonl"
    each.write_text(json.dumps({"game": "tictactoe", "seed": 1, "index": 0, "options": {},
                                "seats": ["random", "random"], "won": [True, False]}) + "\n")
    assert arena.main(["tictactoe", "--seats", "random,random", "-n", "2", "--each",
                       str(each), "--resume"]) == 2
    assert "move times" in capsys.readouterr().err
    assert arena.main(["tictactoe", "--seats", "random,random", "-n", "2", "--resume"]) == 2
    assert "--each" in capsys.readouterr().err
    assert len(each.read_text().splitlines()) == 1  # nothing played
