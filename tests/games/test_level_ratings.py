"""Bot levels rated by play per game (shared/games/level_ratings.py, data/bot_ratings.json):
the fit, the stored file's agreement with its own results, and the levels matchmaking and
the stand-in pick from them."""
from __future__ import annotations

import pytest

from shared.games import bot_levels, level_ratings
from shared.games.registry import games


def test_the_fit_puts_level_2_at_25_and_each_neighbour_at_its_measured_distance():
    mu = level_ratings.fit([{"higher": 2, "lower": 1, "wins": 130, "losses": 70},
                            {"higher": 3, "lower": 2, "wins": 65, "losses": 54}])
    assert mu[2] == 25.0
    assert mu[1] == pytest.approx(22.73, abs=0.01)  # 65%: 2.27 mu below
    assert mu[3] == pytest.approx(25.68, abs=0.01)  # 55%: 0.68 mu above
    even = level_ratings.fit([{"higher": 2, "lower": 1, "wins": 4, "losses": 4, "draws": 4}])
    assert even == {1: 25.0, 2: 25.0}  # no level 3 measured: none fitted
    worse = level_ratings.fit([{"higher": 2, "lower": 1, "wins": 3, "losses": 9}])
    assert worse[1] > worse[2]  # a level that loses to the one below is rated below it


def test_the_stored_ratings_are_the_fit_of_the_stored_results_of_hosted_games():
    table = level_ratings.table()
    assert table, "the data file lists at least one game"
    for game, entry in table.items():
        assert game in games()
        assert entry["mu"] == level_ratings.fit(entry["results"]), game


def test_a_level_is_picked_by_the_game_ratings_and_the_common_scale_elsewhere(monkeypatch):
    monkeypatch.setattr(level_ratings, "table", lambda: {
        "exordium": {"mu": {1: 10.0, 2: 25.0, 3: 40.0}, "results": []}})
    assert bot_levels.level_near(18.0, "exordium") == 2  # 18 is nearer 25 than 10
    assert bot_levels.level_near(18.0) == 1            # common scale: 22.7 is nearest
    assert bot_levels.level_near(33.0, "exordium") == 3
    assert bot_levels.level_near(33.0, "nexum") == 3   # no ratings: the common scale
    assert [r["rating_mu"] for r in bot_levels.scale("exordium")] == [10.0, 25.0, 40.0]
    assert [r["rating_mu"] for r in bot_levels.scale("nexum")] == \
        [bot_levels.LEVEL_MU[level] for level in bot_levels.LEVELS]


def test_a_ratings_run_adds_its_results_to_its_game_and_refits_only_that_game():
    """bench.bot_ratings --write: results appended with their seed and run, the game's mu the
    fit of all of them, other games as they were."""
    from bench.bot_ratings import merge
    before = {"about": "x", "games": {"exordium": {"mu": {"1": 22.73, "2": 25.0},
                                                    "results": [{"higher": 2, "lower": 1,
                                                                 "wins": 130, "losses": 70}]}}}
    run = {"bench": "bot_ratings", "game": "exsilium", "higher": 2, "lower": 1, "wins": 30,
           "losses": 10, "draws": 0, "seed": 701, "run": "arena as served, 40 matches, load 2"}
    after = merge(before, "exsilium", [run])
    assert after["about"] == "x" and after["games"]["exordium"] == before["games"]["exordium"]
    entry = after["games"]["exsilium"]
    assert entry["results"] == [{k: run[k] for k in ("higher", "lower", "wins", "losses",
                                                      "draws", "seed", "run")}]
    assert entry["mu"] == {str(k): v for k, v in level_ratings.fit(entry["results"]).items()}
    assert entry["mu"]["2"] == 25.0 and entry["mu"]["1"] < 25.0
    again = merge(after, "exsilium", [{**run, "wins": 10, "losses": 30, "seed": 702}])
    assert len(again["games"]["exsilium"]["results"]) == 2
    assert again["games"]["exsilium"]["mu"]["1"] == 25.0  # 40-40 pooled: no gap
