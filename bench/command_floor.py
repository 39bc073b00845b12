"""What a command costs before any of Orrery's own work: the floor under `command_path`
and `http_single`.

    python -m bench command_floor

The app is bench/floor_app.py: one Flask route that loads a command's body with marshmallow
and answers a dump of a small schema, nothing else. Three figures:

- `in_process`: CPU time of this thread around the WSGI call, Flask's test client driving
  it, as `command_path` measures the real route (`flask_marshmallow_us`); beside it one
  EVALSHA of a script that returns at once, through the redis-py client the match service
  uses (`redis_round_trip_us`: the command path is one such round trip); `floor_us` is
  their sum.
- `served`: the same app under gunicorn with deploy/gunicorn.conf.py (the match service's
  worker class and count), one sequential keep-alive client as `http_single` plays:
  requests a second, the server's CPU per request (`server_cpu_us_per_request`) and the
  client's own (`client_cpu_us_per_request`: one sequential client's rate is bounded by
  the sum of the two).
- `served_wsgi`, `served_flask_bare`, `served_round_trip`: the same client against a bare
  WSGI callable (gunicorn and gevent alone), a bare Flask route, and `served`'s route
  with one Redis round trip added (bench/floor_app.py): what a served command costs
  before any of Orrery's own code, step by step.

Compare `command_path`'s `cpu_us_per_command` and `http_single`'s API CPU per move in the
same run: the difference is Orrery's own code.
"""
from __future__ import annotations

import time

from bench.common import RequestCpu, emit, redis_url

REQUESTS = 3000
WARMUP = 500


def _flask_marshmallow_us(requests: int = REQUESTS) -> float:
    from bench.floor_app import PATH, app, body

    measured = RequestCpu(app)
    try:
        client = app.test_client()

        def play(count: int) -> None:
            for n in range(count):
                answer = client.post(PATH, headers={"Authorization": "Bearer t"}, json=body(n))
                assert answer.status_code == 200, answer.data

        play(WARMUP)
        measured.reset()
        play(requests)
    finally:
        measured.remove()
    return measured.seconds / measured.requests * 1e6


def _redis_round_trip_us(calls: int = REQUESTS) -> float:
    from shared.infra.connect import connect

    client = connect(redis_url())
    try:
        script = client.register_script("return 1")
        for _ in range(WARMUP):
            script()
        started = time.thread_time()
        for _ in range(calls):
            script()
        return (time.thread_time() - started) / calls * 1e6
    finally:
        client.close()


def _served(app: str = "bench.floor_app:app", requests: int = REQUESTS) -> dict:
    from bench.floor_app import PATH, body
    from bench.server import Client, cpu_seconds, gunicorn

    with gunicorn(app) as (port, described):
        client = Client(port)
        client.authorize("t")
        try:
            for n in range(WARMUP):
                client.call("POST", PATH, body(n))
            before, started = cpu_seconds(described["pid"]), time.perf_counter()
            client_started = time.process_time()
            for n in range(requests):
                status, answer = client.call("POST", PATH, body(n))
                assert status == 200, (status, answer)
            elapsed = time.perf_counter() - started
            client_cpu = time.process_time() - client_started
            cpu = cpu_seconds(described["pid"]) - before
        finally:
            client.close()
    return {"server": {k: v for k, v in described.items() if k != "pid"},
            "requests_per_s": round(requests / elapsed, 1),
            "server_cpu_us_per_request": round(cpu / requests * 1e6, 1),
            "client_cpu_us_per_request": round(client_cpu / requests * 1e6, 1)}


def run() -> dict:
    flask_marshmallow = _flask_marshmallow_us()
    round_trip = _redis_round_trip_us()
    return emit({"bench": "command_floor", "requests": REQUESTS,
                 "in_process": {"flask_marshmallow_us": round(flask_marshmallow, 1),
                                "redis_round_trip_us": round(round_trip, 1),
                                "floor_us": round(flask_marshmallow + round_trip, 1)},
                 "served": _served(),
                 # The steps under and over it, served alike (bench/floor_app.py).
                 "served_wsgi": _served("bench.floor_app:wsgi"),
                 "served_flask_bare": _served("bench.floor_app:flask_bare"),
                 "served_round_trip": _served("bench.floor_app:app_round_trip")})


if __name__ == "__main__":
    run()
