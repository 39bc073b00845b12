"""Secrecy, the long run: tests/contract/secrecy.py's check at every version of whole matches,
for every registered game and seat count, every seat and the spectator (make test checks a
budgeted sample of versions; this checks them all).

`BENCH_SECRECY_MATCHES` whole matches per game and seat count (2 by default: one random, one
seeking the rare rules). Prints one JSON line per game and seat count: versions and positions
checked, problems found (each should be 0; the first few are printed), and the seconds taken.
"""
from __future__ import annotations

import os
import time

from bench.common import emit
from tests.contract import secrecy
from tests.contract.playouts import game_seat_params


def run() -> list:
    matches = int(os.environ.get("BENCH_SECRECY_MATCHES", "2"))
    figures = []
    for name, seats in game_seat_params():
        started, versions, problems = time.perf_counter(), 0, []
        for seed in range(matches):
            chooser, kind = ((secrecy.random_choice, "random") if seed % 2 == 0
                             else (secrecy.novelty, "novel"))
            match = secrecy.match_from_setup(name, seats, seed, chooser, kind)
            versions += len(match.states)
            problems += secrecy.check_match(match)
        figures.append(emit({
            "bench": "secrecy", "game": name, "seats": seats, "matches": matches,
            "versions": versions, "positions": versions * (seats + 1),
            "problems": len(problems), "first_problems": [list(p) for p in problems[:3]],
            "seconds": round(time.perf_counter() - started, 1),
            "load_1min": round(os.getloadavg()[0], 2)}))
    return figures


if __name__ == "__main__":
    run()
