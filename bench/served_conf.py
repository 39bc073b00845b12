"""gunicorn settings for bench/served_split.py: the match service's own
(deploy/gunicorn.conf.py) with one worker, which times each WSGI call in its own CPU time
(`time.thread_time`, the worker is one thread) by route kind and writes, when it exits,
those times and its whole CPU time as JSON to BENCH_SPLIT_OUT."""
import json
import os
import runpy
import time

globals().update({name: value for name, value in
                  runpy.run_path("deploy/gunicorn.conf.py").items()
                  if not name.startswith("__")})
workers = 1
_spent: dict = {}
_started: list = []


def _kind(environ) -> str:
    path, method = environ.get("PATH_INFO", ""), environ.get("REQUEST_METHOD", "")
    if path.endswith("/commands"):
        return f"{method} commands"
    if path.endswith("/legal"):
        return f"{method} legal"
    if path == "/v1/matches":
        return f"{method} create"
    if path.startswith("/v1/matches/") and path.count("/") == 3:
        return f"{method} view"
    return "other"


def post_worker_init(worker):
    inner = worker.wsgi

    def timed(environ, start_response):
        kind, started = _kind(environ), time.thread_time()
        try:
            return inner(environ, start_response)
        finally:
            entry = _spent.setdefault(kind, [0, 0.0])
            entry[0] += 1
            entry[1] += time.thread_time() - started

    worker.wsgi = timed
    _started.append(time.process_time())


def worker_exit(server, worker):
    out = os.environ.get("BENCH_SPLIT_OUT")
    if out and _started:
        with open(out, "w") as handle:
            json.dump({"worker_cpu_s": time.process_time() - _started[0],
                       "routes": {kind: {"requests": n, "cpu_s": s}
                                  for kind, (n, s) in _spent.items()}}, handle)
