"""Multi-battle transfers through the real match consumer process.

    python -m bench.wormholes [--one-by-one 40] [--burst 100]

Each transfer is a fresh two-table Nexum battle group (eventless IHX) whose seat 0 jumps one
ship to table 1 with 2 energy, decided and appended through the match service's command path
in this process (which relays the departure to the bus at once, as the API does); a match
consumer process (`python -m services.match.bus.consumer`) appends the arrival. Figures:

- latency: from the departure's append to the arrival's (the two events' `at`, ms), one
  transfer at a time;
- throughput: a burst of departures appended at once, until every arrival is appended;
- recovery: a consumer killed (-9) holding a departure it had read but not yet appended
  (shared/infra/faults.py), until a consumer started after the kill appends the arrival (the
  claim waits until the entry is 3 s idle);
- exactly once: arrivals counted per transfer over all of the above (must be 1 each).
"""
from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

from bench.common import emit, namespace, percentile, redis_url, workdir
from services.match.command_path.commands import submit
from services.match.context import build
from services.match.wormholes.groups import create_group
from shared.config import Settings

ROOT = Path(__file__).resolve().parent.parent
OPTIONS = {"sector": "ihx", "mode": "eventless", "ai": "0"}
JUMP = {"type": "jump", "origin": "A1", "ships": 1, "table": 1, "energy": 2}
PAUSE_AT = "commands:wormhole_arrival:before-apply"  # read, not yet appended


def _group(ctx, player: str) -> tuple:
    seats = [{"player_id": player}, {"bot": "random"}]
    group = create_group(ctx, player, {"game": "nexum", "tables": [
        {"seats": seats, "options": dict(OPTIONS)}, {"seats": seats, "options": dict(OPTIONS)}]})
    sender, receiver = (t["match_id"] for t in group["tables"])
    submit(ctx, sender, 0, {"type": "choose_phase", "card": "movement", "bid": 0}, "a")
    submit(ctx, sender, 1, {"type": "choose_phase", "card": "management", "bid": 0}, "b",
           source="bus")
    return sender, receiver


def _at(event) -> float:
    return datetime.fromisoformat(event["at"].replace("Z", "+00:00")).timestamp()


def _arrivals(ctx, receiver) -> list:
    return [e for e in ctx.log.read(receiver, from_version=3) if e["type"] == "FleetArrived"]


def _wait(condition, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.002)
    return False


def _consumer(settings, env_extra: dict) -> subprocess.Popen:
    env = {**os.environ, "REDIS_URL": settings.redis_url, "ORRERY_NAMESPACE": settings.namespace,
           "ORRERY_SECRET": settings.secret, "PYTHONPATH": str(ROOT), **env_extra}
    return subprocess.Popen([sys.executable, "-m", "services.match.bus.consumer"], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def run(one_by_one: int = 40, burst: int = 100) -> None:
    with namespace("wormholes") as (client, keys):
        settings = Settings.from_env(redis_url=redis_url(), namespace=keys.namespace,
                                     secret="bench-secret")
        ctx = build(settings)
        client.hset(keys.player("bench"), mapping={"name": "Bench"})
        pairs = []
        processes = [_consumer(settings, {})]
        try:
            latencies = []
            for i in range(one_by_one + 1):  # the first waits for the consumer to start
                sender, receiver = _group(ctx, "bench")
                departed = submit(ctx, sender, 0, JUMP, "j").events[0]
                assert _wait(lambda: _arrivals(ctx, receiver), 30), "no arrival"
                if i:
                    latencies.append((_at(_arrivals(ctx, receiver)[0]) - _at(departed)) * 1000)
                pairs.append((sender, receiver))
            emit({"bench": "wormholes", "figure": "transfer_latency_ms", "transfers": one_by_one,
                  "p50": round(percentile(latencies, 50), 1),
                  "p99": round(percentile(latencies, 99), 1)})

            groups = [_group(ctx, "bench") for _ in range(burst)]
            started = time.perf_counter()
            for sender, _ in groups:
                submit(ctx, sender, 0, JUMP, "j")
            assert _wait(lambda: all(_arrivals(ctx, r) for _, r in groups), 120), "lost"
            took = time.perf_counter() - started
            pairs += groups
            emit({"bench": "wormholes", "figure": "burst_transfers_per_second",
                  "transfers": burst, "seconds": round(took, 2),
                  "per_second": round(burst / took, 1)})

            processes[0].kill()
            processes[0].wait(10)
            marker = workdir("marker") / "paused"
            doomed = _consumer(settings, {"ORRERY_PAUSE_AT": PAUSE_AT,
                                          "ORRERY_PAUSE_FILE": str(marker)})
            processes.append(doomed)
            sender, receiver = _group(ctx, "bench")
            submit(ctx, sender, 0, JUMP, "j")
            assert _wait(marker.exists, 60), "the doomed consumer never paused"
            os.kill(doomed.pid, signal.SIGKILL)
            killed = time.perf_counter()
            processes.append(_consumer(settings, {}))
            assert _wait(lambda: _arrivals(ctx, receiver), 60), "lost in the crash"
            pairs.append((sender, receiver))
            emit({"bench": "wormholes", "figure": "taken_up_after_kill_s",
                  "seconds": round(time.perf_counter() - killed, 2),
                  "note": "includes starting the new consumer process and the 3 s claim idle"})

            time.sleep(2)  # anything redelivered arrives by now
            counts = [len(_arrivals(ctx, r)) for _, r in pairs]
            emit({"bench": "wormholes", "figure": "exactly_once", "transfers": len(pairs),
                  "arrived_once": counts.count(1), "lost": counts.count(0),
                  "duplicated": sum(1 for c in counts if c > 1)})
        finally:
            for process in processes:
                if process.poll() is None:
                    process.send_signal(signal.SIGKILL)
                process.wait(10)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--one-by-one", type=int, default=40)
    parser.add_argument("--burst", type=int, default=100)
    args = parser.parse_args(argv)
    run(args.one_by_one, args.burst)


if __name__ == "__main__":
    main()
