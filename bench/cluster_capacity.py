"""Capacity per core: the whole stack on a private Redis and on a private Redis Cluster.

`make run`'s stack (bench/full_stack.py) is started twice: over a private redis-server, and
over a private 3-master, 3-replica Redis Cluster (shared/infra/redis_cluster.py), both started
here so that Redis's own CPU is ours alone to count. The single client of
bench/http_single.py plays tic-tac-toe matches (POST only, both seats) on each. Figures per
run: moves/s; CPU seconds per 1,000 moves of the match API, of every other process kind,
and of Redis (each master, and the replicas together); and the Redis memory a finished
match keeps (MEMORY USAGE over the namespace's keys per match). deploy/capacity_model.py
turns these into cores and shards for 10k-1M concurrent matches (deploy/SCALING.md).

`BENCH_CLUSTER_MATCHES` sets the matches per run (100).
"""
from __future__ import annotations

import os
import shutil
import time
from unittest import mock

from bench import full_stack as stack_bench
from bench.common import emit, workdir
from bench.http_single import figures, play_matches
from bench.server import cpu_seconds
from shared.infra.celery_broker import TAG as CELERY_TAG
from shared.infra.connect import connect, is_cluster
from shared.eventlog.keys import Keys
from shared.infra.redis_cluster import start_cluster
from shared.infra.redis_server import start_private

MATCHES = int(os.environ.get("BENCH_CLUSTER_MATCHES", "100"))
IDLE_SECONDS = 5.0


def _memory_per_match(client, namespace: str, matches: int) -> float:
    total = 0
    for key in client.scan_iter(match=f"{namespace}match:*", count=1000):
        total += client.memory_usage(key, samples=0) or 0
    return total / matches


def _hot_keys(client, namespace: str) -> dict:
    """The master of each single-slot key every move may touch (the cluster's hot spots)."""
    if not is_cluster(client):
        return {}
    master = lambda key: f"master-{client.get_node_from_key(key).port}"  # noqa: E731
    deadlines = Keys(namespace).deadline_shards()
    return {"celery broker": master(f"{namespace}{CELERY_TAG}:orrery.bot"),
            "turn deadline shards": {m: sum(master(k) == m for k in deadlines)
                                     for m in sorted({master(k) for k in deadlines})}}


def _idle_cpu(pids: dict, servers: dict, seconds: float = IDLE_SECONDS) -> dict:
    """CPU seconds per second the stack and Redis spend with nothing to do (consumers
    waiting on the bus: on a cluster they poll each partition, see shared/eventlog/bus.py)."""
    every = {**pids, **servers}
    before = {name: cpu_seconds(pid) for name, pid in every.items()}
    time.sleep(seconds)
    spent = {name: cpu_seconds(pid) - before[name] for name, pid in every.items()}
    return {"stack": round(sum(spent[k] for k in pids) / seconds, 3),
            "redis": round(sum(spent[k] for k in servers) / seconds, 3)}


def _run(url: str, servers: dict, label: str) -> dict:
    """The stack over `url`; `servers`: {name: pid} of the Redis processes to count."""
    with mock.patch.object(stack_bench, "redis_url", lambda: url):
        with stack_bench.full_stack() as (port, pids, client, namespace):
            play_matches(port, 5, seed=99)
            stack_bench.drain(client, namespace)
            idle = _idle_cpu(pids, servers)
            redis_before = {name: cpu_seconds(pid) for name, pid in servers.items()}
            before = {kind: cpu_seconds(pid) for kind, pid in pids.items()}
            played = play_matches(port, MATCHES, legal=False)
            drained = stack_bench.drain(client, namespace)
            per_1000 = lambda spent: round(spent * 1000 / played["moves"], 3)  # noqa: E731
            kinds = {kind: per_1000(cpu_seconds(pid) - before[kind]) for kind, pid in pids.items()}
            redis = {name: per_1000(cpu_seconds(pid) - redis_before[name])
                     for name, pid in servers.items()}
            memory = _memory_per_match(client, namespace, MATCHES + 5)
            hot = _hot_keys(client, namespace)
    api = kinds.pop("match-api")
    return emit({"bench": "cluster_capacity", "redis": label, "matches": MATCHES,
                 **figures(played), "drain_s": round(drained, 2),
                 "api_cpu_s_per_1000_moves": api,
                 "others_cpu_s_per_1000_moves": round(sum(kinds.values()), 3),
                 "cpu_s_per_1000_moves": dict(sorted(kinds.items())),
                 "redis_cpu_s_per_1000_moves": redis,
                 "redis_total_cpu_s_per_1000_moves": round(sum(redis.values()), 3),
                 "idle_cpu_s_per_s": idle,
                 "hot_slots": hot,
                 "redis_bytes_per_finished_match": round(memory)})


def run() -> list:
    out = []
    home = workdir("capacity")
    single = start_private(home / "single")
    try:
        out.append(_run(single.url, {"single": single.process.pid}, "single"))
    finally:
        single.stop()
        shutil.rmtree(home, ignore_errors=True)
    cluster = start_cluster(masters=3, replicas=1)
    try:
        client = connect(cluster.url)
        masters = {node.port for node in client.get_primaries()}
        servers = {(f"master-{n.port}" if n.port in masters else f"replica-{n.port}"):
                   n.process.pid for n in cluster.nodes}
        client.close()
        out.append(_run(cluster.url, servers, "cluster-3x2"))
    finally:
        cluster.stop()
    return out


if __name__ == "__main__":
    run()
