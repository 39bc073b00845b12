"""Commands through gunicorn: total commands/s at a stated concurrency, then p99 latency at
half that load.

Load generator: PROCESSES spawned processes × THREADS threads, each thread one keep-alive
connection (http.client) and one player who plays tic-tac-toe matches one after another,
holding both seats: POST /v1/matches, then POST /v1/matches/{id}/commands with a random empty
cell, a fresh command_id and the expected version, until the match is over. Only commands
are counted and timed (match creation is load, not a figure). Every answer must be a 200.

Phase 1 (closed loop, as fast as answers come) gives the throughput at concurrency
PROCESSES × THREADS. Phase 2 paces every thread so the total offered rate is half of phase 1's
and reports latency percentiles (a thread that falls behind does not burst to catch up).
"""
from __future__ import annotations

import multiprocessing
import os
import queue
import random
import resource
import threading
import time
import uuid

from bench.common import emit, log_fail, percentile
from bench.server import Client, available, cpu_seconds, gunicorn

PROCESSES = int(os.environ.get("BENCH_HTTP_PROCESSES", "2"))
THREADS = int(os.environ.get("BENCH_HTTP_THREADS", "2"))
SECONDS = float(os.environ.get("BENCH_HTTP_SECONDS", "8"))
WARMUP = 1.0
GOAL_RATE, GOAL_P99_MS = 1500, 10.0


def _play(port: int, until: float, start_at: float, rate: float, out: list) -> None:
    """One thread: matches back to back until `until`; record command latencies."""
    client, rng = Client(port), random.Random()
    player = client.new_player(f"bench-{uuid.uuid4().hex[:6]}")
    latencies, errors, matches = [], 0, 0
    interval = 1.0 / rate if rate else 0.0
    next_send = start_at
    while time.monotonic() < start_at:
        time.sleep(0.001)
    while time.monotonic() < until:
        match_id, version = client.new_match(player)
        matches += 1
        empty = list(range(9))
        over = False
        while not over and time.monotonic() < until:
            if interval:
                now = time.monotonic()
                if next_send > now:
                    time.sleep(next_send - now)
                next_send = max(next_send + interval, time.monotonic() - interval)
            cell = empty.pop(rng.randrange(len(empty)))
            sent = time.perf_counter()
            status, body = client.call("POST", f"/v1/matches/{match_id}/commands", {
                "command": {"type": "mark", "cell": cell}, "command_id": uuid.uuid4().hex,
                "expected_version": version})
            elapsed = time.perf_counter() - sent
            if status != 200:
                errors += 1
                break
            if time.monotonic() >= start_at + WARMUP:
                latencies.append(elapsed)
            version, over = body["version"], not body["to_act"]
    client.close()
    out.append((latencies, errors, matches))


def _process(port, until, start_at, rate, results) -> None:
    out = []
    threads = [threading.Thread(target=_play, args=(port, until, start_at, rate, out))
               for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    results.put([(*item, usage.ru_utime + usage.ru_stime) if i == 0 else (*item, 0.0)
                 for i, item in enumerate(out)])


def _phase(port: int, seconds: float, rate_total: float = 0.0) -> dict:
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    start_at = time.monotonic() + 3.0  # all processes and players ready by then
    until = start_at + WARMUP + seconds
    per_thread = rate_total / (PROCESSES * THREADS) if rate_total else 0.0
    workers = [context.Process(target=_process, args=(port, until, start_at, per_thread,
                                                      results)) for _ in range(PROCESSES)]
    for worker in workers:
        worker.start()
    gathered, deadline = [], until + 120
    for _ in workers:
        while True:
            try:
                gathered += results.get(timeout=1)
                break
            except queue.Empty:
                if time.monotonic() > deadline or any(w.exitcode not in (None, 0)
                                                       for w in workers):
                    for worker in workers:
                        worker.kill()
                    raise RuntimeError("a load generator process failed") from None
    for worker in workers:
        worker.join(30)
    if len(gathered) != PROCESSES * THREADS:
        raise RuntimeError("a load generator thread failed")
    latencies = [x for lat, _, _, _ in gathered for x in lat]
    return {"commands": len(latencies), "errors": sum(e for _, e, _, _ in gathered),
            "matches": sum(m for _, _, m, _ in gathered), "seconds": seconds,
            "client_cpu_s": sum(c for _, _, _, c in gathered),
            "latencies_ms": [x * 1000 for x in latencies]}


def run() -> list:
    if not available():
        log_fail("bench http_load: services/match/api/wsgi.py does not exist yet; skipped")
        return [emit({"bench": "http_commands", "skipped": "services/match/api/wsgi.py missing"})]
    with gunicorn() as (port, server):
        cpu_before = cpu_seconds(server["pid"])
        full = _phase(port, SECONDS)
        server_cpu = cpu_seconds(server["pid"]) - cpu_before
        rate = full["commands"] / full["seconds"]
        half = _phase(port, SECONDS, rate_total=rate / 2)
    concurrency = PROCESSES * THREADS
    lat = full["latencies_ms"]
    figures = [emit({
        "bench": "http_commands_throughput", "concurrency": concurrency,
        "server": {**{k: v for k, v in server.items() if k != "pid"}, "cpus": os.cpu_count()},
        "commands": full["commands"], "errors": full["errors"], "seconds": full["seconds"],
        "commands_per_s": round(rate),
        "server_cpu_ms_per_command": round(server_cpu * 1000 / max(1, full["commands"]), 3),
        "load_generator_cpu_ms_per_command": round(
            full["client_cpu_s"] * 1000 / max(1, full["commands"]), 3),
        **_percentiles(lat, (50, 99)), "goal_commands_per_s": GOAL_RATE,
        "meets_goal": rate >= GOAL_RATE})]
    lat = half["latencies_ms"]
    achieved = half["commands"] / half["seconds"]
    figures.append(emit({
        "bench": "http_commands_latency_at_half_load", "concurrency": concurrency,
        "offered_commands_per_s": round(rate / 2), "achieved_commands_per_s": round(achieved),
        "commands": half["commands"], "errors": half["errors"],
        **_percentiles(lat, (50, 95, 99)), "goal_p99_ms": GOAL_P99_MS,
        "meets_goal": bool(lat) and percentile(lat, 99) <= GOAL_P99_MS}))
    return figures


def _percentiles(latencies_ms: list, ps: tuple) -> dict:
    """The latency percentiles of a phase; null when it completed no command (a machine
    too loaded to answer within the phase is a figure, not a crash)."""
    return {f"p{p}_ms": round(percentile(latencies_ms, p), 2) if latencies_ms else None
            for p in ps}


if __name__ == "__main__":
    run()
