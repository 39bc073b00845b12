"""Bot levels rated by play: each level against the one below, per game, and with --write the
results added to shared/games/data/bot_ratings.json and the game's ratings fitted again
(shared/games/level_ratings.py; GET /v1/games serves them, matchmaking picks by them).

    python -m bench.bot_ratings [--game exsilium] [-n 100] [-j 2] [--seed 701] [--write]

Every pairing is an arena run (services/bot/arena.py: seats alternated, 95% Wilson interval,
the seed printed), as served (the levels' wall-clock caps on) unless --uncapped. A match
counts as won only by an ending the game's book has (Exsilium: the Baralytas goal; a match
stopped by the round limit is a draw for both), as bench.bot_strength counts it. One JSON
line per pairing; with --write, each game's results are appended to the file with their
seed and run (matches, load) and its `mu` is refitted from all of them.

Size: the goals are stated at 100 matches a pairing (Exordium 200), hours on two cores
(bench/bot_strength.py gives the cost of a match per game); `make bench` runs it at 2
matches a pairing and does not write.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

from bench.bot_strength import GAMES
from services.bot import arena
from shared.games import level_ratings

# (higher level, lower level): the pairs the fit walks from level 2.
PAIRS = ((2, 1), (3, 2))


def result(game: str, higher: int, lower: int, matches: int, seed: int, jobs: int,
           uncapped: bool = False) -> dict:
    """One head-to-head result of mcts levels `higher` and `lower` in `game`."""
    started = time.monotonic()
    specs = arena.parse_seats(f"mcts:{higher},mcts:{lower}")
    top, bottom = arena.run(game, specs, matches, seed=seed, jobs=jobs, uncapped=uncapped)
    needed = GAMES[game][3]
    wins = top["wins_by"].get(needed, 0) if needed else top["wins"]
    losses = bottom["wins_by"].get(needed, 0) if needed else bottom["wins"]
    n = top["matches"]
    low, high = arena.wilson(wins + 0.5 * (n - wins - losses), n)
    load = os.getloadavg()[0]
    return {"bench": "bot_ratings", "game": game, "higher": higher, "lower": lower,
            "wins": wins, "losses": losses, "draws": n - wins - losses, "seed": seed,
            "score_ci95": [round(low, 4), round(high, 4)], "ended_by": top["ended_by"],
            "run": f"arena {'uncapped' if uncapped else 'as served'}, {n} matches, "
                   f"load {load:.1f}",
            "wall_seconds": round(time.monotonic() - started, 1)}


def merge(data: dict, game: str, results: list) -> dict:
    """`data` (the file's JSON) with `results` added to `game` and its mu fitted again."""
    kept = ("higher", "lower", "wins", "losses", "draws", "seed", "run")
    games = dict(data.get("games", {}))
    entry = dict(games.get(game, {}))
    entry["results"] = list(entry.get("results", [])) + [{k: r[k] for k in kept}
                                                          for r in results]
    entry["mu"] = {str(k): v for k, v in level_ratings.fit(entry["results"]).items()}
    games[game] = {"mu": entry["mu"], "results": entry["results"]}
    return {**data, "games": games}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="bench.bot_ratings")
    parser.add_argument("--game", action="append", choices=sorted(GAMES),
                        help="a game to rate (repeatable; default: every game)")
    parser.add_argument("-n", "--matches", type=int, default=2)
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=701)
    parser.add_argument("--pair", action="append", help="only this pair, e.g. 2:1")
    parser.add_argument("--uncapped", action="store_true")
    parser.add_argument("--write", action="store_true",
                        help="add the results to the ratings file and refit")
    args = parser.parse_args(argv)
    pairs = [tuple(int(x) for x in p.split(":")) for p in args.pair] if args.pair else PAIRS
    data = json.loads(level_ratings.PATH.read_text()) if level_ratings.PATH.exists() \
        else {"games": {}}
    for game in args.game or sorted(GAMES):
        results = []
        for higher, lower in pairs:
            results.append(result(game, higher, lower, args.matches, args.seed, args.jobs,
                                  args.uncapped))
            print(json.dumps(results[-1]), flush=True)
        if args.write:
            data = merge(data, game, results)
            print(json.dumps({"bench": "bot_ratings", "game": game,
                              "mu": data["games"][game]["mu"]}), flush=True)
    if args.write:
        level_ratings.PATH.write_text(json.dumps(data, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
