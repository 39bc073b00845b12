"""Bot speed per game: mcts iterations per second on one core, and each level's move time.

    python -m bench.bot_speed [--game exordium] [--positions 24] [--seconds 1.0]

Positions are drawn from seeded random playouts across the whole game. Goals: >= 10,000
iterations/s per core in Exordium; p95 move time at level 2 <= 1 s and at level 3 <= 6 s in
every game (the policy's own time: choosing on a replayed state; replay and bus submission
are measured by bench.bot_latency). Each level's budget is iterations with a wall-clock cap
(services/bot/policies), so the figures also say how many iterations a move reached: on a
busy machine the cap, not the iterations, ends a level-2 move, and the bot is weaker.
Where a game's level runs another search (Exsilium's and Nexum's turn rollout) its row gives
heuristic evaluations per move (Exordium's minimax counts its budget in them too, as
iterations); the iterations-per-second row is mcts's own.
`BENCH_BOT_SPEED_POSITIONS` sets the positions per game (default 24).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time

from bench.common import ANSWER_GOALS
from services.bot import policies
from services.bot.policies.base import apply_command
from shared.games.bot_levels import LEVELS
from shared.games.registry import get_game

GAMES = ("exordium", "exsilium")


def positions(game, count: int, seed: int = 7) -> list:
    """(state, seat) pairs from random playouts, spread over the game's length."""
    rng, out = random.Random(seed), []
    while len(out) < count:
        state = None
        for event in game.setup(game.spec.resolve_options({}), 2, rng):
            state = game.evolve(state, event)
        line = []
        while game.outcome(state) is None and game.to_act(state):
            seat = game.to_act(state)[0]
            line.append((state, seat))
            state = apply_command(game, state, seat,
                                  rng.choice(game.legal_commands(state, seat)), rng)
        line = [p for p in line if len(game.legal_commands(*p)) > 1]
        out += [line[i] for i in range(0, len(line), max(1, len(line) // 4))][:4]
    return out[:count]


def _p95(values):
    """Nearest-rank 95th percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def measure(name: str, count: int, seconds: float) -> None:
    game = get_game(name)
    spots = positions(game, count)
    total_iterations = total_seconds = 0.0
    cpu_started = time.process_time()
    for i, (state, seat) in enumerate(spots):
        # mcts itself, also where the game's levels run another search (Exsilium's).
        choice = policies.choose(game, state, seat, random.Random(i), "mcts", search="mcts",
                                 seconds=seconds, iterations=None)
        total_iterations += choice.iterations
        total_seconds += choice.seconds
    cpu_seconds = time.process_time() - cpu_started
    rate = total_iterations / total_seconds
    # On a shared machine wall clock undercounts a core's speed; the CPU-time rate and the
    # load average say how much (the goal is judged on the wall-clock figure).
    row = {"bench": "bot_speed", "metric": "mcts_iterations_per_second_per_core",
           "game": name, "positions": len(spots), "value": round(rate),
           "per_cpu_second": round(total_iterations / cpu_seconds),
           "load_average_1m": round(os.getloadavg()[0], 2)}
    if name == "exordium":
        row.update(goal=10_000, met=rate >= 10_000)
    print(json.dumps(row), flush=True)
    for level in LEVELS:
        times, iterations = [], []
        for i, (state, seat) in enumerate(spots):
            started = time.perf_counter()
            choice = policies.choose(game, state, seat, random.Random(i), "mcts", level=level)
            times.append(time.perf_counter() - started)
            iterations.append(choice.iterations)
        budget = policies.options_for("mcts", level, name)
        row = {"bench": "bot_speed", "metric": f"mcts_level{level}_move_seconds_p95",
               "game": name, "moves": len(times), "value": round(_p95(times), 4),
               "max": round(max(times), 4), "budget": budget,
               "load_average_1m": round(os.getloadavg()[0], 2)}
        if "iterations" in budget:
            row["moves_reaching_the_iterations"] = sum(n >= budget["iterations"]
                                                       for n in iterations)
        else:  # a search without an iteration budget (the turn rollout) counts its
            # heuristic evaluations
            row["evaluations_per_move"] = round(sum(iterations) / len(iterations))
        goal = ANSWER_GOALS.get(level)
        if goal is not None:
            row.update(goal=goal, met=row["value"] <= goal)
        print(json.dumps(row), flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="bench.bot_speed")
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--positions", type=int,
                        default=int(os.environ.get("BENCH_BOT_SPEED_POSITIONS", "24")))
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args(argv)
    for name in args.game or GAMES:
        measure(name, args.positions, args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
