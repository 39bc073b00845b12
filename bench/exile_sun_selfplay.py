"""Exile Sun self-play: how matches end (one of the rulebook's endings, or our 40-cycle safety
limit) and how long they last, for random and greedy seats at every seat count.

    python -m bench.exile_sun_selfplay [-n MATCHES] [--samples S] [--seats 2,3]

One JSON line per (policy, seats). Issue 11's goal: greedy self-play ends by the rulebook's
game-end conditions in at least 95% of matches.
"""
from __future__ import annotations

import argparse
import json
import time

from bench.selfplay import play_out
from shared.games.exile_sun import GAME

BOOK_ENDINGS = ("five_planets", "victory_points", "agenda_deck_empty", "no_fleets")


def play_match(policy: str, seats: int, seed: int, samples: int = 2) -> dict:
    """One match in-process; returns its reason, cycles and commands."""
    state, commands = play_out(GAME, GAME.spec.resolve_options({}), seats, seed, policy,
                               samples)
    return {"reason": GAME.outcome(state)["reason"], "cycles": state.cycle + 1,
            "commands": commands}


def _distribution(values: list) -> dict:
    """min, quartiles, max of sorted `values` (nearest rank)."""
    def at(q):
        return values[min(len(values) - 1, int(q * len(values)))]
    return {"min": values[0], "p25": at(0.25), "median": at(0.5), "p75": at(0.75),
            "max": values[-1]}


def summary(policy: str, seats: int, matches: int, samples: int) -> dict:
    started = time.monotonic()
    played = [play_match(policy, seats, seed, samples) for seed in range(matches)]
    by_reason = {}
    for match in played:
        by_reason[match["reason"]] = by_reason.get(match["reason"], 0) + 1
    book = sum(n for reason, n in by_reason.items() if reason in BOOK_ENDINGS)
    cycles = sorted(m["cycles"] for m in played)
    commands = sorted(m["commands"] for m in played)
    return {"bench": "exile_sun_selfplay", "policy": policy, "seats": seats, "matches": matches,
            "ended_by": by_reason, "book_ending_rate": round(book / matches, 3),
            "mean_cycles": round(sum(m["cycles"] for m in played) / matches, 1),
            "mean_commands": round(sum(m["commands"] for m in played) / matches, 1),
            "cycles_distribution": _distribution(cycles),
            "cycles_histogram": {str(c): cycles.count(c) for c in sorted(set(cycles))},
            "commands_distribution": _distribution(commands),
            "goal_book_ending_rate": 0.95 if policy == "greedy" else None,
            "wall_seconds": round(time.monotonic() - started, 1)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="bench.exile_sun_selfplay")
    parser.add_argument("-n", "--matches", type=int, default=20)
    parser.add_argument("--samples", type=int, default=2)
    parser.add_argument("--seats", default="2,3,4,5,6")
    parser.add_argument("--policies", default="random,greedy")
    args = parser.parse_args(argv)
    for policy in args.policies.split(","):
        for seats in map(int, args.seats.split(",")):
            print(json.dumps(summary(policy, seats, args.matches, args.samples)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
