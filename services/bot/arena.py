"""The arena: bot-vs-bot matches played in process (no Redis), with win rates and speed.

    python -m services.bot.arena exordium --seats mcts:2,random -n 200 [-j 2]

Seat specs are `policy[:level]`. Match i rotates the specs round the table by i seats, so
every spec plays every seat equally often. The server part (setup and the chance in
`decide`) draws from its own generator, each bot from one of its own: a bot never sees the
server's or another seat's randomness. Prints each spec's wins with a 95% Wilson interval,
its score (a draw counts half), average and p95 move time, and search iterations per second;
with --json also how the matches ended, each spec's wins by ending, and the kinds of command
(services/bot/coverage.py) each spec was offered and chose. `--keep DIR` writes the commands
of every match that reached a safety limit (a round or cycle limit), so that it can be
replayed position by position (`kept`) though a capped search would not choose alike again;
with `--keep-lost` also every match the first spec did not win (a level 2 that lost to
random play, say). `--each FILE` adds a line to FILE as each match ends, holding all that
the summary reads of it; `--resume` then plays only the matches of the run that FILE does not
hold yet and sums up the whole run (a long run stopped midway goes on where it stopped,
and the same command once it is complete prints its summary again).
`--option NAME=VALUE` sets a game option for every match (Nexum's `ai=0`: two seats and no
AI civilisation; one spec alone with the default `ai`: one seat against an AI).

Time it takes: a match lasts as many moves as the game (Exordium: about 15 a seat), each
taking a level's budget (mcts level 2: 2,000 iterations, about 0.2 s of an idle core, up to
its 0.8 s cap on a busy machine; greedy and random: milliseconds in Exordium). So `-n 200`
of mcts:2 against random in Exordium is about 200 x 15 x 0.2 s = 10 CPU-minutes: about 6
minutes with `-j 2` on two idle cores (20 matches took 134 s at load ~17 here).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from services.bot import coverage, policies
from services.bot.policies.base import apply_command
from services.bot.policies.evaluation import rank_rewards
from shared.games.api import InvalidOptions
from shared.games.registry import get_game

Z95 = 1.959963984540054


@dataclass(frozen=True)
class SeatSpec:
    policy: str
    level: int | None
    evaluation: str | None = None  # "heuristic" or "learned"; None: what the bot serves

    @property
    def label(self) -> str:
        text = self.policy if self.level is None else f"{self.policy}:{self.level}"
        return text if self.evaluation is None else f"{text}@{self.evaluation}"


EVALUATIONS = ("heuristic", "learned")


def parse_seats(text: str) -> list:
    """`mcts:2,random` as seat specs (`mcts:2@learned`: judging with the game's learned
    evaluation, `@heuristic` with the hand-written one; services/bot/policies/learned.py);
    raises ValueError on an unknown policy, level or evaluation."""
    specs = []
    for part in text.split(","):
        part, _, evaluation = part.strip().partition("@")
        policy, _, level = part.partition(":")
        policies.options_for(policy, None)  # raises UnknownPolicy
        if evaluation and evaluation not in EVALUATIONS:
            raise ValueError(f"An evaluation is one of {EVALUATIONS}, not {evaluation!r}.")
        specs.append(SeatSpec(policy, int(level) if level else None, evaluation or None))
    return specs


def parse_options(spec, pairs: list) -> dict:
    """`["ai=0", "max_rounds=30"]` as the options of the game `spec` describes, each value
    read by its option's kind (an int, true or false, else the text); the spec's own check
    (`resolve_options`) says what it refuses."""
    options = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or name not in spec.options:
            raise ValueError(f"An option is NAME=VALUE with a name of {sorted(spec.options)}, "
                             f"not {pair!r}.")
        kind = spec.options[name].kind
        if kind == "int":
            try:
                options[name] = int(text)
            except ValueError:
                raise ValueError(f"Option {name} is an integer, not {text!r}.") from None
        elif kind == "bool":
            if text not in ("true", "false"):
                raise ValueError(f"Option {name} is true or false, not {text!r}.")
            options[name] = text == "true"
        else:
            options[name] = text
    return options


def wilson(successes: float, n: int, z: float = Z95) -> tuple:
    """The Wilson score interval for a proportion (successes may be fractional)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _set_up(game, seats: int, seed: int, index: int, options: dict | None = None):
    """(the server's random stream, the table set up with it) of match `index` of a run,
    with the game's `options` (its defaults for those not given)."""
    server = random.Random(f"arena:{seed}:{index}:server")
    state = None
    for event in game.setup(game.spec.resolve_options(options or {}), seats, server):
        state = game.evolve(state, event)
    return server, state


def play(game_name: str, specs: list, index: int, seed: int, overrides: dict,
         uncapped: bool = False, options: dict | None = None) -> dict:
    """One match with the specs rotated by `index`; each spec's reward, moves and speed.
    `uncapped`: mcts levels search their iterations whatever the wall clock says (their
    strength as designed, on a machine too busy to reach it within the levels' caps).
    `options`: the game's options for the match (Nexum's `ai`, say)."""
    game = get_game(game_name)
    n = len(specs)
    seat_of = [(j + index) % n for j in range(n)]  # spec j sits at seat_of[j]
    spec_at = {seat: j for j, seat in enumerate(seat_of)}
    server, state = _set_up(game, n, seed, index, options)
    moves = [[] for _ in specs]  # (seconds, iterations) per move, by spec
    offered = [Counter() for _ in specs]  # kinds of command legal, counted per move
    picked = [Counter() for _ in specs]
    ply = 0
    played = []  # (seat, command) in the order applied: the match's log, for --keep
    while game.outcome(state) is None and game.to_act(state):
        chosen = []
        for seat in game.to_act(state):  # simultaneous seats all choose from the same table
            j = spec_at[seat]
            spec = specs[j]
            bot_rng = random.Random(f"arena:{seed}:{index}:{ply}:{seat}")
            extra = overrides if spec.policy == "mcts" else {}
            if uncapped and spec.policy == "mcts":
                extra = {**extra, "seconds": None}
            if spec.evaluation is not None and spec.policy != "random":
                extra = {**extra, "evaluation": spec.evaluation}
            started = time.perf_counter()
            choice = policies.choose(game, state, seat, bot_rng, spec.policy, spec.level,
                                     seats=n, **extra)
            moves[j].append((time.perf_counter() - started, choice.iterations))
            offered[j].update(coverage.offered(game_name, state, seat,
                                               game.legal_commands(state, seat)))
            picked[j][coverage.label(game_name, state, seat, choice.command)] += 1
            chosen.append((seat, choice.command))
        for seat, command in chosen:
            state = apply_command(game, state, seat, command, server)
            played.append([seat, command])
        ply += 1
    result = game.outcome(state)
    ranks = result["ranks"]
    rewards = rank_rewards(ranks)
    scores = result.get("scores")
    return {"index": index, "rewards": [rewards[seat_of[j]] for j in range(n)],
            "won": [ranks[seat_of[j]] == 1 and ranks.count(1) == 1 for j in range(n)],
            "reason": str(result.get("reason") or "end"),
            "scores": None if scores is None else [scores[seat_of[j]] for j in range(n)],
            "seat_of": seat_of, "commands": played,
            "moves": moves, "offered": [dict(c) for c in offered],
            "chosen": [dict(c) for c in picked]}


def _percentile(values: list, q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(math.ceil(q * len(ordered))) - 1)]


def summarize(game_name: str, specs: list, results: list) -> list:
    """One summary per spec: wins, score, intervals and speed."""
    n = len(results)
    out = []
    for j, spec in enumerate(specs):
        wins = sum(r["won"][j] for r in results)
        score = sum(r["rewards"][j] for r in results)
        times = [t for r in results for t, _ in r["moves"][j]]
        iterations = sum(i for r in results for _, i in r["moves"][j])
        offered, chosen = Counter(), Counter()
        for r in results:
            offered.update(r["offered"][j])
            chosen.update(r["chosen"][j])
        wins_by = Counter(r["reason"] for r in results if r["won"][j])
        low, high = wilson(wins, n)
        s_low, s_high = wilson(score, n)
        out.append({"game": game_name, "seat_spec": spec.label, "matches": n, "wins": wins,
                    "draws": sum(1 for r in results if r["rewards"][j] == 0.5
                                 and not r["won"][j]),
                    "win_rate": wins / n if n else 0.0, "win_rate_ci95": [low, high],
                    "score": score / n if n else 0.0, "score_ci95": [s_low, s_high],
                    "moves": len(times),
                    "avg_move_seconds": sum(times) / len(times) if times else 0.0,
                    "p95_move_seconds": _percentile(times, 0.95),
                    "iterations_per_second": iterations / sum(times) if sum(times) else 0.0,
                    "iterations_per_move": iterations / len(times) if times else 0.0,
                    "ended_by": dict(sorted(Counter(r["reason"] for r in results).items())),
                    "wins_by": dict(sorted(wins_by.items())),
                    "offered_by_kind": dict(sorted(offered.items())),
                    "chosen_by_kind": dict(sorted(chosen.items())),
                    "never_chosen": sorted(k for k in offered if not chosen[k])})
    return out


def run(game_name: str, specs: list, matches: int, seed: int = 1, jobs: int = 1,
        overrides: dict | None = None, uncapped: bool = False, each=None, keep=None,
        options: dict | None = None, keep_lost: bool = False, resume: bool = False) -> list:
    """Play `matches` matches (in `jobs` processes) and summarize them. `each`: a file
    that gets one JSON line per match as it ends (a long run says how it goes). `keep`: a
    folder that gets the commands of every match ended by a safety limit (`kept`), and with
    `keep_lost` of every match the first spec did not win.
    `options`: the game's options for every match (its defaults for those not given).
    `resume`: the matches of this run that `each` already holds are read from it, not played
    again (`resumed`)."""
    overrides, options = overrides or {}, options or {}
    get_game(game_name).spec.resolve_options(options)  # a bad option fails before any match
    budget = {"overrides": overrides, "uncapped": uncapped}
    done = resumed(each, game_name, specs, seed, options, matches, budget) if resume else {}
    args = [(game_name, specs, i, seed, overrides, uncapped, options)
            for i in range(matches) if i not in done]

    def told(result):
        return _told(result, game_name, specs, seed, each, keep, options, keep_lost, budget)

    if jobs <= 1:
        results = [told(play(*a)) for a in args]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(play, *a) for a in args]
            results = [told(f.result()) for f in as_completed(futures)]
    results = sorted([*results, *done.values()], key=lambda r: r["index"])
    return summarize(game_name, specs, results)


class CannotResume(ValueError):
    """The run's --each file cannot say how the matches it holds went."""


def resumed(each, game_name: str, specs: list, seed: int, options: dict,
            matches: int, budget: dict | None = None) -> dict:
    """The results, by match index, that the `each` file holds of this run: lines of the
    same game, seat specs, seed, options and search budget (`--iterations`, `--seconds`,
    `--uncapped`), index below `matches`; the first line of an index counts, and a line cut
    short (a run killed as it wrote) is played again. A line without what the summary reads
    (written before the lines held it) raises CannotResume. The file is left ending in a
    newline, so that the lines added next stand alone."""
    if each is None:
        raise CannotResume("--resume reads the run's --each file: name one.")
    if not os.path.exists(each):
        return {}
    with open(each) as f:
        texts = f.read().split("\n")
    if texts[-1]:
        with open(each, "a") as f:
            f.write("\n")
    labels = [spec.label for spec in specs]
    found = {}
    for number, text in enumerate(texts, 1):
        if not text.strip():
            continue
        try:
            line = json.loads(text)
        except json.JSONDecodeError:
            continue
        if (line.get("game"), line["seats"], line["seed"], line.get("options") or {}) \
                != (game_name, labels, seed, options):
            continue
        if "move_times" not in line:
            raise CannotResume(f"{each}, line {number}: written without its move times; "
                               "resume from a new --each file.")
        if line.get("budget") != budget or not 0 <= line["index"] < matches \
                or line["index"] in found:
            continue
        found[line["index"]] = {"index": line["index"], "won": line["won"],
                                "rewards": line["rewards"], "reason": line["reason"],
                                "scores": line["scores"], "moves": line["move_times"],
                                "offered": line["offered"], "chosen": line["chosen"]}
    return found


# Endings that are our safety limits, not the book's (a bot must never reach them against
# random play nor against itself; docs/BOTS.md).
SAFETY_LIMITS = ("round_limit", "cycle_limit")


def _told(result: dict, game_name: str, specs: list, seed: int, each, keep=None,
          options: dict | None = None, keep_lost: bool = False,
          budget: dict | None = None) -> dict:
    if each is not None:
        line = {"game": game_name, "seed": seed, "index": result["index"],
                "options": options or {}, "budget": budget, "reason": result["reason"],
                "seats": [spec.label for spec in specs], "won": result["won"],
                "rewards": result["rewards"], "scores": result["scores"],
                "moves": sum(len(m) for m in result["moves"]),
                "load": round(os.getloadavg()[0], 1),
                # What the summary reads, so that --resume can sum up a run from its lines.
                "move_times": [[[round(t, 4), i] for t, i in m] for m in result["moves"]],
                "offered": result["offered"], "chosen": result["chosen"]}
        with open(each, "a") as f:
            f.write(json.dumps(line) + "\n")
    if keep is not None and (result["reason"] in SAFETY_LIMITS
                             or keep_lost and not result["won"][0]):
        os.makedirs(keep, exist_ok=True)
        path = os.path.join(keep, f"{game_name}-{seed}-{result['index']}.json")
        with open(path, "w") as f:
            json.dump({"game": game_name, "seed": seed, "index": result["index"],
                       "options": options or {}, "seats": [spec.label for spec in specs],
                       "seat_of": result["seat_of"],
                       "reason": result["reason"], "scores": result["scores"],
                       "commands": result["commands"]}, f)
    return result


def kept(data: dict):
    """The positions of a match kept by `--keep`, replayed: (table, seat, command) before
    each command, then (final table, None, None). The server's chance is drawn again from
    the match's seed, so the tables are the ones the bots met; a capped search's choices
    follow the machine's speed and would not come again, its log does."""
    game = get_game(data["game"])
    server, state = _set_up(game, len(data["seats"]), data["seed"], data["index"],
                            data.get("options"))
    for seat, command in data["commands"]:
        yield state, seat, command
        state = apply_command(game, state, seat, command, server)
    yield state, None, None


def _print_table(rows: list, out) -> None:
    for row in rows:
        low, high = row["win_rate_ci95"]
        print(f"{row['seat_spec']:>10}: won {row['wins']}/{row['matches']} "
              f"= {row['win_rate']:.1%} [95% CI {low:.1%}-{high:.1%}], "
              f"score {row['score']:.1%}, {row['moves']} moves, "
              f"avg {row['avg_move_seconds'] * 1000:.1f} ms/move, "
              f"p95 {row['p95_move_seconds'] * 1000:.1f} ms, "
              f"{row['iterations_per_second']:.0f} iterations/s", file=out)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="orrery arena",
                                     description="Play bot-vs-bot matches in process.")
    parser.add_argument("game", help="a registered game, e.g. exordium")
    parser.add_argument("--seats", required=True,
                        help="comma-separated policy[:level] per seat, e.g. mcts:2,random")
    parser.add_argument("-n", "--matches", type=int, default=100)
    parser.add_argument("-j", "--jobs", type=int, default=1, help="processes to play in")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, help="mcts: fixed iterations per move")
    parser.add_argument("--seconds", type=float, help="mcts: wall clock per move")
    parser.add_argument("--uncapped", action="store_true",
                        help="mcts levels search all their iterations, however long it takes")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option for every match (repeatable), e.g. ai=0 in nexum")
    parser.add_argument("--json", action="store_true", help="print JSON lines")
    parser.add_argument("--each", help="a file to add one JSON line to as each match ends")
    parser.add_argument("--keep", metavar="DIR",
                        help="a folder to write the commands of every match that reached a "
                             "safety limit to (replay them with services.bot.arena.kept)")
    parser.add_argument("--keep-lost", action="store_true",
                        help="with --keep, also keep every match the first seat spec did not win")
    parser.add_argument("--resume", action="store_true",
                        help="with --each, play only the matches of this run the file does "
                             "not hold yet, and sum up all of them")
    return parser


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    try:
        spec = get_game(args.game).spec
        specs = parse_seats(args.seats)
        options = parse_options(spec, args.option)
        spec.resolve_options(options)
    except (KeyError, ValueError, InvalidOptions) as error:
        print(f"arena: {error}", file=sys.stderr)
        return 2
    overrides = {}
    if args.iterations is not None:
        overrides = {"iterations": args.iterations, "seconds": None}
    elif args.seconds is not None:
        overrides = {"seconds": args.seconds}
    try:
        rows = run(args.game, specs, args.matches, args.seed, args.jobs, overrides,
                   args.uncapped, args.each, args.keep, options, args.keep_lost, args.resume)
    except CannotResume as error:
        print(f"arena: {error}", file=sys.stderr)
        return 2
    if args.json:
        for row in rows:
            print(json.dumps(row))
    else:
        _print_table(rows, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
