"""Bot latency and throughput through the real stack: Redis, the dispatcher, Celery workers.

    python -m bench.bot_latency [--turns 200] [--burst 1000] [--concurrency CPUS]

Latency: from just before the append that makes a bot's turn (a new tic-tac-toe match whose
first seat is a `random` bot, appended and announced as the match service does) to the
moment a worker starts the task (Celery's task_prerun), one turn at a time. Goals: p50 <= 5
ms, p99 <= 25 ms. Throughput: a burst of such turns announced at once, and the rate at which
bot commands come back on the bus (random policy: the cost of the plumbing, not of search).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

from bench.bot_latency_app import started_key
from bench.common import workdir
from services.bot.dispatcher import task_id
from shared.eventlog import Bus, EventLog, Keys
from shared.infra.connect import connect
from shared.games.replay import match_created
from shared.infra.redis_server import resolve
from shared.schemas.bus import BOT_MATCHES, COMMANDS

ROOT = Path(__file__).resolve().parent.parent
SEATS = [{"bot": "random"}, {"player_id": "bench", "name": "Bench"}]


def _percentile(values, q):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def _announce(log, bus, match_id):
    """Append a fresh match whose seat 0 (a bot) must act at version 2, and announce it."""
    log.append(match_id, [match_created(match_id, "tictactoe", SEATS, {}, None),
                          {"type": "GameStarted", "data": {"seats": 2}}], expected_version=0)
    bus.publish(BOT_MATCHES, {"match_id": match_id, "game": "tictactoe", "version": 2,
                          "to_act": [0], "status": "active", "seats": SEATS}, key=match_id)


def _start(env, argv, logs):
    return subprocess.Popen(argv, env=env, cwd=ROOT, start_new_session=True,
                            stdout=open(logs / f"{argv[2]}.log", "ab"), stderr=subprocess.STDOUT)


def _commands(redis, bus) -> int:
    return sum(redis.xlen(s) for s in bus.streams(COMMANDS))


def _wait(predicate, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.001)
    return False


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="bench.bot_latency")
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--burst", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    handle = resolve(workdir("redis"))
    namespace = f"bench-{uuid.uuid4().hex[:8]}:"
    redis, keys = connect(handle.url), Keys(namespace)
    log, bus = EventLog(redis, keys), Bus(redis, keys)
    env = dict(os.environ, REDIS_URL=handle.url, ORRERY_NAMESPACE=namespace,
               ORRERY_BOT_CONCURRENCY=str(args.concurrency), PYTHONPATH=str(ROOT))
    logs = workdir("bot")
    children = [
        _start(env, [sys.executable, "-m", "services.bot.dispatcher"], logs),
        _start(env, [sys.executable, "-m", "celery", "-A", "bench.bot_latency_app", "worker",
                     "--pool=prefork", f"--concurrency={args.concurrency}", "--loglevel=WARNING",
                     "--without-mingle", "--without-gossip", "--without-heartbeat"], logs)]
    try:
        started = started_key(namespace)
        warm = uuid.uuid4().hex
        _announce(log, bus, warm)
        if not _wait(lambda: redis.hexists(started, task_id(warm, 2, 0)), 60):
            raise SystemExit(f"the bot stack did not start; logs in {logs}")
        latencies = []
        for _ in range(args.turns):
            match_id = uuid.uuid4().hex
            t0 = time.time()
            _announce(log, bus, match_id)
            tid = task_id(match_id, 2, 0)
            if _wait(lambda: redis.hexists(started, tid), 10):
                latencies.append(float(redis.hget(started, tid)) - t0)
            time.sleep(random.uniform(0.002, 0.01))
        ms = [x * 1000 for x in latencies]
        for name, q, goal in (("p50", 0.5, 5), ("p99", 0.99, 25)):
            value = _percentile(ms, q)
            print(json.dumps({"bench": "bot_latency", "metric": f"append_to_task_start_{name}_ms",
                              "turns": len(ms), "value": round(value, 2), "goal": goal,
                              "met": value <= goal}), flush=True)
        before = _commands(redis, bus)
        t0 = time.monotonic()
        for _ in range(args.burst):
            _announce(log, bus, uuid.uuid4().hex)
        done = _wait(lambda: _commands(redis, bus) - before >= args.burst, 300)
        elapsed = time.monotonic() - t0
        print(json.dumps({"bench": "bot_throughput", "metric": "bot_tasks_per_second",
                          "policy": "random", "tasks": args.burst, "completed": done,
                          "worker_processes": args.concurrency,
                          "value": round(args.burst / elapsed, 1)}), flush=True)
    finally:
        for child in children:
            os.killpg(child.pid, signal.SIGTERM)
        for child in children:
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(child.pid, signal.SIGKILL)
        found = list(redis.scan_iter(match=f"{namespace}*", count=1000))
        if found:
            redis.delete(*found)
        handle.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
