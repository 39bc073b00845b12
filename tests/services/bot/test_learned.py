"""Evaluations learned from match logs: the training pipeline, the features' secrecy, the
model file, and the bots' fallback to the hand-written heuristic."""
from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from services.bot import policies, train
from services.bot.policies import learned
from shared.games.registry import get_game
from tests.learned_runs import random_midgame

GAME = "exordium"


def _midgame(seed: int = 3, plies: int = 9):
    return random_midgame(GAME, seed, plies)


def test_a_tiny_training_run_writes_a_model_that_round_trips(tmp_path):
    out = tmp_path / "evaluation.json"
    data = train.train(GAME, 4, seats="random,random", seed=5, holdout=0.25,
                       logs=tmp_path / "logs", out=out)
    (log_file,) = (tmp_path / "logs").iterdir()
    logs = [json.loads(line) for line in log_file.read_text().splitlines()]
    assert [log["index"] for log in logs] == [0, 1, 2, 3]
    assert all(log["outcome"]["ranks"] for log in logs)
    made = data["made"]
    assert made["train_matches"] == [0, 3] and made["held_out_matches"] == [3, 4]
    assert made["seed"] == 5 and made["commit"]
    for part in ("train", "held_out"):
        figures = made[part]
        assert figures["positions"] > 0
        assert 0 < figures["log_loss_model"] < 5 and 0 < figures["log_loss_heuristic"]
        assert 0 < figures["log_loss_heuristic_refitted"] < 5
    # The file read back judges as the fitted model did, on every logged position.
    game = get_game(GAME)
    model = learned.load(game, out)
    assert model is not None and model.data == json.loads(out.read_text())
    assert not model.data["serve"]
    rows = train.positions(game, logs[0], every_seat=False)
    labels = [row[1] for row in rows]
    replayed = [model.chance(state, seat) for state, seat in _positions(game, logs[0])]
    assert train.log_loss(labels, replayed) == pytest.approx(
        train.log_loss(labels, [_chance(model, row[0]) for row in rows]))


def _positions(game, log):
    state = None
    for event in log["setup"]:
        state = game.evolve(state, event)
    for entry in log["commands"]:
        yield state, entry["seat"]
        for event in entry["events"]:
            state = game.evolve(state, event)


def _chance(model, features):
    import math
    x = sum(w * f for w, f in zip(model.weights, features)) + model.intercept
    return 1 / (1 + math.exp(-x))


@pytest.mark.parametrize("seat", [0, 1])
def test_features_never_read_what_the_seat_cannot_see(seat):
    """Two tables that differ only in hidden cards (the other seat's deck below its top,
    and the colours of the Terrain cards not yet extracted) give the seat equal features."""
    game, state = _midgame()
    features = learned.features_module(GAME).features
    other = 1 - seat
    deck = state.players[other].deck
    assert len(set(deck[1:])) > 1  # a reorder below the top changes the table
    players = list(state.players)
    players[other] = replace(players[other], deck=deck[:1] + tuple(reversed(deck[1:])))
    changed = replace(state, players=tuple(players))
    redrawn = game.sampler(changed, seat, random.Random(9))
    assert changed != state and redrawn.colours != state.colours
    expected = features(game.view(state, seat), seat)
    assert features(game.view(changed, seat), seat) == expected
    assert features(game.view(redrawn, seat), seat) == expected


def test_no_model_file_means_the_heuristic(tmp_path, monkeypatch):
    game, state = _midgame()
    assert learned.load(game, tmp_path / "missing.json") is None
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"version": learned.VERSION, "game": GAME, "features": ["x"]}))
    assert learned.load(game, wrong) is None
    assert learned.model_for(get_game("tictactoe"), "learned") is None
    monkeypatch.setattr(learned, "_cached", lambda name: None)
    assert learned.model_for(game, None) is None and learned.model_for(game, "learned") is None
    seat = game.to_act(state)[0]
    for policy, options in (("greedy", {"samples": 2}),
                            ("mcts", {"iterations": 60, "seconds": None})):
        heuristic = policies.choose(game, state, seat, random.Random(4), policy,
                                    evaluation="heuristic", **options)
        fallback = policies.choose(game, state, seat, random.Random(4), policy,
                                   evaluation="learned", **options)
        assert fallback.command == heuristic.command


def test_a_model_that_is_not_served_is_read_only_when_asked(tmp_path, monkeypatch):
    """A model file changes the bots only with "serve": true, or when a run names it."""
    game, state = _midgame()
    out = tmp_path / "evaluation.json"
    data = train.train(GAME, 3, seats="random,random", seed=2, holdout=0.34, logs=None, out=out)
    model = learned.load(game, out)
    monkeypatch.setattr(learned, "_cached", lambda name: model)
    assert learned.model_for(game, None) is None
    assert learned.model_for(game, "learned") is model
    assert learned.model_for(game, "heuristic") is None
    served = learned.Model(game, {**data, "serve": True})
    monkeypatch.setattr(learned, "_cached", lambda name: served)
    assert learned.model_for(game, None) is served
    p = served.rewards(state, 2)
    assert p[0] + p[1] == pytest.approx(1.0) and 0 < p[0] < 1


def test_the_shipped_model_is_usable_and_says_how_it_was_made():
    """Exordium's model file matches the features it is read with (a change of features
    needs `orrery train exordium` again) and carries its provenance; it is not served
    (docs/BOTS.md: greedy judging with it lost to greedy with the heuristic)."""
    game = get_game(GAME)
    model = learned.load(game)
    assert model is not None
    made = model.data["made"]
    assert made["commit"] and made["seed"] is not None and made["matches"] > 0
    assert made["held_out"]["log_loss_model"] < made["held_out"]["log_loss_heuristic"]
    assert model.data["serve"] is False
