"""1,000 SSE subscribers on one match-service process: delay from append to delivery.

    python -m bench.turns_sse [--subscribers 1000] [--rounds 5] [--worker-class gevent|gthread]

Starts one gunicorn worker process (deploy/gunicorn_live.conf.py: gevent; or the API's
config with gthread workers of 16 threads, for comparison) on a free port, opens N concurrent
`GET /v1/players/me/live` streams (one player each, asyncio client), then in each round
appends one notification to every player's feed (one pipeline) and measures, per
subscriber, the delay from the append to the message's arrival. Also times `GET /healthz`
while every stream is open (does a thousand feeds starve the API?). One JSON line.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

from bench.common import clean, emit, percentile, redis_url
from shared.infra.connect import connect
from shared.eventlog.keys import Keys
from shared.web.auth import Tokens

ROOT = Path(__file__).resolve().parents[1]
SECRET = "bench-sse-secret-0123456789"
CONNECT_TIMEOUT = 20


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _server(worker_class: str, port: int, namespace: str, logs) -> subprocess.Popen:
    config = "gunicorn_live.conf.py" if worker_class == "gevent" else "gunicorn.conf.py"
    env = {**os.environ, "REDIS_URL": redis_url(), "ORRERY_NAMESPACE": namespace,
           "ORRERY_SECRET": SECRET, "ORRERY_RATE_LIMIT_PER_MINUTE": "0",
           "ORRERY_LIVE_WORKERS": "1", "ORRERY_WORKERS": "1", "ORRERY_THREADS": "16",
           "ORRERY_WORKER_CLASS": worker_class,
           "ORRERY_SSE_HEARTBEAT_SECONDS": "5", "PROMETHEUS_MULTIPROC_DIR": "",
           # every subscriber comes from loopback: one client, past the per-client cap
           "ORRERY_CONNECTIONS_PER_CLIENT": "100000"}
    env.pop("PROMETHEUS_MULTIPROC_DIR")
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    return subprocess.Popen([gunicorn, "-c", f"deploy/{config}", "--bind",
                             f"127.0.0.1:{port}", "--access-logfile", "/dev/null",
                             "services.match.api.wsgi:app"],
                            cwd=ROOT, env=env, stdout=logs, stderr=logs)


async def _wait_ready(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            await writer.drain()
            if b"200" in await reader.readline():
                writer.close()
                return
        except OSError:
            pass
        await asyncio.sleep(0.2)
    raise RuntimeError("the server did not start")


class Subscriber:
    def __init__(self, token: str):
        self.token = token
        self.arrivals: dict = {}   # round -> arrival time
        self.connected = asyncio.Event()

    async def run(self, port: int) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
        writer.write((f"GET /v1/players/me/live HTTP/1.1\r\nHost: bench\r\n"
                      f"Authorization: Bearer {self.token}\r\nAccept: text/event-stream\r\n\r\n"
                      ).encode())
        await writer.drain()
        try:
            while True:
                line = await reader.readline()
                if not line:
                    return
                if line.startswith(b"retry:"):
                    self.connected.set()
                elif line.startswith(b"data: "):
                    note = json.loads(line[6:])
                    self.arrivals[note["round"]] = (time.time(), note["appended"])
        finally:
            writer.close()


async def _healthz(port: int) -> float:
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    await writer.drain()
    await reader.read()
    writer.close()
    return time.perf_counter() - started


async def _bench(port: int, redis, keys, players: list, rounds: int) -> dict:
    subscribers = [Subscriber(token) for _, token in players]
    tasks = [asyncio.create_task(s.run(port)) for s in subscribers]
    opened = time.perf_counter()
    try:
        await asyncio.wait_for(asyncio.gather(*(s.connected.wait() for s in subscribers)),
                               CONNECT_TIMEOUT)
    except asyncio.TimeoutError:
        pass
    connected = sum(1 for s in subscribers if s.connected.is_set())
    connect_seconds = time.perf_counter() - opened
    await asyncio.sleep(1.0)  # every stream is now blocked in XREAD
    health = []
    for _ in range(20):
        try:
            health.append(await asyncio.wait_for(_healthz(port), 5.0))
        except asyncio.TimeoutError:
            health.append(float("inf"))  # starved: no thread left to answer
            break
    for number in range(rounds):
        pipe = redis.pipeline(transaction=False)
        for player_id, _ in players:
            note = json.dumps({"type": "your_turn", "round": number, "appended": time.time()})
            pipe.xadd(keys.player_feed(player_id), {"m": note})
        pipe.execute()
        await asyncio.sleep(2.0)
    for task in tasks:
        task.cancel()
    delays = [arrived - appended for s in subscribers for arrived, appended in s.arrivals.values()]
    expected = len(players) * rounds
    return {"subscribers": len(players), "connected": connected,
            "connect_seconds": round(connect_seconds, 3),
            "delivered": len(delays), "expected": expected,
            "delay_p50_ms": round(percentile(delays, 50) * 1000, 2) if delays else None,
            "delay_p99_ms": round(percentile(delays, 99) * 1000, 2) if delays else None,
            "delay_max_ms": round(max(delays) * 1000, 2) if delays else None,
            "healthz_p50_ms_while_open": _ms(percentile(health, 50)),
            "healthz_max_ms_while_open": _ms(max(health))}


def _ms(seconds: float):
    return None if seconds == float("inf") else round(seconds * 1000, 2)


def run(subscribers: int = 1000, rounds: int = 5, worker_class: str = "gevent") -> dict:
    namespace = f"bench-sse-{uuid.uuid4().hex[:10]}:"
    redis, keys = connect(redis_url()), Keys(namespace)
    tokens = Tokens(SECRET, redis, keys)
    players = [(uuid.uuid4().hex, None) for _ in range(subscribers)]
    players = [(pid, tokens.issue(pid)) for pid, _ in players]
    port = _free_port()
    logs = open(os.devnull, "wb")
    server = _server(worker_class, port, namespace, logs)
    try:
        asyncio.run(_wait_ready(port))
        figures = asyncio.run(_bench(port, redis, keys, players, rounds))
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
        clean(redis, namespace)
    return emit({"bench": "turns_sse", "worker_class": worker_class, "processes": 1,
                 "rounds": rounds, **figures})


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--subscribers", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--worker-class", default="gevent", choices=["gevent", "gthread"])
    args = parser.parse_args(argv)
    run(args.subscribers, args.rounds, args.worker_class)
    return 0


if __name__ == "__main__":
    sys.exit(main())
