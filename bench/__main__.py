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
"""
import importlib
import os
import sys

ALL = ["append", "replay", "http_load", "http_single", "command_path", "full_stack",
       "cluster_capacity",
       "bot_speed", "bot_latency", "bot_answers", "bot_strength",
       "matchmaking_pairing", "turns_sweep", "turns_sse", "nexum_selfplay", "exsilium_endings",
       "live_capacity", "recovery", "exile_sun_selfplay", "wormholes"]


def _arguments(name: str) -> list:
    if name == "bot_strength":
        return []  # sizes from its BENCH_STRENGTH_* environment
    if name == "bot_answers":
        return ["-n", os.environ.get("BENCH_BOT_ANSWERS_MATCHES", "2")]
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
