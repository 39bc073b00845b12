"""Tic-tac-toe through the API by one client: moves/s for 100 matches one after another.

One keep-alive connection, one player holding both seats. Each match: POST /v1/matches,
then POST .../commands (random empty cell, fresh command_id, expected version) until over.
The figure counts moves (commands); the time includes creating the matches.
"""
from __future__ import annotations

import random
import time
import uuid

from bench.common import emit, log_fail, percentile
from bench.server import Client, available, gunicorn

MATCHES = 100


def play_matches(port: int, count: int, seed: int = 0) -> tuple:
    client, rng = Client(port), random.Random(seed)
    player = client.new_player("bench-single")
    moves, latencies = 0, []
    started = time.perf_counter()
    for _ in range(count):
        match_id, version = client.new_match(player)
        empty, over = list(range(9)), False
        while not over:
            cell = empty.pop(rng.randrange(len(empty)))
            sent = time.perf_counter()
            status, body = client.call("POST", f"/v1/matches/{match_id}/commands", {
                "command": {"type": "mark", "cell": cell}, "command_id": uuid.uuid4().hex,
                "expected_version": version})
            latencies.append(time.perf_counter() - sent)
            assert status == 200, (status, body)
            version, over, moves = body["version"], not body["to_act"], moves + 1
        status, body = client.call("GET", f"/v1/matches/{match_id}")
        assert status == 200 and body["status"] == "finished", body
    elapsed = time.perf_counter() - started
    client.close()
    return moves, elapsed, latencies


def run() -> list:
    if not available():
        log_fail("bench http_single: services/match/wsgi.py does not exist yet; skipped")
        return [emit({"bench": "http_single_client", "skipped": "services/match/wsgi.py missing"})]
    with gunicorn() as (port, _):
        play_matches(port, 5, seed=99)  # warm every worker a little
        moves, elapsed, latencies = play_matches(port, MATCHES)
    ms = [x * 1000 for x in latencies]
    return [emit({"bench": "http_single_client", "matches": MATCHES, "moves": moves,
                  "seconds": round(elapsed, 3), "moves_per_s": round(moves / elapsed, 1),
                  "command_p50_ms": round(percentile(ms, 50), 2),
                  "command_p99_ms": round(percentile(ms, 99), 2)})]


if __name__ == "__main__":
    run()
