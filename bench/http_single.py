"""Tic-tac-toe through the API by one client: moves/s for 100 matches one after another.

One keep-alive connection, one player holding both seats. Each match: POST /v1/matches,
then POST .../commands (random empty cell, fresh command_id, expected version) until over;
with `legal=True` the client first asks GET .../legal before each move, as a client that
shows the legal moves does. The figure counts moves (commands); the time includes creating
the matches. bench/full_stack.py plays the same client against every process `make run`
starts.
"""
from __future__ import annotations

import random
import time
import uuid

from bench.common import emit, log_fail, percentile
from bench.server import Client, available, cpu_seconds, gunicorn

MATCHES = 100


def play_matches(port: int, count: int, seed: int = 0, legal: bool = False) -> dict:
    """Play `count` matches; return moves, seconds and the latencies of each request kind."""
    client, rng = Client(port), random.Random(seed)
    player = client.new_player("bench-single")
    moves, posts, gets = 0, [], []
    started = time.perf_counter()
    for _ in range(count):
        match_id, version = client.new_match(player)
        empty, over = list(range(9)), False
        while not over:
            if legal:
                sent = time.perf_counter()
                status, body = client.call("GET", f"/v1/matches/{match_id}/legal")
                gets.append(time.perf_counter() - sent)
                assert status == 200, (status, body)
            cell = empty.pop(rng.randrange(len(empty)))
            sent = time.perf_counter()
            status, body = client.call("POST", f"/v1/matches/{match_id}/commands", {
                "command": {"type": "mark", "cell": cell}, "command_id": uuid.uuid4().hex,
                "expected_version": version})
            posts.append(time.perf_counter() - sent)
            assert status == 200, (status, body)
            version, over, moves = body["version"], not body["to_act"], moves + 1
        status, body = client.call("GET", f"/v1/matches/{match_id}")
        assert status == 200 and body["status"] == "finished", body
    elapsed = time.perf_counter() - started
    client.close()
    return {"moves": moves, "seconds": elapsed, "post": posts, "legal": gets}


def figures(played: dict) -> dict:
    """moves/s and p50/p99 per request kind (ms) of one `play_matches` run."""
    out = {"moves": played["moves"], "seconds": round(played["seconds"], 3),
           "moves_per_s": round(played["moves"] / played["seconds"], 1)}
    for kind in ("post", "legal"):
        ms = [x * 1000 for x in played[kind]]
        if ms:
            name = "command" if kind == "post" else "legal"
            out[f"{name}_p50_ms"] = round(percentile(ms, 50), 2)
            out[f"{name}_p99_ms"] = round(percentile(ms, 99), 2)
    return out


def run() -> list:
    if not available():
        log_fail("bench http_single: services/match/api/wsgi.py does not exist yet; skipped")
        return [emit({"bench": "http_single_client", "skipped": "services/match/api/wsgi.py missing"})]
    out = []
    with gunicorn() as (port, described):
        play_matches(port, 5, seed=99)  # warm every worker a little
        for legal in (False, True):
            before = cpu_seconds(described["pid"])
            played = play_matches(port, MATCHES, legal=legal)
            cpu = cpu_seconds(described["pid"]) - before
            out.append(emit({"bench": "http_single_client", "stack": "api_alone",
                             "mode": "legal+post" if legal else "post", "matches": MATCHES,
                             **figures(played),
                             "api_cpu_s_per_1000_moves": round(cpu * 1000 / played["moves"], 3)}))
    return out


if __name__ == "__main__":
    run()
