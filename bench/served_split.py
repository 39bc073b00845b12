"""Where a served command's CPU goes: inside the app (by route) or in gunicorn and gevent.

    python -m bench served_split

One match-service worker (deploy/gunicorn.conf.py's class and settings, one process:
bench/served_conf.py) under `http_single`'s client, POST only, 200 matches. The worker
times each WSGI call in its own CPU time by route (a command, a creation, the view each
match ends with); whatever else the worker spends is gunicorn's and gevent's (reading and
parsing the request, building the environ, writing the answer, the hub). Compare
`app_us` of the commands with `command_path`'s in-process figure: the difference is what
running under gevent and reading a real socket add to our code.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from bench.common import clean, emit, log_fail, redis_url
from bench.http_single import play_matches
from bench.server import START_SECONDS, _free_port, _healthy, available
from shared.infra.connect import connect

ROOT = Path(__file__).resolve().parents[1]
MATCHES = 200


def run(matches: int = MATCHES) -> dict:
    if not available():
        log_fail("bench served_split: services/match/api/wsgi.py does not exist yet; skipped")
        return emit({"bench": "served_split", "skipped": "services/match/api/wsgi.py missing"})
    port, namespace = _free_port(), f"bench-split-{uuid.uuid4().hex[:10]}:"
    out = Path(tempfile.mkdtemp(prefix="orrery-bench-split-")) / "split.json"
    env = {**os.environ, "REDIS_URL": redis_url(), "ORRERY_NAMESPACE": namespace,
           "ORRERY_RATE_LIMIT_PER_MINUTE": "0", "PORT": str(port), "ORRERY_DEVELOPMENT": "1",
           "BENCH_SPLIT_OUT": str(out)}
    gunicorn_bin = str(Path(sys.executable).parent / "gunicorn")
    process = subprocess.Popen([gunicorn_bin, "-c", "bench/served_conf.py",
                                "services.match.api.wsgi:app"], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + START_SECONDS
        while not _healthy(port):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("gunicorn did not come up")
            time.sleep(0.1)
        played = play_matches(port, matches)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        client = connect(redis_url())
        clean(client, namespace)
        client.close()
    split = json.loads(out.read_text())
    routes = split["routes"]
    inside = sum(r["cpu_s"] for r in routes.values())
    requests = sum(r["requests"] for r in routes.values())
    moves = played["moves"]
    return emit({"bench": "served_split", "matches": matches, "moves": moves,
                 "moves_per_s": round(moves / played["seconds"], 1),
                 "worker_cpu_us_per_move": round(split["worker_cpu_s"] / moves * 1e6, 1),
                 "outside_app_us_per_request": round(
                     (split["worker_cpu_s"] - inside) / requests * 1e6, 1),
                 "app_us": {kind: round(r["cpu_s"] / r["requests"] * 1e6, 1)
                            for kind, r in sorted(routes.items())},
                 "requests": {kind: r["requests"] for kind, r in sorted(routes.items())},
                 "load_average": round(os.getloadavg()[0], 1)})


if __name__ == "__main__":
    run()
