"""Bot strength on Exordium: mcts level 2 against random and against greedy, seats alternated.

    python -m bench.bot_strength [-n 400] [-j CPUS]

Goals: >= 95% wins against random, >= 70% against greedy. One JSON line per pairing, with
the number of matches actually played (400 at level 2 takes about an hour per pairing on
one core; -n scales it down).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

from services.bot import arena

PAIRINGS = (("mcts:2,random", 0.95), ("mcts:2,greedy", 0.70))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="bench.bot_strength")
    parser.add_argument("-n", "--matches", type=int, default=400)
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--game", default="exordium")
    args = parser.parse_args(argv)
    for seats, goal in PAIRINGS:
        started = time.monotonic()
        mcts, other = arena.run(args.game, arena.parse_seats(seats), args.matches,
                                jobs=args.jobs)
        print(json.dumps({
            "bench": "bot_strength", "game": args.game, "pairing": seats.replace(",", " vs "),
            "matches": mcts["matches"], "wins": mcts["wins"], "draws": mcts["draws"],
            "win_rate": round(mcts["win_rate"], 4),
            "win_rate_ci95": [round(x, 4) for x in mcts["win_rate_ci95"]],
            "score": round(mcts["score"], 4), "goal": goal, "met": mcts["win_rate"] >= goal,
            "mcts_p95_move_seconds": round(mcts["p95_move_seconds"], 4),
            "mcts_iterations_per_second": round(mcts["iterations_per_second"]),
            "wall_seconds": round(time.monotonic() - started, 1)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
