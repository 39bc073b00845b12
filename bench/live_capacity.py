"""Live streams as a bounded resource: thousands open on one API process, the API still
answering, and the Redis connections they hold: one per API process and Redis node (the live hub,
services/match/api/live_hub.py), given back when they close.

    python -m bench live_capacity            (or: python -m bench.live_capacity --streams 4500)

Starts the match API (deploy/gunicorn.conf.py: gevent, one worker) on a free port with a
per-process cap above --streams, opens --streams `GET /v1/players/me/live` streams (one
player each), then measures `GET /healthz` and `GET /v1/games` while they are open, counts
the Redis connections the streams hold on each Redis node (CLIENT LIST on every master, by
the live hub's client name), closes every stream and counts again; finally opens one anonymous client's streams past the
per-client cap (as one player) and counts the 429s. One JSON line.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

from bench.common import clean, emit, percentile, redis_url
from bench.turns_sse import SECRET, Subscriber, _free_port, _wait_ready
from services.match.api.streams import WAITER_NAME
from shared.infra.connect import connect
from shared.eventlog.keys import Keys
from shared.web.auth import Tokens

ROOT = Path(__file__).resolve().parents[1]
PER_CLIENT = 20


def _server(port: int, namespace: str, streams: int) -> subprocess.Popen:
    env = {**os.environ, "REDIS_URL": redis_url(), "ORRERY_NAMESPACE": namespace,
           "ORRERY_SECRET": SECRET, "ORRERY_RATE_LIMIT_PER_MINUTE": "0", "ORRERY_WORKERS": "1",
           "ORRERY_CONNECTIONS": str(streams + 500),
           # every stream comes from loopback: one client, past the per-client cap otherwise
           "ORRERY_CONNECTIONS_PER_CLIENT": str(streams + 500),
           "ORRERY_LIVE_PER_PROCESS": str(streams + 100), "ORRERY_LIVE_PER_CLIENT": str(PER_CLIENT),
           "ORRERY_SSE_HEARTBEAT_SECONDS": "5"}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    return subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "deploy/gunicorn.conf.py",
                             "--bind", f"127.0.0.1:{port}", "services.match.api.wsgi:app"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


async def _get(port: int, path: str) -> tuple:
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    await writer.drain()
    status = (await reader.readline()).split(b" ")[1]
    await reader.read()
    writer.close()
    return int(status), time.perf_counter() - started


def _per_node(redis, namespace: str) -> dict:
    """The live streams' Redis connections on each node (every master of a cluster)."""
    nodes = ([(n.name, redis.get_redis_connection(n)) for n in redis.get_primaries()]
             if hasattr(redis, "get_primaries") else [("redis", redis)])
    return {name: sum(1 for c in node.client_list() if c.get("name") == WAITER_NAME + namespace)
            for name, node in nodes}


def _held(redis, namespace: str) -> int:
    return sum(_per_node(redis, namespace).values())


async def _statuses_past_the_cap(port: int, token: str) -> dict:
    """One player opening PER_CLIENT + 10 streams: how many got each status."""
    async def one():
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET /v1/players/me/live HTTP/1.1\r\nHost: x\r\n"
                     f"Authorization: Bearer {token}\r\n\r\n".encode())
        await writer.drain()
        return writer, int((await reader.readline()).split(b" ")[1])
    opened = [await one() for _ in range(PER_CLIENT + 10)]
    for writer, _ in opened:
        writer.close()
    codes = [code for _, code in opened]
    return {str(code): codes.count(code) for code in sorted(set(codes))}


async def _bench(port: int, redis, namespace: str, tokens: list) -> dict:
    subscribers = [Subscriber(token) for token in tokens]
    tasks = [asyncio.create_task(s.run(port)) for s in subscribers]
    opened = time.perf_counter()
    try:
        await asyncio.wait_for(asyncio.gather(*(s.connected.wait() for s in subscribers)), 60)
    except asyncio.TimeoutError:
        pass
    connect_seconds = time.perf_counter() - opened
    await asyncio.sleep(1.0)
    per_node = _per_node(redis, namespace)
    held_open = sum(per_node.values())
    health = [(await _get(port, "/healthz"))[1] for _ in range(20)]
    games = [await _get(port, "/v1/games") for _ in range(20)]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    closed_at = time.perf_counter()
    # A closed client is found out at the next heartbeat (5 s here) or when its read ends.
    while _held(redis, namespace) and time.perf_counter() - closed_at < 30:
        await asyncio.sleep(0.5)
    return {"streams": len(tokens), "connected": sum(s.connected.is_set() for s in subscribers),
            "connect_seconds": round(connect_seconds, 2),
            "redis_connections_while_open": held_open,
            "redis_connections_per_node_while_open": per_node,
            "redis_connections_after_close": _held(redis, namespace),
            "seconds_to_give_back": round(time.perf_counter() - closed_at, 2),
            "healthz_p50_ms_while_open": round(percentile(health, 50) * 1000, 2),
            "healthz_max_ms_while_open": round(max(health) * 1000, 2),
            "games_p50_ms_while_open": round(percentile([t for _, t in games], 50) * 1000, 2),
            "games_all_200": all(code == 200 for code, _ in games),
            "one_client_past_its_cap": await _statuses_past_the_cap(port, tokens[0])}


def run(streams: int = 4500) -> dict:
    namespace = f"bench-live-{uuid.uuid4().hex[:10]}:"
    redis = connect(redis_url())
    tokens = Tokens(SECRET, redis, Keys(namespace))
    players = [tokens.issue(uuid.uuid4().hex) for _ in range(streams)]
    port = _free_port()
    server = _server(port, namespace, streams)
    try:
        asyncio.run(_wait_ready(port))
        figures = asyncio.run(_bench(port, redis, namespace, players))
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
        clean(redis, namespace)
    return emit({"bench": "live_capacity", "processes": 1, **figures})


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--streams", type=int, default=4500)  # the case issue 14 found
    run(parser.parse_args(argv).streams)
    return 0


if __name__ == "__main__":
    sys.exit(main())
