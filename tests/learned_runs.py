"""Learned-evaluation test helpers: a table reached by random play, and a tiny `orrery train`
run (three random matches, the model written to a temporary file, never the game's own, and
read back)."""
from __future__ import annotations

import json
import random

from services.bot import train
from services.bot.policies import learned
from services.bot.policies.base import apply_command
from shared.games.registry import get_game


def tiny_training_run(game_name: str, tmp_path, names) -> tuple:
    """(model, logs) of a 3-match `random,random` run of `game_name`, checked: its logs,
    its split (2 matches fitted, 1 held out), its figures, and the file read back as the
    model of `names`, not served."""
    out = tmp_path / "evaluation.json"
    data = train.train(game_name, 3, seats="random,random", seed=5, holdout=0.34,
                       logs=tmp_path / "logs", out=out)
    (log_file,) = (tmp_path / "logs").iterdir()
    logs = [json.loads(line) for line in log_file.read_text().splitlines()]
    assert [log["index"] for log in logs] == [0, 1, 2]
    assert all(log["outcome"]["ranks"] for log in logs)
    made = data["made"]
    assert made["train_matches"] == [0, 2] and made["held_out_matches"] == [2, 3]
    for part in ("train", "held_out"):
        figures = made[part]
        assert figures["positions"] > 0 and figures["log_loss_model"] > 0
        assert 0 < figures["log_loss_heuristic_refitted"] < 5
    model = learned.load(get_game(game_name), out)
    assert model is not None and model.data == json.loads(out.read_text())
    assert model.names == tuple(names) and not model.data["serve"]
    return model, logs


def random_midgame(game_name: str, seed: int, plies: int):
    """(game, table) after `plies` random commands from a two-seat setup drawn from `seed`."""
    game = get_game(game_name)
    rng = random.Random(seed)
    state = None
    for event in game.setup(game.spec.resolve_options({}), 2, rng):
        state = game.evolve(state, event)
    for _ in range(plies):
        seat = game.to_act(state)[0]
        state = apply_command(game, state, seat, rng.choice(game.legal_commands(state, seat)),
                              rng)
    return game, state
