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

from bench.common import emit, log_fail, workdir
from bench.http_single import play_matches
from bench.server import available, gunicorn

MATCHES = 200


def run(matches: int = MATCHES) -> dict:
    if not available():
        log_fail("bench served_split: services/match/api/wsgi.py does not exist yet; skipped")
        return emit({"bench": "served_split", "skipped": "services/match/api/wsgi.py missing"})
    out = workdir("split") / "split.json"
    with gunicorn(config="bench/served_conf.py", environment={"BENCH_SPLIT_OUT": str(out)}) \
            as (port, _):
        played = play_matches(port, matches)
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
