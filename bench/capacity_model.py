"""How many cores and Redis shards serve 10k, 100k and 1M concurrent matches, and what
runs out first: a model built on the per-move costs `python -m bench cluster_capacity`
measured here (deploy/SCALING.md explains each line).

`python -m bench capacity_model` prints the table (markdown) for the figures below; pass a
JSON line of a cluster_capacity run on stdin (`... cluster_capacity | tail -1 | python -m
bench capacity_model -`) to model from a fresh measurement instead.

What is measured and what is assumed is kept apart: MEASURED comes from the bench (the
cluster run, tic-tac-toe, POST only, both seats human); everything in ASSUMED is a stated
choice (target utilisation, memory per shard, how long a live match keeps streams open).
"""
from __future__ import annotations

import json
import math
import sys
from dataclasses import dataclass

# `python -m bench cluster_capacity` (cluster-3x2 line), 2026-11-26 07:53, 2 shared cores
# under a load average of 15-20 (other test runs), so these costs are upper bounds.
# The single-Redis line of the same run: API 2.319, others 2.011, Redis 0.63 (s per 1,000
# moves).
MEASURED = {
    "api_cpu_s_per_1000_moves": 2.064,
    "others_cpu_s_per_1000_moves": 3.189,
    "redis_master_cpu_s_per_1000_moves": 0.871,
    "redis_replica_cpu_s_per_1000_moves": 0.294,
    "redis_bytes_per_finished_match": 5_911,
    # What the master holding Celery's broker slot (the one key set on a single slot now)
    # spent beyond the coolest master: 0.322 - 0.214. Here Celery carries one task per
    # finished match (ratings); with bots it carries one per bot move as well.
    "hot_slot_cpu_s_per_1000_moves": 0.108,
}

ASSUMED = {
    "target_utilisation": 0.6,          # of a core, services and Redis alike (headroom)
    "shard_memory_bytes": 16 * 2**30,    # a master's usable memory (replica the same)
    "memory_headroom": 0.5,             # used at most (AOF rewrite forks, fragmentation)
    "bytes_per_active_match": 50_000,    # a long game's log + snapshot + projections,
                                         # ~8x a finished tic-tac-toe match (measured)
    "streams_per_live_match": 2.5,       # both players and a spectator now and then
    "streams_per_api_process": 1_500,    # ORRERY_LIVE_PER_PROCESS
    "redis_clients_per_node": 50_000,    # maxclients raised from 10,000 (each live stream
                                         # holds a connection to its match's master)
}

RATES = {"live (a move every 10 s)": 1 / 10, "fast correspondence (a move a minute)": 1 / 60,
         "correspondence (a move an hour)": 1 / 3600}
MATCHES = (10_000, 100_000, 1_000_000)


CORES_PER_MACHINE = 16  # to compare resources: a machine of 16 cores, one process each


@dataclass(frozen=True)
class Need:
    matches: int
    rate: str
    moves_per_s: float
    service_cores: int
    api_processes_for_streams: int
    redis_shards: int
    shards_by: str
    hot_slot_share: float  # of its one core: the one part that does not scale out
    sized_by: str


def need(matches: int, rate_name: str, measured: dict = MEASURED,
         assumed: dict = ASSUMED) -> Need:
    """What `matches` concurrent matches at `rate_name` ask for."""
    per_match = RATES[rate_name]
    live = per_match >= 1 / 10
    moves = matches * per_match
    util = assumed["target_utilisation"]
    service_cores = max(1, math.ceil(
        moves * (measured["api_cpu_s_per_1000_moves"]
                 + measured["others_cpu_s_per_1000_moves"]) / 1000 / util))
    streams = matches * assumed["streams_per_live_match"] if live else 0
    api_processes = math.ceil(streams / assumed["streams_per_api_process"])
    by = {
        "cpu": moves * measured["redis_master_cpu_s_per_1000_moves"] / 1000 / util,
        "memory": matches * assumed["bytes_per_active_match"]
        / (assumed["shard_memory_bytes"] * assumed["memory_headroom"]),
        "connections": streams / assumed["redis_clients_per_node"],
    }
    reason = max(by, key=by.get)
    shards = max(3, math.ceil(by[reason]))  # a cluster has 3 masters at least
    hot = moves * measured["hot_slot_cpu_s_per_1000_moves"] / 1000
    redis = f"Redis {reason}" if by[reason] > 3 else "the smallest cluster (3 + 3)"
    machines = {"service CPU": service_cores, "live streams (API processes)": api_processes,
                redis: 2 * shards}  # each master has its replica
    sized_by = max(machines, key=machines.get)
    if hot >= 1:
        sized_by = "past the limit: single-slot keys need more than one core"
    return Need(matches, rate_name, moves, service_cores, api_processes, shards, reason, hot,
                sized_by)


def hot_slot_ceiling(rate_name: str, measured: dict = MEASURED) -> int:
    """Concurrent matches at which the single-slot keys fill their one core."""
    return int(1000 / measured["hot_slot_cpu_s_per_1000_moves"] / RATES[rate_name])


def table(measured: dict = MEASURED) -> str:
    rows = ["| matches | move rate | moves/s | service cores | API processes for streams "
            "| Redis masters (+1 replica each) | masters set by | single-slot keys' core "
            "| what sizes it |", "|" + "---|" * 9]
    for rate in RATES:
        for matches in MATCHES:
            n = need(matches, rate, measured)
            rows.append(f"| {matches:,} | {rate} | {n.moves_per_s:,.0f} | {n.service_cores:,} "
                        f"| {n.api_processes_for_streams:,} | {n.redis_shards:,} | "
                        f"{n.shards_by} | {n.hot_slot_share:.0%} | {n.sized_by} |")
    rows.append("")
    rows += [f"Single-slot keys fill their core at {hot_slot_ceiling(rate, measured):,} "
             f"concurrent "
             f"matches, {rate}." for rate in RATES]
    return "\n".join(rows)


def from_bench_line(line: str) -> dict:
    """MEASURED from one JSON line of `python -m bench cluster_capacity` (cluster run)."""
    run = json.loads(line)
    redis = run["redis_cpu_s_per_1000_moves"]
    coolest = min(v for k, v in redis.items() if k.startswith("master"))
    return {"api_cpu_s_per_1000_moves": run["api_cpu_s_per_1000_moves"],
            "others_cpu_s_per_1000_moves": run["others_cpu_s_per_1000_moves"],
            "redis_master_cpu_s_per_1000_moves": sum(
                v for k, v in redis.items() if k.startswith("master")),
            "redis_replica_cpu_s_per_1000_moves": sum(
                v for k, v in redis.items() if k.startswith("replica")),
            "redis_bytes_per_finished_match": run["redis_bytes_per_finished_match"],
            "hot_slot_cpu_s_per_1000_moves":
                redis[run["hot_slots"]["celery broker"]] - coolest}


def main(argv) -> None:
    measured = from_bench_line(sys.stdin.readline()) if argv[:1] == ["-"] else MEASURED
    print(table(measured))


if __name__ == "__main__":
    main(sys.argv[1:])
