"""`python -m bench [NAME ...]`: run benchmarks, each printing one JSON line per figure.

With no names, every benchmark runs, in the order below. The bot strength table is a quick
run by default (40 Exordium matches per pairing, 2 in each other game, with the matches that
reached a round limit counted); `BENCH_STRENGTH_MATCHES=400 BENCH_STRENGTH_EXSILIUM_MATCHES=100
BENCH_STRENGTH_EXILE_SUN_MATCHES=100 BENCH_STRENGTH_NEXUM_MATCHES=100` is the full size its
goals are stated at (hours: see bench/bot_strength.py). `BENCH_BOT_SPEED_POSITIONS` sets bot_speed's positions per game, `BENCH_BOT_ANSWERS_MATCHES`
bot_answers' matches per game (a person against level 2 over the whole stack; 2 by default).
Exsilium's endings play 20 greedy matches per scenario, with and without +2
(`BENCH_EXSILIUM_MATCHES`, and `BENCH_EXSILIUM_SAMPLES` for the greedy bot's determinizations:
1 by default, as the issue's figures were measured; the served greedy bot uses 8).
match_endings (how Exile Sun, Nexum and Exsilium matches end and how long they run, for
random, greedy and mcts:2 seats) plays 4 matches a line by default (`BENCH_ENDINGS_MATCHES=50`
is the full size; `BENCH_ENDINGS_FIRST_SEED` moves the seeds); exile_sun_vp_sources 10
(`BENCH_VP_SOURCES_MATCHES`). `BENCH_SECRECY_MATCHES` sets secrecy's whole matches per game
and seat count (2). archive (Redis bytes per live and per archived match, and the archive's
bytes per match) plays `BENCH_ARCHIVE_MATCHES` (2) random matches of each of
`BENCH_ARCHIVE_GAMES` (every game but tic-tac-toe). bot_ratings plays each level against
the one below in every game (`BENCH_RATINGS_MATCHES`, 2 by default) and prints what the
level ratings would be fitted from; it writes them only when run alone with --write.
train runs `orrery train`'s pipeline on `BENCH_TRAIN_MATCHES` (40) matches of each game with
features (Exordium, Exile Sun, Nexum; Exsilium on `BENCH_TRAIN_EXSILIUM_MATCHES`, 2, its
greedy matches being slow) and prints the held-out log loss of the fitted model and of
the hand-written heuristic.
"""
import importlib
import os
import sys

ALL = ["append", "replay", "http_load", "http_single", "command_floor", "command_path",
       "served_split", "full_stack",
       "cluster_capacity",
       "bot_speed", "bot_latency", "bot_answers", "bot_strength", "bot_ratings", "train",
       "matchmaking_pairing", "turns_sweep", "turns_sse", "nexum_selfplay", "exsilium_endings",
       "live_capacity", "recovery", "exile_sun_vp_sources",
       "match_endings", "wormholes", "secrecy", "archive"]


def _arguments(name: str) -> list:
    if name == "bot_strength":
        return []  # sizes from its BENCH_STRENGTH_* environment
    if name == "bot_answers":
        return ["-n", os.environ.get("BENCH_BOT_ANSWERS_MATCHES", "2")]
    if name == "match_endings":
        # Exile Sun, Nexum and Exsilium, random, greedy:1 and mcts:2, 2 and 4 seats (Exile
        # Sun 6 too). Quick by default; BENCH_ENDINGS_MATCHES=50 is the full size (mcts:2 plays
        # up to 0.8 s a command: hours on two cores).
        return ["-n", os.environ.get("BENCH_ENDINGS_MATCHES", "4"),
                "--first-seed", os.environ.get("BENCH_ENDINGS_FIRST_SEED", "0")]
    if name == "bot_ratings":
        # Each level against the one below, per game; prints, never writes the ratings file
        # (`python -m bench.bot_ratings -n 100 --write` does, at the goals' size).
        return ["-n", os.environ.get("BENCH_RATINGS_MATCHES", "2")]
    if name == "train":
        # The learned evaluation's pipeline on a few matches (orrery train at full size).
        return ["-n", os.environ.get("BENCH_TRAIN_MATCHES", "40"),
                "--exsilium-matches", os.environ.get("BENCH_TRAIN_EXSILIUM_MATCHES", "2")]
    if name == "exile_sun_vp_sources":
        return ["-n", os.environ.get("BENCH_VP_SOURCES_MATCHES", "10")]
    if name == "exsilium_endings":
        return [os.environ.get("BENCH_EXSILIUM_MATCHES", "20"), "2",
                os.environ.get("BENCH_EXSILIUM_SAMPLES", "1")]
    return []


def run_one(name: str) -> None:
    module = importlib.import_module(f"bench.{name}")
    if hasattr(module, "main"):
        module.main(_arguments(name))
    else:
        module.run()


def main(argv) -> int:
    for name in argv or ALL:
        run_one(name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
