"""The clock sweep with 10,000 active correspondence matches: time per pass, and the delay
from a deadline passing to its TurnTimedOut event.

    python -m bench.turns_sweep [--matches 10000] [--due 1000] [--timed 300]

Phase 1 (in-process): N tic-tac-toe matches between two players are appended as the match
service writes them (MatchCreated with a clock, then setup) and projected (the deadlines
sorted set), N - due on a one-day clock, `due` on a 2-4 s clock. A sweep pass is timed with
nothing due (N entries in the set), then, once they are due, with `due` matches due at once
(each re-read from its log, one timeout command sent per match).
Phase 2 (real processes): the match consumer and a turns Celery worker with beat (the sweep
every second); `timed` more matches on a 2-4 s clock are created, and for each the delay from
its deadline to the logged `at` of its TurnTimedOut is measured (both from the log).
"""
from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

from bench.common import clean, emit, percentile, redis_url, workdir
from services.turns.config import TurnsSettings
from services.turns.context import build
from services.turns.sweep import sweep
from services.turns.projection import project_match
from shared.config import Settings
from shared.games.clock import timestamp
from shared.games.replay import match_created

ROOT = Path(__file__).resolve().parents[1]
SEATS = [{"player_id": "p-ana", "name": "Ana"}, {"player_id": "p-bo", "name": "Bo"}]


def _create(ctx, per_move: int) -> str:
    match_id = uuid.uuid4().hex
    clock = {"per_move_seconds": per_move, "on_timeout": "bot"}
    ctx.log.append(match_id, [match_created(match_id, "tictactoe", SEATS, {}, clock, setup=1),
                              {"type": "GameStarted", "data": {"seats": 2}}], expected_version=0)
    project_match(ctx, match_id, notify_players=False)
    return match_id


def _timed_pass(ctx, now=None) -> tuple:
    started = time.perf_counter()
    report = sweep(ctx, now=now)
    return (time.perf_counter() - started) * 1000, report


def _processes(namespace: str, logs: Path) -> list:
    env = {**os.environ, "REDIS_URL": redis_url(), "ORRERY_NAMESPACE": namespace,
           "PYTHONPATH": str(ROOT)}
    python = sys.executable
    argvs = [[python, "-m", "services.match.bus.consumer"],
             [python, "-m", "celery", "-A", "services.turns.celery_app", "worker", "-B",
              "-s", str(logs / "beat-schedule"), "--pool=threads", "--concurrency=4",
              "--loglevel=WARNING", "--without-mingle", "--without-gossip",
              "--without-heartbeat"]]
    return [subprocess.Popen(argv, env=env, cwd=ROOT, start_new_session=True,
                             stdout=open(logs / f"p{i}.log", "wb"), stderr=subprocess.STDOUT)
            for i, argv in enumerate(argvs)]


def _timed_out_delay(ctx, match_id: str):
    for event in ctx.log.read(match_id, from_version=2, limit=4):
        if event["type"] == "TurnTimedOut":
            return timestamp(event["at"]) - timestamp(event["data"]["deadline"])
    return None


def run(matches: int = 10_000, due: int = 1_000, timed: int = 300) -> dict:
    namespace = f"bench-sweep-{uuid.uuid4().hex[:10]}:"
    settings = TurnsSettings.from_env(base=Settings.from_env(redis_url=redis_url(),
                                                             namespace=namespace))
    ctx = build(settings)
    rng = random.Random(5)
    logs = workdir("sweep")
    procs = []
    try:
        started = time.perf_counter()
        for _ in range(matches - due):
            _create(ctx, 86_400)
        soon = [_create(ctx, rng.randint(2, 4)) for _ in range(due)]
        setup_seconds = time.perf_counter() - started
        idle = [_timed_pass(ctx)[0] for _ in range(20)]
        time.sleep(4.5)  # every short clock has run out
        busy_ms, report = _timed_pass(ctx)
        assert report.timeouts_sent == due, report
        procs = _processes(namespace, logs)
        time.sleep(3.0)  # let them start (and time out phase 1's matches)
        measured = [_create(ctx, rng.randint(2, 4)) for _ in range(timed)]
        deadline = time.monotonic() + 60
        delays = {}
        while time.monotonic() < deadline and len(delays) < timed:
            for match_id in measured:
                if match_id not in delays:
                    delay = _timed_out_delay(ctx, match_id)
                    if delay is not None:
                        delays[match_id] = delay
            time.sleep(0.5)
        values = list(delays.values())
        return emit({
            "bench": "turns_sweep", "matches": matches, "setup_seconds": round(setup_seconds, 1),
            "sweep_pass_idle_ms_p50": round(percentile(idle, 50), 2),
            "sweep_pass_idle_ms_max": round(max(idle), 2),
            "sweep_pass_due": due, "sweep_pass_due_ms": round(busy_ms, 1),
            "deadline_to_event_n": len(values), "expected": timed,
            "deadline_to_event_ms_p50": round(percentile(values, 50) * 1000, 1) if values else None,
            "deadline_to_event_ms_p99": round(percentile(values, 99) * 1000, 1) if values else None,
            "deadline_to_event_ms_max": round(max(values) * 1000, 1) if values else None,
            "sweep_interval_seconds": settings.sweep_seconds})
    finally:
        for proc in procs:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=15)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(proc.pid, signal.SIGKILL)
        clean(ctx.redis, namespace)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--due", type=int, default=1_000)
    parser.add_argument("--timed", type=int, default=300)
    args = parser.parse_args(argv)
    run(args.matches, args.due, args.timed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
