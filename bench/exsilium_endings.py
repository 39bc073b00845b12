"""How Exsilium matches end in greedy self-play: the book's goal or our round limit.

For every scenario (each at its player count), with and without the +2 option, plays greedy
bots against each other in process and prints, per scenario, the share of matches won by the
book's rule (a seat reaching the Baralytas goal) with a 95% Wilson interval, and the
distribution of match length in rounds and in commands.

    python -m bench.exsilium_endings [matches per scenario, default 20] [jobs] [samples]

`samples` is the greedy bot's number of determinizations per move. The bench plays with 1 by
default (the served greedy bot uses 8; each costs a decide and a fold per legal command, and
Exsilium offers ~100-200 commands a move): the issue's figures were measured so, at 2-25 CPU s
a match; 8 multiplies that by about 8.
"""
from __future__ import annotations

import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor

from services.bot import policies
from services.bot.arena import wilson
from services.bot.policies.base import apply_command
from shared.games.exsilium.components import SCENARIOS
from shared.games.registry import get_game

POLICY = "greedy"
DEFAULT_SAMPLES = 1


def play(scenario: str, plus_two: bool, index: int, samples: int = DEFAULT_SAMPLES) -> dict:
    """One greedy self-play match; how it ended, its rounds and commands, and what was played."""
    game = get_game("exsilium")
    seats = SCENARIOS[scenario]["players"]
    server = random.Random(f"endings:{scenario}:{plus_two}:{index}")
    state = None
    options = game.spec.resolve_options({"scenario": scenario, "plus_two": plus_two})
    for event in game.setup(options, seats, server):
        state = game.evolve(state, event)
    commands, kinds = 0, {}
    while game.outcome(state) is None and game.to_act(state):
        for seat in game.to_act(state):
            rng = random.Random(f"endings:{scenario}:{plus_two}:{index}:{commands}:{seat}")
            command = policies.choose(game, state, seat, rng, POLICY, None, seats=seats,
                                      samples=samples).command
            state = apply_command(game, state, seat, command, server)
            kinds[command["type"]] = kinds.get(command["type"], 0) + 1
            commands += 1
    outcome = game.outcome(state)
    return {"reason": outcome["reason"], "rounds": state.round, "commands": commands,
            "kinds": kinds}


def _quantiles(values):
    ordered = sorted(values)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]
    return {"min": ordered[0], "p50": pick(0.5), "p90": pick(0.9), "max": ordered[-1]}


def summarize(scenario, plus_two, results, samples=DEFAULT_SAMPLES) -> dict:
    n = len(results)
    goal = sum(r["reason"] == "goal" for r in results)
    low, high = wilson(goal, n)
    kinds = {}
    for r in results:
        for k, v in r["kinds"].items():
            kinds[k] = kinds.get(k, 0) + v
    return {"bench": "exsilium_endings", "policy": POLICY, "samples": samples,
            "scenario": scenario,
            "players": SCENARIOS[scenario]["players"], "plus_two": plus_two, "matches": n,
            "won_by_goal": goal, "goal_rate": goal / n, "goal_rate_ci95": [low, high],
            "ended_by": {reason: sum(r["reason"] == reason for r in results)
                         for reason in sorted({r["reason"] for r in results})},
            "rounds": _quantiles([r["rounds"] for r in results]),
            "commands": _quantiles([r["commands"] for r in results]),
            "commands_by_type": dict(sorted(kinds.items()))}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    matches = int(argv[0]) if argv else 20
    jobs = int(argv[1]) if len(argv) > 1 else 2
    samples = int(argv[2]) if len(argv) > 2 else DEFAULT_SAMPLES
    for plus_two in (False, True):
        for scenario in sorted(SCENARIOS):
            args = [(scenario, plus_two, i, samples) for i in range(matches)]
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                results = list(pool.map(play, *zip(*args)))
            print(json.dumps(summarize(scenario, plus_two, results, samples)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
