"""How matches end and how long they run, per game, policy and seat count, in process.

For Exile Sun, Nexum and Exsilium: every seat of a match plays the same policy (random,
greedy or mcts at a level), over a set of seeds printed with the figures. Each line says how
many matches ended by the book's rule and how many by our safety limit (Exile Sun's
`cycle_limit`, Nexum's and Exsilium's `round_limit`), and the distribution of their length in
commands and in the game's own unit (Exile Sun cycles, Nexum and Exsilium rounds).

    python -m bench.match_endings [--games exile_sun,nexum,exsilium] [-n MATCHES]
        [--policies random,greedy:1,mcts:2] [--seats 2,4] [--first-seed 0] [--jobs 1]
        [--each FILE]
    python -m bench.match_endings --summarize FILE

`--each` appends one line per match to FILE as it ends (game, policy, seats, seed, how it
ended, length, commands), so a long line that is stopped still says what it played;
`--summarize` prints the summary lines of such a file, one per game, policy and seat count,
over the matches it holds.

A policy is `name` or `name:level` (services/bot/policies LEVELS: greedy:1 is 2
determinizations a move, mcts:2 is 2,000 iterations capped at 0.8 s a move). Exile Sun also
plays 6 seats. Exsilium's seat count picks its scenario (2 players; 4 players short). mcts:2
is the slow one (up to 0.8 s a command): the full size, 50 matches of each, is hours on two
cores; the size run is printed with every line.
"""
from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor

from services.bot import policies
from services.bot.policies.base import apply_command
from shared.games.registry import get_game

SAFETY_LIMITS = {"exile_sun": "cycle_limit", "nexum": "round_limit", "exsilium": "round_limit"}
UNITS = {"exile_sun": "cycles", "nexum": "rounds", "exsilium": "rounds"}
EXTRA_SEATS = {"exile_sun": (6,)}
EXSILIUM_SCENARIOS = {2: "2", 3: "3_short", 4: "4_short"}
# A match stuck without anyone to act is a bug, not an ending; so is one past this many
# commands (every game's safety limit ends a match long before).
MOST_COMMANDS = 200_000


def parse_policy(text: str) -> tuple:
    name, _, level = text.partition(":")
    return name, (int(level) if level else None)


def options_for(game_name: str, seats: int, seed: int) -> dict:
    if game_name == "exsilium":
        return {"scenario": EXSILIUM_SCENARIOS[seats]}
    if game_name == "nexum":
        return {"sector": ("tabula", "ihx", "limit")[seed % 3]}
    return {}


def length(game_name: str, state) -> int:
    """The match's length in its game's unit (UNITS)."""
    if game_name == "exile_sun":
        return state.cycle + 1
    if game_name == "nexum":
        return state.round - 1 if state.stage == "over" else state.round
    return state.round


def play_match(game_name: str, policy: str, seats: int, seed: int, watch=None) -> tuple:
    """One match, every seat playing `policy`: (final state, commands, stuck). `watch(event,
    state)` sees every game event before it is folded (exile_sun_vp_sources counts points by
    source with it)."""
    game = get_game(game_name)
    name, level = parse_policy(policy)
    server = random.Random(f"endings:{game_name}:{seats}:{seed}")
    bots = random.Random(f"bots:{game_name}:{policy}:{seats}:{seed}")
    options = game.spec.resolve_options(options_for(game_name, seats, seed))
    state = None
    for event in game.setup(options, seats, server):
        state = game.evolve(state, event)
    commands = 0
    while game.outcome(state) is None:
        acting = list(game.to_act(state))
        if not acting or commands >= MOST_COMMANDS:
            return state, commands, True
        seat = bots.choice(acting)
        command = policies.choose(game, state, seat, bots, name, level, seats=seats).command
        if watch is None:
            state = apply_command(game, state, seat, command, server)
        else:
            for event in game.decide(state, seat, command, server):
                watch(event, state)
                state = game.evolve(state, event)
        commands += 1
    return state, commands, False


def play(game_name: str, policy: str, seats: int, seed: int) -> dict:
    """One match: the reason it ended, its length, commands and wall-clock seconds."""
    started = time.monotonic()
    state, commands, stuck = play_match(game_name, policy, seats, seed)
    reason = "stuck" if stuck else get_game(game_name).outcome(state)["reason"]
    return {"reason": reason, "length": length(game_name, state), "commands": commands,
            "seconds": round(time.monotonic() - started, 1)}


def quantiles(values: list) -> dict:
    ordered = sorted(values)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]
    return {"min": ordered[0], "p25": pick(0.25), "median": pick(0.5), "p75": pick(0.75),
            "max": ordered[-1], "mean": round(sum(ordered) / len(ordered), 1)}


def summarize(game_name: str, policy: str, seats: int, seeds: list, results: list,
              seconds: float) -> dict:
    by_reason = {}
    for r in results:
        by_reason[r["reason"]] = by_reason.get(r["reason"], 0) + 1
    limit = SAFETY_LIMITS[game_name]
    safety = by_reason.get(limit, 0)
    stuck = by_reason.get("stuck", 0)
    return {"bench": "match_endings", "game": game_name, "policy": policy, "seats": seats,
            "matches": len(results), "seeds": [seeds[0], seeds[-1]],
            "ended_by": dict(sorted(by_reason.items())),
            "book_rule": len(results) - safety - stuck, "safety_limit": safety,
            "stuck": stuck, UNITS[game_name]: quantiles([r["length"] for r in results]),
            "commands": quantiles([r["commands"] for r in results]),
            "wall_seconds": round(seconds, 1)}


def run(games, policy_names, seat_counts, matches, first_seed, jobs, out=print, each=None):
    """Every line's matches; `each(result)` sees each match's result as it ends."""
    for game_name in games:
        counts = sorted(set(seat_counts) | set(EXTRA_SEATS.get(game_name, ())))
        for policy in policy_names:
            for seats in counts:
                seeds = list(range(first_seed, first_seed + matches))
                started = time.monotonic()
                args = [(game_name, policy, seats, seed) for seed in seeds]
                results = []
                with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else _Here() as pool:
                    for seed, result in zip(seeds, pool.map(play, *zip(*args))):
                        results.append(result)
                        if each is not None:
                            each({"game": game_name, "policy": policy, "seats": seats,
                                  "seed": seed, **result})
                out(json.dumps(summarize(game_name, policy, seats, seeds, results,
                                         time.monotonic() - started)))


class _Here:
    """The matches played in this process, one after another (`--jobs 1`)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def map(self, function, *iterables):
        return map(function, *iterables)


def summaries(lines) -> list:
    """The summary of each (game, policy, seats) in per-match lines written by `--each`
    (their seeds need not run without gaps: the summary gives the first and last)."""
    groups = {}
    for line in lines:
        if line.strip():
            match = json.loads(line)
            groups.setdefault((match["game"], match["policy"], match["seats"]), []).append(match)
    out = []
    for (game_name, policy, seats), matches in groups.items():
        matches.sort(key=lambda m: m["seed"])
        out.append(summarize(game_name, policy, seats, [m["seed"] for m in matches], matches,
                             sum(m.get("seconds", 0) for m in matches)))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="bench.match_endings")
    parser.add_argument("--games", default="exile_sun,nexum,exsilium")
    parser.add_argument("-n", "--matches", type=int, default=50)
    parser.add_argument("--policies", default="random,greedy:1,mcts:2")
    parser.add_argument("--seats", default="2,4")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--each", metavar="FILE", help="append each match's result to FILE")
    parser.add_argument("--summarize", metavar="FILE",
                        help="print the summaries of the matches in FILE (written by --each)")
    args = parser.parse_args(argv)
    if args.summarize:
        with open(args.summarize, encoding="utf-8") as lines:
            for summary in summaries(lines):
                print(json.dumps(summary))
        return 0
    each = None
    if args.each:
        def each(result):
            with open(args.each, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(result) + "\n")
    run(args.games.split(","), args.policies.split(","),
        [int(s) for s in args.seats.split(",")], args.matches, args.first_seed, args.jobs,
        out=lambda line: print(line, flush=True), each=each)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
