"""`orrery train GAME`: an evaluation learned from bot matches' logs.

    orrery train exordium [-n 400] [--seats greedy:1,greedy:1] [--explore 0.1] [--seed 1]
                          [--holdout 0.25] [--logs DIR] [--out FILE] [--serve] [--jobs 1]

1. Play `-n` bot matches in process (the arena's seats, rotated round the table by match;
   each seat plays a random legal command instead of its bot's in a share `--explore` of its
   moves, so the positions reach beyond the bots' own lines) and keep every match's log: its
   setup events and, for every command, the seat, the command and the events it caused
   (NDJSON, one match a line, in `--logs`: data/train/GAME by default, beside `make run`'s
   data). `--jobs` plays that many matches at once in worker processes: each match is seeded
   by the seed and its index alone, so the logs are the same whatever the number.
2. Replay each log and, at every position where a seat acts, take that seat's view (the
   game's `view`: what that seat could see then, never another seat's hidden cards) and the
   game's feature function on it (services/bot/policies/learned.py: FEATURES), and the same
   for each other seat from its own view; the label is the seat's final result (1 won, 0
   lost, a draw half of each).
3. Fit a logistic model (scikit-learn: standardized features, L2) on the matches before the
   held-out ones, and check it on the last `--holdout` share of the matches, by log loss
   against the hand-written heuristic squashed as the bots squash it
   (policies/evaluation.py: the game's scale).
4. Write the model file (`--out`; the game's `data/evaluation.json` by default) with the
   commit, seeds, sizes and figures. Bots judge with it only where the file says `"serve":
   true` (`--serve`), which is set once an arena run measured the bot stronger with it.

Iterating: `--seats mcts:2,mcts:2` (or any bots) trains on the games of the bots as they now
play, the model in use included. Training needs scikit-learn (the dev extra); judging with
the model needs only numpy.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

from services.bot import arena, policies
from services.bot.policies import learned
from services.bot.policies.evaluation import rank_rewards, scale_for, squash
from shared.games.registry import get_game

DEFAULT_SEATS = "greedy:1,greedy:1"
EPSILON = 1e-6  # chances are clipped to [EPSILON, 1 - EPSILON] in the log loss


def play_logged(game_name: str, specs: list, index: int, seed: int, explore: float) -> dict:
    """One match, specs rotated by `index` as the arena rotates them, with its log."""
    game = get_game(game_name)
    n = len(specs)
    seat_of = [(j + index) % n for j in range(n)]
    spec_at = {seat: j for j, seat in enumerate(seat_of)}
    server = random.Random(f"train:{seed}:{index}:server")
    options = game.spec.resolve_options({})
    setup = list(game.setup(options, n, server))
    state = None
    for event in setup:
        state = game.evolve(state, event)
    commands, ply = [], 0
    while game.outcome(state) is None and game.to_act(state):
        chosen = []
        for seat in game.to_act(state):
            spec = specs[spec_at[seat]]
            rng = random.Random(f"train:{seed}:{index}:{ply}:{seat}")
            if spec.policy == "random" or rng.random() < explore:
                command = rng.choice(game.legal_commands(state, seat))
            else:
                command = policies.choose(game, state, seat, rng, spec.policy, spec.level,
                                          seats=n).command
            chosen.append((seat, command))
        for seat, command in chosen:
            events = list(game.decide(state, seat, command, server))
            for event in events:
                state = game.evolve(state, event)
            commands.append({"seat": seat, "command": command, "events": events})
        ply += 1
    return {"game": game_name, "seed": seed, "index": index, "options": options,
            "seats": [specs[spec_at[s]].label for s in range(n)], "setup": setup,
            "commands": commands, "outcome": game.outcome(state)}


def positions(game, log: dict, every_seat: bool = True):
    """(features, label, heuristic chance) at every command of the log: from the acting
    seat's view, and with `every_seat` from each other seat's own view of the same table
    too (a search judges the tables after its own move, where another seat is to act: a
    model fitted only where the judged seat was to move has never seen them)."""
    names = learned.features_module(game.spec.name)
    labels = rank_rewards(log["outcome"]["ranks"])
    scale = scale_for(game)
    seats = len(labels)
    state = None
    for event in log["setup"]:
        state = game.evolve(state, event)
    out = []
    for entry in log["commands"]:
        acting = entry["seat"]
        judged = [acting] + [s for s in range(seats) if s != acting] if every_seat else [acting]
        for seat in judged:
            out.append((names.features(game.view(state, seat), seat), labels[seat],
                        squash(game.heuristic(state, seat), scale)))
        for event in entry["events"]:
            state = game.evolve(state, event)
    return out


def log_loss(labels, chances) -> float:
    """Mean log loss of `chances` for `labels` in [0, 1] (a draw: half of each)."""
    total = 0.0
    for y, p in zip(labels, chances):
        p = min(1 - EPSILON, max(EPSILON, p))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(labels) if labels else float("nan")


def fit(rows: list, regularization: float = 1.0) -> dict:
    """A logistic model of the label from the features: scikit-learn on standardized
    features, a draw counted as half a win and half a loss (sample weights)."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    x = np.asarray([r[0] for r in rows], dtype=float)
    y = np.asarray([r[1] for r in rows], dtype=float)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    z = (x - mean) / scale
    # Each row once as a win with weight y and once as a loss with weight 1 - y.
    xs = np.vstack([z, z])
    ys = np.concatenate([np.ones(len(y)), np.zeros(len(y))])
    ws = np.concatenate([y, 1 - y])
    keep = ws > 0
    model = LogisticRegression(C=regularization, max_iter=2000)
    model.fit(xs[keep], ys[keep], sample_weight=ws[keep])
    return {"mean": [round(float(v), 6) for v in mean],
            "scale": [round(float(v), 6) for v in scale],
            "coef": [round(float(v), 6) for v in model.coef_[0]],
            "intercept": round(float(model.intercept_[0]), 6)}


def _calibration(rows: list):
    """The heuristic's chance with its squashing refitted on `rows` (a logistic curve of
    the heuristic, two parameters): the baseline a learned model must beat, since the
    heuristic's own scale was chosen for searching, not for predicting."""
    def logit(p):
        p = min(1 - EPSILON, max(EPSILON, p))
        return math.log(p / (1 - p))

    fitted = fit([([logit(r[2])], r[1], r[2]) for r in rows])
    a = fitted["coef"][0] / fitted["scale"][0]
    b = fitted["intercept"] - a * fitted["mean"][0]

    def chance(p):
        x = a * logit(p) + b
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))
    return chance


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], capture_output=True,
                              text=True, check=True,
                              cwd=Path(__file__).resolve().parent).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def train(game_name: str, matches: int, seats: str = DEFAULT_SEATS, seed: int = 1,
          explore: float = 0.1, holdout: float = 0.25, logs=None, out=None,
          serve: bool = False, regularization: float = 1.0, jobs: int = 1) -> dict:
    """Play, log, fit, check and write (see the module docstring); the model file's data."""
    game = get_game(game_name)
    names = learned.features_module(game_name).NAMES  # KeyError: no features for this game
    specs = arena.parse_seats(seats)
    started = time.monotonic()
    if jobs > 1:
        # Matches one at a time a worker, results in index order (the same logs as one job).
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(jobs) as pool:
            played = list(pool.map(play_logged, [game_name] * matches, [specs] * matches,
                                   range(matches), [seed] * matches, [explore] * matches))
    else:
        played = [play_logged(game_name, specs, i, seed, explore) for i in range(matches)]
    play_seconds = time.monotonic() - started
    if logs is not None:
        logs = Path(logs)
        logs.mkdir(parents=True, exist_ok=True)
        with open(logs / f"{game_name}-seed{seed}-n{matches}.ndjson", "w") as f:
            for log in played:
                f.write(json.dumps(log) + "\n")
    held = max(1, int(round(matches * holdout))) if matches > 1 else 0
    train_logs, test_logs = played[:matches - held], played[matches - held:]
    train_rows = [row for log in train_logs for row in positions(game, log)]
    test_rows = [row for log in test_logs for row in positions(game, log)]
    fitted = fit(train_rows, regularization)
    data = {"version": learned.VERSION, "game": game_name, "features": list(names), **fitted,
            "serve": bool(serve)}
    model = learned.Model(game, data)
    import numpy as np
    weights, intercept = model.weights, model.intercept

    def chance(row):
        x = float(weights @ np.asarray(row[0], dtype=float)) + intercept
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))

    calibrated = _calibration(train_rows)

    def figures(rows):
        labels = [r[1] for r in rows]
        return {"positions": len(rows),
                "log_loss_model": round(log_loss(labels, [chance(r) for r in rows]), 4),
                "log_loss_heuristic": round(log_loss(labels, [r[2] for r in rows]), 4),
                "log_loss_heuristic_refitted": round(
                    log_loss(labels, [calibrated(r[2]) for r in rows]), 4),
                "log_loss_even": round(log_loss(labels, [0.5] * len(rows)), 4)}

    data["made"] = {
        "commit": _commit(), "date": datetime.now(timezone.utc).strftime("%Y-%m-%d"),
        "seats": seats, "explore": explore, "seed": seed, "matches": matches,
        "train_matches": [0, matches - held], "held_out_matches": [matches - held, matches],
        "regularization": regularization, "load": round(os.getloadavg()[0], 1),
        "play_seconds": round(play_seconds, 1),
        "train": figures(train_rows), "held_out": figures(test_rows)}
    if out is not False:
        path = learned.model_path(game_name) if out is None else Path(out)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1) + "\n")
        learned._cached.cache_clear()
    return data


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="orrery train",
                                     description="Fit a game's evaluation on bot matches.")
    parser.add_argument("game", choices=sorted(learned.FEATURES))
    parser.add_argument("-n", "--matches", type=int, default=400)
    parser.add_argument("--seats", default=DEFAULT_SEATS,
                        help=f"policy[:level] per seat, as the arena's (default {DEFAULT_SEATS})")
    parser.add_argument("--explore", type=float, default=0.1,
                        help="share of each bot's moves played at random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--holdout", type=float, default=0.25,
                        help="share of the matches (the last ones) kept out of the fit")
    parser.add_argument("--regularization", type=float, default=1.0,
                        help="scikit-learn's C (smaller: more regularized)")
    parser.add_argument("--logs", default=None,
                        help="folder for the match logs (default: data/train/GAME)")
    parser.add_argument("--out", default=None,
                        help="model file to write (default: the game's data/evaluation.json)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="matches played at once, in worker processes")
    parser.add_argument("--serve", action="store_true",
                        help="mark the model as the one the bots judge with")
    return parser


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    logs = args.logs or os.path.join(os.environ.get("ORRERY_DATA_DIR", "data"), "train",
                                     args.game)
    data = train(args.game, args.matches, args.seats, args.seed, args.explore, args.holdout,
                 logs, args.out, args.serve, args.regularization, args.jobs)
    print(json.dumps({"game": args.game, **data["made"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
