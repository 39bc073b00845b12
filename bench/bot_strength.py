"""Bot strength per game and level: the table behind docs/BOTS.md's figures.

    python -m bench.bot_strength [--game exordium] [-n N] [-j JOBS]

Every pairing is played with seats alternated (services/bot/arena.py) and reported with its
95% Wilson interval; a JSON line per pairing, then the table. Pairings and goals (issue 16):

- mcts level 2 against greedy (>= 70%) and against random (>= 95%);
- each level against the one below (>= 60%): mcts 1 against random, 2 against 1, 3 against 2;
- self-play (greedy and level 2 against themselves): no goal on who wins, but like every
  pairing it counts the matches that reached the game's round limit (`round_limit`), which
  no bot at any level may reach against random play nor against itself.

In Exsilium (two players, scenario "2") a match counts as won only when won by the book's
goal (a seat reaching its Baralytas); a match stopped by the round limit is no win.

Sizes (environment; the defaults are a quick run, the goals' sizes are the full one):
  BENCH_STRENGTH_MATCHES           Exordium matches per pairing (default 40; full: 400)
  BENCH_STRENGTH_EXSILIUM_MATCHES  Exsilium matches per pairing (default 2; full: 100)
  BENCH_STRENGTH_EXILE_SUN_MATCHES Exile Sun matches per pairing (default 2; full: 100)
  BENCH_STRENGTH_NEXUM_MATCHES     Nexum matches per pairing (default 2; full: 100)
  BENCH_STRENGTH_EXSILIUM_LEVELS=1 also level 3 against 2 in Exsilium (by default the
                                   table lists it as not run: its cost a match is unmeasured)
  BENCH_STRENGTH_JOBS              processes (default: the CPU count)
  BENCH_STRENGTH_UNCAPPED=1        mcts levels search all their iterations (their strength
                                   as designed) instead of stopping at their wall-clock cap,
                                   which a busy machine reaches first (as served, the default)
How long: Exordium, mcts:2 against greedy, is about 15 mcts moves of 0.13-0.2 s (idle core)
to 0.8 s (busy machine) a match, 2.7 CPU s in all: 40 matches with -j 2 took 2-4 minutes
here at load 11-26; 400 with 2 processes about 22 minutes at load ~5. A
level-3 pairing is about 17 CPU s a match: 92 matches took 27 minutes with 2 processes at
load ~4, so the quick run's 40 about 12 minutes. An Exsilium match with
mcts:2 against greedy took about 14 minutes at load ~24 (greedy's moves are the slow ones:
p95 6.8 s) and about 6 minutes at load ~8 (12 matches with -j 2: 34 minutes), so 2 matches
take about 6-15 minutes and 200 would take most of a day.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

from services.bot import arena

# (seats, goal, what it measures); the first seat is the one judged.
PAIRINGS = (
    ("mcts:2,greedy", 0.70, "level 2 vs greedy"),
    ("mcts:2,random", 0.95, "level 2 vs random"),
    ("mcts:1,random", 0.60, "level 1 vs random (the level below)"),
    ("mcts:2,mcts:1", 0.60, "level 2 vs level 1"),
    ("mcts:3,mcts:2", 0.60, "level 3 vs level 2"),
    ("greedy,greedy", None, "self-play: greedy (round-limit endings)"),
    ("mcts:2,mcts:2", None, "self-play: level 2 (round-limit endings)"),
)
# Level 3 and level-2 self-play stay opt-in outside Exordium: their matches cost minutes each.
NOT_RUN_ELSEWHERE = ("BENCH_STRENGTH_EXSILIUM_LEVELS=1 plays it in every game (level 3 and "
                     "level-2 self-play: minutes a match)")
GAMES = {
    # game: (matches env, default, full size, the ending a win must have or None)
    "exordium": ("BENCH_STRENGTH_MATCHES", 40, 400, None),
    "exsilium": ("BENCH_STRENGTH_EXSILIUM_MATCHES", 2, 100, "goal"),
    "exile_sun": ("BENCH_STRENGTH_EXILE_SUN_MATCHES", 2, 100, None),
    "nexum": ("BENCH_STRENGTH_NEXUM_MATCHES", 2, 100, None),
}
# The pairings a quick run plays beyond Exordium (the others say how to run them).
QUICK_ELSEWHERE = ("mcts:2,greedy", "mcts:2,random", "mcts:1,random", "mcts:2,mcts:1",
                   "greedy,greedy")


def _matches(game: str) -> int:
    env, default, _, _ = GAMES[game]
    return int(os.environ.get(env, default))


def round_limit(ended_by: dict) -> int:
    """Matches that ended at the game's round limit (no book ending reached)."""
    return sum(n for reason, n in ended_by.items() if "limit" in reason)


def measure(game: str, seats: str, goal, matches: int, jobs: int,
            uncapped: bool = False, seed: int = 1) -> dict:
    """One pairing's figures as a JSON-able row."""
    started = time.monotonic()
    judged, other = arena.run(game, arena.parse_seats(seats), matches, seed=seed, jobs=jobs,
                              uncapped=uncapped)
    needed = GAMES[game][3]
    wins = judged["wins_by"].get(needed, 0) if needed else judged["wins"]
    n = judged["matches"]
    low, high = arena.wilson(wins, n)
    return {
        "bench": "bot_strength", "game": game, "pairing": seats.replace(",", " vs "),
        "levels": "uncapped" if uncapped else "as served", "seed": seed, "matches": n,
        "wins": wins, "win_rate": round(wins / n, 4) if n else 0.0,
        "win_rate_ci95": [round(low, 4), round(high, 4)], "goal": goal,
        "met": n > 0 and (round_limit(judged["ended_by"]) == 0 if goal is None
                          else wins / n >= goal),
        "ci_clears_goal": goal is not None and low >= goal,
        "round_limit": round_limit(judged["ended_by"]),
        "win_counts_only": needed or "any win", "draws": judged["draws"],
        "ended_by": judged["ended_by"], "score": round(judged["score"], 4),
        "p95_move_seconds": round(judged["p95_move_seconds"], 4),
        "iterations_per_move": round(judged["iterations_per_move"]),
        "opponent_iterations_per_move": round(other["iterations_per_move"]),
        "load_average_1m": round(os.getloadavg()[0], 2),
        "opponent_p95_move_seconds": round(other["p95_move_seconds"], 4),
        "chosen_by_kind": judged["chosen_by_kind"], "never_chosen": judged["never_chosen"],
        "wall_seconds": round(time.monotonic() - started, 1)}


def not_run(game: str, seats: str, goal: float, why: str) -> dict:
    """The row of a pairing this run leaves out, so the table still names every pairing."""
    return {"bench": "bot_strength", "game": game, "pairing": seats.replace(",", " vs "),
            "goal": goal, "not_run": why}


def _goal(goal) -> str:
    return "no round limit" if goal is None else f"{goal:.0%}"


def table(rows: list) -> str:
    """The strength table, one line per pairing (a pairing left out says why and how to run
    it)."""
    lines = ["| game | pairing | levels | matches | won | rate [95% CI] | goal | met "
             "| round limit | p95 s/move | iterations/move |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        if "not_run" in r:
            lines.append(f"| {r['game']} | {r['pairing']} | not run: {r['not_run']} | | | | "
                         f"{_goal(r['goal'])} | | | | |")
            continue
        low, high = r["win_rate_ci95"]
        lines.append(f"| {r['game']} | {r['pairing']} | {r['levels']} | {r['matches']} | "
                     f"{r['wins']} | "
                     f"{r['win_rate']:.0%} [{low:.0%}-{high:.0%}] | {_goal(r['goal'])} | "
                     f"{'yes' if r['met'] else 'no'}{' (CI clears)' if r['ci_clears_goal'] else ''}"
                     f" | {r['round_limit']} | {r['p95_move_seconds']:.2f} | "
                     f"{r['iterations_per_move']} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="bench.bot_strength")
    parser.add_argument("--game", action="append", choices=sorted(GAMES),
                        help="a game to measure (repeatable; default: every game)")
    parser.add_argument("-n", "--matches", type=int,
                        help="matches per pairing (default: each game's environment size)")
    parser.add_argument("--pairing", action="append",
                        help="only these seat specs, e.g. mcts:2,greedy (repeatable)")
    parser.add_argument("-j", "--jobs", type=int,
                        default=int(os.environ.get("BENCH_STRENGTH_JOBS", os.cpu_count() or 1)))
    parser.add_argument("--seed", type=int, default=int(os.environ.get("BENCH_STRENGTH_SEED", 1)),
                        help="another seed deals other matches (to add to a run)")
    parser.add_argument("--uncapped", action="store_true",
                        default=os.environ.get("BENCH_STRENGTH_UNCAPPED") == "1")
    args = parser.parse_args(argv)
    rows = []
    for game in args.game or sorted(GAMES):
        matches = args.matches if args.matches is not None else _matches(game)
        for seats, goal, _ in PAIRINGS:
            if args.pairing and seats not in args.pairing:
                continue
            if not args.pairing and game != "exordium" and seats not in QUICK_ELSEWHERE \
                    and os.environ.get("BENCH_STRENGTH_EXSILIUM_LEVELS") != "1":
                rows.append(not_run(game, seats, goal, NOT_RUN_ELSEWHERE))
                print(json.dumps(rows[-1]), flush=True)
                continue
            if matches <= 0:
                rows.append(not_run(game, seats, goal, f"0 matches ({GAMES[game][0]})"))
                print(json.dumps(rows[-1]), flush=True)
                continue
            row = measure(game, seats, goal, matches, args.jobs, args.uncapped, args.seed)
            rows.append(row)
            print(json.dumps(row), flush=True)
    print(table(rows), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
