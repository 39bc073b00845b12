"""The single-client tic-tac-toe run against every process `make run` starts.

services/launcher.py starts the whole stack (match API, match consumer, matchmaking API,
loop, dispatcher and worker, bot dispatcher and worker, turns dispatcher, worker and beat)
on free ports, a namespace and a data directory of its own, against the bench Redis. The
client of bench/http_single.py plays 100 matches in two modes (POST only; GET /legal before
each POST); after each run the bench waits until every consumer group has caught up and
every Celery queue is empty, so the CPU each process kind spent on those moves is counted
whole. Figures: moves/s, p50/p99 per request, and CPU seconds per 1,000 moves per process
kind (user + system from /proc/<pid>/stat, the process and all its children: gunicorn and
Celery pool workers), the API-alone run beside them for comparison. The others' idle CPU
(measured for IDLE_SECONDS before the runs: polling, the clock sweep every second) is also
subtracted for a marginal figure: a slow run on a shared machine otherwise charges its
moves with seconds of idling.

Goals (issue 15): POST only, the full stack reaches >= 90% of the API-alone moves/s;
with /legal >= 700 moves/s; every other process together <= 25% of the match API's CPU.
"""
from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path
from unittest import mock

from bench.common import clean, emit, log_fail, redis_url, workdir
from bench.http_single import MATCHES, figures, play_matches
from bench.server import _free_port, _healthy, available, cpu_seconds, gunicorn
from shared.infra.connect import connect

ROOT = Path(__file__).resolve().parents[1]
DRAIN_SECONDS = 60
STARTUP_SECONDS = 240  # a dozen Python processes importing Celery on 2 shared cores
GOAL_SHARE, GOAL_LEGAL_RATE, GOAL_OTHERS = 0.9, 700, 0.25
IDLE_SECONDS = 10.0


def _children(pid: int) -> list:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _cmdline(pid: int) -> list:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")[:-1]
    except OSError:
        return []


def _same(arg: str, expected: str) -> bool:
    """Arguments agree, paths by their file name (the data directory differs by process)."""
    return arg == expected or ("/" in arg and Path(arg).name == Path(expected).name)


def kinds(launcher_pid: int, commands: dict) -> dict:
    """{process kind: pid} of the launcher's children, told apart by their command lines."""
    found = {}
    for child in _children(launcher_pid):
        argv = _cmdline(child)
        for name, command in commands.items():
            if len(argv) == len(command) and all(map(_same, argv[1:], command[1:])):
                found[name] = child
    return found


@contextlib.contextmanager
def full_stack():
    """Yield (port, {kind: pid}, redis client, namespace) of a running `make run` stack."""
    namespace = f"bench-full-{uuid.uuid4().hex[:10]}:"
    port, mm_port = _free_port(), _free_port()
    data = workdir("stack")
    env = {**os.environ, "REDIS_URL": redis_url(), "ORRERY_NAMESPACE": namespace,
           "ORRERY_RATE_LIMIT_PER_MINUTE": "0", "PORT": str(port),
           "ORRERY_MATCHMAKING_BIND": f"127.0.0.1:{mm_port}", "ORRERY_DATA_DIR": str(data),
           "PROMETHEUS_MULTIPROC_DIR": str(data / "metrics"),
           "ORRERY_SECRET": uuid.uuid4().hex}
    with mock.patch.dict(os.environ, env):
        from services import launcher
        commands = launcher._processes()
    output = open(data / "stack.log", "wb")
    process = subprocess.Popen([sys.executable, "-m", "services.launcher"], cwd=ROOT, env=env,
                               stdout=output, stderr=subprocess.STDOUT)
    client = connect(redis_url())
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        found = {}
        while not (_healthy(port) and len(found) == len(commands)):
            if process.poll() is not None or time.monotonic() > deadline:
                missing = sorted(set(commands) - set(found))
                raise RuntimeError(f"the stack did not come up (missing {missing}): "
                                   + (data / "stack.log").read_text()[-3000:])
            time.sleep(0.2)
            found = kinds(process.pid, commands)
        time.sleep(2.0)  # let Celery workers and beat finish starting (their CPU is not ours)
        yield port, found, client, namespace
    finally:
        process.terminate()
        try:
            process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        output.close()
        clean(client, namespace)
        client.close()


def _backlog(client, namespace: str) -> int:
    """Entries not yet handled: bus entries behind or pending in any consumer group, and
    Celery messages queued or unacknowledged."""
    waiting = 0
    for key in client.scan_iter(match=f"{namespace}orrery:bus:*", count=1000):
        last = client.xinfo_stream(key)["last-generated-id"]
        for group in client.xinfo_groups(key):
            waiting += group["pending"] + (group["last-delivered-id"] != last)
    for key in client.scan_iter(match=f"{namespace}*", count=1000, _type="list"):
        waiting += client.llen(key)
    for key in client.scan_iter(match=f"{namespace}unacked", count=1000):
        waiting += client.hlen(key)
    return waiting


def drain(client, namespace: str) -> float:
    """Wait until every consumer and worker is idle; return the seconds it took."""
    started = time.monotonic()
    while _backlog(client, namespace) and time.monotonic() - started < DRAIN_SECONDS:
        time.sleep(0.05)
    return time.monotonic() - started


def idle_rates(pids: dict, seconds: float = IDLE_SECONDS) -> dict:
    """CPU seconds per second each process kind spends with nothing to do (polling, the
    clock sweep every second, lease renewals), measured while no client plays."""
    before = {kind: cpu_seconds(pid) for kind, pid in pids.items()}
    started = time.monotonic()
    time.sleep(seconds)
    elapsed = time.monotonic() - started
    return {kind: (cpu_seconds(pid) - before[kind]) / elapsed for kind, pid in pids.items()}


def measure(port: int, pids: dict, client, namespace: str, legal: bool,
            idle: dict | None = None) -> dict:
    """One run of the client; its figures and the CPU of each process kind per 1,000 moves.

    With `idle` (idle_rates), also the others' CPU less what they would have spent idle
    for as long as the run took: the cost of the moves themselves. On a loaded machine the
    run is slow and the idle share of the plain figure grows with it."""
    before = {kind: cpu_seconds(pid) for kind, pid in pids.items()}
    started = time.monotonic()
    played = play_matches(port, MATCHES, legal=legal)
    drained = drain(client, namespace)
    elapsed = time.monotonic() - started
    per_move = {kind: (cpu_seconds(pid) - before[kind]) * 1000 / played["moves"]
                for kind, pid in pids.items()}
    api = per_move.pop("match-api")
    others = sum(per_move.values())
    out = {**figures(played), "drain_s": round(drained, 2),
           "api_cpu_s_per_1000_moves": round(api, 3),
           "others_cpu_s_per_1000_moves": round(others, 3),
           "others_share_of_api_cpu": round(others / api, 3) if api else None,
           "cpu_s_per_1000_moves": {k: round(v, 3) for k, v in sorted(per_move.items())},
           "load_average": round(os.getloadavg()[0], 1)}
    if idle is not None:
        spent_idle = sum(rate for kind, rate in idle.items() if kind != "match-api")
        marginal = max(0.0, others - spent_idle * elapsed * 1000 / played["moves"])
        out.update(others_idle_cpu_ms_per_s=round(spent_idle * 1000, 1),
                   others_marginal_cpu_s_per_1000_moves=round(marginal, 3),
                   others_marginal_share_of_api_cpu=round(marginal / api, 3) if api else None)
    return out


def run() -> list:
    if not available():
        log_fail("bench full_stack: services/match/api/wsgi.py does not exist yet; skipped")
        return [emit({"bench": "full_stack", "skipped": "services/match/api/wsgi.py missing"})]
    alone = {}
    with gunicorn() as (port, described):
        play_matches(port, 5, seed=99)
        for legal in (False, True):
            before = cpu_seconds(described["pid"])
            played = play_matches(port, MATCHES, legal=legal)
            cpu = (cpu_seconds(described["pid"]) - before) * 1000 / played["moves"]
            alone[legal] = emit({"bench": "full_stack", "stack": "api_alone",
                                 "mode": "legal+post" if legal else "post", "matches": MATCHES,
                                 **figures(played), "api_cpu_s_per_1000_moves": round(cpu, 3)})
    out = list(alone.values())
    with full_stack() as (port, pids, client, namespace):
        play_matches(port, 5, seed=99)
        drain(client, namespace)
        idle = idle_rates(pids)
        for legal in (False, True):
            got = measure(port, pids, client, namespace, legal, idle)
            share = got["moves_per_s"] / alone[legal]["moves_per_s"]
            goals = {"share_of_api_alone": round(share, 3),
                     "goal_others_share_met": (got["others_share_of_api_cpu"] or 0) <= GOAL_OTHERS,
                     "goal_others_marginal_share_met":
                         (got["others_marginal_share_of_api_cpu"] or 0) <= GOAL_OTHERS}
            if legal:
                goals["goal_legal_rate_met"] = got["moves_per_s"] >= GOAL_LEGAL_RATE
            else:
                goals["goal_share_met"] = share >= GOAL_SHARE
            out.append(emit({"bench": "full_stack", "stack": "make_run",
                             "mode": "legal+post" if legal else "post", "matches": MATCHES,
                             **got, **goals}))
    return out


if __name__ == "__main__":
    run()
