"""The match service under gunicorn, as deployed, on a free port and a namespace of its own.

    gunicorn -c deploy/gunicorn.conf.py services.match.api.wsgi:app

with REDIS_URL (the bench Redis), ORRERY_NAMESPACE (unique, deleted afterwards),
ORRERY_RATE_LIMIT_PER_MINUTE=0 (no rate limit) and PORT. Worker class, count and threads
are the deploy defaults unless ORRERY_WORKER_CLASS / ORRERY_WORKERS / ORRERY_THREADS are set
in the environment. BENCH_SERVER_START_SECONDS (90) bounds the wait for /healthz: a loaded
machine takes well over 30 s to import and fork the workers.
"""
from __future__ import annotations

import contextlib
import http.client
import json
import os
import runpy
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Optional
from unittest import mock

from bench.common import clean, redis_url
from shared.infra.connect import connect

ROOT = Path(__file__).resolve().parents[1]
WSGI = ROOT / "services" / "match" / "api" / "wsgi.py"
START_SECONDS = float(os.environ.get("BENCH_SERVER_START_SECONDS", "90"))


def available() -> bool:
    return WSGI.exists()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _healthy(port: int) -> bool:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
        connection.request("GET", "/readyz")
        return connection.getresponse().status == 200
    except OSError:
        return False


@contextlib.contextmanager
def gunicorn(app: str = "services.match.api.wsgi:app", config: str = "deploy/gunicorn.conf.py",
             environment: Optional[dict] = None):
    """Yield (port, settings) of a running match service (or of another WSGI `app`) under
    gunicorn's `config` and the bench's settings (and `environment`); stop it and clean up
    after."""
    port = _free_port()
    namespace = f"bench-http-{uuid.uuid4().hex[:10]}:"
    env = {**os.environ, "REDIS_URL": redis_url(), "ORRERY_NAMESPACE": namespace,
           "ORRERY_RATE_LIMIT_PER_MINUTE": "0", "PORT": str(port), "ORRERY_DEVELOPMENT": "1",
           **(environment or {})}
    gunicorn_bin = str(Path(sys.executable).parent / "gunicorn")
    # Its log goes to a file (shown on failure, or at the end with BENCH_SERVER_LOG set): a
    # pipe nobody reads while the bench runs would fill, and block gunicorn writing its log.
    errors = tempfile.TemporaryFile()
    process = subprocess.Popen(
        [gunicorn_bin, "-c", config, app],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=errors)
    try:
        deadline = time.monotonic() + START_SECONDS
        while not _healthy(port):
            if process.poll() is not None:
                errors.seek(0)
                raise RuntimeError("gunicorn did not come up: "
                                   + errors.read().decode()[-2000:])
            if time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn did not answer /healthz within {START_SECONDS} s"
                                   " (BENCH_SERVER_START_SECONDS)")
            time.sleep(0.1)
        yield port, {"pid": process.pid, **_described(env, config)}
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        client = connect(redis_url())
        clean(client, namespace)
        client.close()
        errors.seek(0)
        said = errors.read().decode(errors="replace")
        errors.close()
        if os.environ.get("BENCH_SERVER_LOG"):
            sys.stderr.write(said[-4000:])


def _described(env: dict, config: str) -> dict:
    """The worker class and count `config` gives under `env` (and threads or connections
    per worker, whichever that class uses)."""
    with mock.patch.dict(os.environ, env):
        conf = runpy.run_path(str(ROOT / config))
    worker_class = conf.get("worker_class", "sync")
    per_worker = ({"threads": conf["threads"]} if worker_class == "gthread" else
                  {"connections": conf.get("worker_connections", 1000)})
    return {"worker_class": worker_class, "workers": conf["workers"], **per_worker}


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and its children (Linux /proc; 0 elsewhere)."""
    tick = os.sysconf("SC_CLK_TCK")
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except (OSError, IndexError, ValueError):
            continue
        todo += [int(child) for child in children]
    return total


class Client:
    """A keep-alive HTTP/1.1 JSON client on one connection (http.client, no extras)."""

    def __init__(self, port: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {"Content-Type": "application/json"}

    def authorize(self, token: str) -> None:
        self.headers = {**self.headers, "Authorization": f"Bearer {token}"}

    def call(self, method: str, path: str, body=None) -> tuple:
        payload = None if body is None else json.dumps(body)
        self.connection.request(method, path, body=payload, headers=self.headers)
        response = self.connection.getresponse()
        data = response.read()
        return response.status, (json.loads(data) if data else None)

    def new_player(self, name: str) -> str:
        status, body = self.call("POST", "/v1/players", {"name": name})
        assert status == 201, (status, body)
        self.authorize(body["token"])
        return body["player_id"]

    def new_match(self, player_id: str) -> tuple:
        """A tic-tac-toe match where this player holds both seats (hot seat)."""
        status, body = self.call("POST", "/v1/matches", {
            "game": "tictactoe", "seats": [{"player_id": player_id}] * 2})
        assert status == 201, (status, body)
        return body["match_id"], body["version"]

    def close(self) -> None:
        self.connection.close()
