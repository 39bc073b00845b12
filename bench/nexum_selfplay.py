"""Nexum self-play: how matches end (a victory condition or the safety round limit), and how
long they last, for random and greedy seats at every seat count (AI civilisations as the
"auto" option seats them).

    python -m bench.nexum_selfplay [-n MATCHES] [--samples S]

One JSON line per (policy, seats). Issue 12's goal: greedy self-play ends by a victory
condition in at least 95% of matches.
"""
from __future__ import annotations

import argparse
import json
import time

from bench.selfplay import play_out
from shared.games.nexum import GAME

SECTORS = ("tabula", "ihx", "limit")
VICTORIES = ("victory_points", "relics", "last_standing")


def play_match(policy: str, seats: int, seed: int, samples: int = 2) -> dict:
    """One match in-process; returns its reason, rounds and commands."""
    options = GAME.spec.resolve_options({"sector": SECTORS[seed % len(SECTORS)]})
    state, commands = play_out(GAME, options, seats, seed, policy, samples)
    result = GAME.outcome(state)
    return {"reason": result["reason"], "rounds": state.round - 1, "commands": commands,
            "winner_is_ai": result["winner_is_ai"]}


def summary(policy: str, seats: int, matches: int, samples: int) -> dict:
    started = time.monotonic()
    played = [play_match(policy, seats, seed, samples) for seed in range(matches)]
    by_reason = {}
    for match in played:
        by_reason[match["reason"]] = by_reason.get(match["reason"], 0) + 1
    won = sum(n for reason, n in by_reason.items() if reason in VICTORIES)
    return {"bench": "nexum_selfplay", "policy": policy, "seats": seats, "matches": matches,
            "ended_by": by_reason, "victory_rate": round(won / matches, 3),
            "ai_won": sum(m["winner_is_ai"] for m in played),
            "mean_rounds": round(sum(m["rounds"] for m in played) / matches, 1),
            "mean_commands": round(sum(m["commands"] for m in played) / matches, 1),
            "goal_victory_rate": 0.95 if policy == "greedy" else None,
            "wall_seconds": round(time.monotonic() - started, 1)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="bench.nexum_selfplay")
    parser.add_argument("-n", "--matches", type=int, default=20)
    parser.add_argument("--samples", type=int, default=2)
    args = parser.parse_args(argv)
    for policy in ("random", "greedy"):
        for seats in (1, 2, 3, 4):
            print(json.dumps(summary(policy, seats, args.matches, args.samples)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
