"""bench/bot_strength: every pairing the issue names appears in the table, played or not."""
from __future__ import annotations

import json

from bench import bot_strength


def _run(capsys, argv):
    assert bot_strength.main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [json.loads(line) for line in lines if line.startswith("{")]
    return rows, [line for line in lines if line.startswith("| ")]


def test_the_table_names_every_pairing_of_every_game_even_those_not_run(capsys, monkeypatch):
    monkeypatch.delenv("BENCH_STRENGTH_EXSILIUM_LEVELS", raising=False)
    rows, table = _run(capsys, ["-n", "0", "-j", "1"])
    named = {(r["game"], r["pairing"]) for r in rows}
    for game in bot_strength.GAMES:
        for seats, _, _ in bot_strength.PAIRINGS:
            assert (game, seats.replace(",", " vs ")) in named
    assert all("not_run" in r for r in rows)
    assert len(table) == 1 + len(bot_strength.GAMES) * len(bot_strength.PAIRINGS)
    levels = [r for r in rows if r["game"] == "exsilium" and r["pairing"] == "mcts:3 vs mcts:2"]
    assert "BENCH_STRENGTH_EXSILIUM_LEVELS=1" in levels[0]["not_run"]


def test_a_played_pairing_prints_its_rate_with_an_interval(capsys):
    rows, table = _run(capsys, ["--game", "exordium", "--pairing", "mcts:1,random", "-n", "2",
                                "-j", "1"])
    (row,) = rows
    assert row["matches"] == 2 and 0 <= row["wins"] <= 2
    low, high = row["win_rate_ci95"]
    assert 0.0 <= low <= row["win_rate"] <= high <= 1.0
    assert f"{row['win_rate']:.0%} [{low:.0%}-{high:.0%}]" in table[-1]


def test_round_limit_endings_are_counted_in_every_game_spelling():
    assert bot_strength.round_limit({"goal": 3, "round_limit": 2}) == 2
    assert bot_strength.round_limit({"vp": 4}) == 0
    assert bot_strength.table([{
        "game": "exsilium", "pairing": "greedy vs greedy", "levels": "as served", "matches": 3,
        "wins": 1, "win_rate": 1 / 3, "win_rate_ci95": [0.06, 0.79], "goal": None,
        "met": False, "ci_clears_goal": False, "round_limit": 2, "p95_move_seconds": 0.5,
        "iterations_per_move": 10}]).splitlines()[-1].split(" | ")[6:9] == \
        ["no round limit", "no", "2"]
