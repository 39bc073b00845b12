"""Recovery times of `make run`'s stack: kill -9 each process kind under load, then Redis.

    python -m bench recovery

Runs the chaos harness (tests/chaos/chaos.py: the real launcher over a private Redis with
AOF, two players against bots, clocks running out) and prints one JSON line per process
kind: seconds until the launcher started it again, and until its kind of work (a bot's
answer, a deadline handled, a ticket matched) was served again, counted from the kill.
"""
from __future__ import annotations

import sys

from bench.common import emit, workdir
from tests.chaos.chaos import Load, Player, kill_each_and_redis
from tests.chaos.stack import Stack


def run() -> dict:
    stack = Stack(workdir("recovery"))
    stack.start_redis()
    try:
        stack.start()
        load, prober = Load(stack), Player(stack, "prober")
        load.start()
        recovery = kill_each_and_redis(stack, prober)
        load.finish()
    finally:
        stack.stop()
    for kind, (restarted, served, probe) in recovery.items():
        emit({"bench": "recovery", "killed": kind,
              "restarted_seconds": None if restarted is None else round(restarted, 2),
              "served_again_seconds": round(served, 2), "probe_seconds": round(probe, 2)})
    return recovery


if __name__ == "__main__":
    run()
    sys.exit(0)
