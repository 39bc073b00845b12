"""The learned evaluation's pipeline at a small size: `orrery train` on a few bot matches,
the model written to a temporary file (never the game's own), and its held-out log loss
against the hand-written heuristic printed as one JSON line a game.

    python -m bench.train [-n 40] [--exsilium-matches 2] [--game exordium] [--game exile_sun]
                          [--game exsilium] [--game nexum]

`make bench` runs it for every game with features (services/bot/policies/learned.py:
FEATURES) at BENCH_TRAIN_MATCHES (40) matches of greedy:1 self-play a game (a tenth of the
moves random): Exordium about 15 s of an idle core, Exile Sun about 65 s (about 1.6 s a
match, four times Exordium's, so one size still keeps each game within two minutes), Nexum
about 26 s (about 0.65 s a match with its AI civilisation, replay and fit included).
Exsilium plays BENCH_TRAIN_EXSILIUM_MATCHES (2) instead: a greedy:1 match there takes about
57 s of CPU (every legal move judged by the heuristic's walks, about 110 commands a match),
so 2 matches (one fitted, one held out) keep it to about 2 minutes of CPU (114 s at seed 1).
The models' own figures (docs/BOTS.md) come from `orrery train GAME -n 600` and more.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from services.bot import train
from services.bot.policies import learned


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.train")
    parser.add_argument("-n", "--matches", type=int, default=40)
    parser.add_argument("--game", action="append", choices=sorted(learned.FEATURES))
    parser.add_argument("--exsilium-matches", type=int, default=2,
                        help="Exsilium's matches in place of -n (its matches are slow)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for game in args.game or sorted(learned.FEATURES):
        matches = args.exsilium_matches if game == "exsilium" else args.matches
        started = time.monotonic()
        with tempfile.TemporaryDirectory() as folder:
            data = train.train(game, matches, seed=args.seed, logs=Path(folder) / "logs",
                               out=Path(folder) / "evaluation.json")
        made = data["made"]
        print(json.dumps({"bench": "train", "game": game, "matches": matches,
                          "seats": made["seats"], "seed": args.seed,
                          "held_out": made["held_out"], "train": made["train"],
                          "load": round(os.getloadavg()[0], 1),
                          "wall_seconds": round(time.monotonic() - started, 1)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
