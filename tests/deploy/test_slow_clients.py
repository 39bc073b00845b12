"""Slow and hostile clients (issue 25, item 1): one client holding thousands of connections
that send their headers and then a body a byte at a time no longer takes either API down.
Real gunicorn processes with the deploy configs: the worker closes a client's connections
past its cap (shared/web/gunicorn_worker.py), and a body must arrive within its time
(shared/web/guard.py).

The attacker sends from 127.0.0.2 (another loopback address), so that the probes from
127.0.0.1 are another client, as they would be in the wild."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = {"match": ("deploy/gunicorn.conf.py", "services.match.api.wsgi:app", "ORRERY_BIND"),
           "matchmaking": ("deploy/gunicorn_matchmaking.conf.py",
                           "services.matchmaking.wsgi:app", "ORRERY_MATCHMAKING_BIND")}
SLOW = 2500        # connections the attacker opens
BODY_SECONDS = 3   # the deadline the servers are given for a body
PER_CLIENT = 100

pytestmark = pytest.mark.timeout(180)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(params=sorted(CONFIGS))
def server(request, settings, tmp_path):
    config, app, bind = CONFIGS[request.param]
    port = _free_port()
    env = {**os.environ, "REDIS_URL": settings.redis_url, "ORRERY_NAMESPACE": settings.namespace,
           "ORRERY_SECRET": settings.secret, bind: f"127.0.0.1:{port}",
           "ORRERY_WORKERS": "1", "ORRERY_MATCHMAKING_WORKERS": "1",
           "ORRERY_BODY_SECONDS": str(BODY_SECONDS),
           "ORRERY_CONNECTIONS_PER_CLIENT": str(PER_CLIENT),
           "ORRERY_RATE_LIMIT_PER_MINUTE": "0",
           "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "metrics")}
    process = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", config, app], cwd=ROOT,
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if requests.get(base + "/healthz", timeout=2).ok:
                break
        except requests.RequestException:
            pass
        assert process.poll() is None, "gunicorn exited"
        assert time.monotonic() < deadline, "gunicorn did not come up"
        time.sleep(0.2)
    yield request.param, port, base, settings
    process.terminate()
    process.communicate(timeout=30)


def _slow_body(port: int, path: str) -> socket.socket:
    """A connection that sent its headers (a 100-byte JSON body announced) and one byte."""
    conn = socket.socket()
    conn.setblocking(True)
    conn.bind(("127.0.0.2", 0))
    conn.settimeout(5)
    conn.connect(("127.0.0.1", port))
    conn.sendall((f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  "Content-Length: 100\r\n\r\n{").encode())
    return conn


def _status(conn: socket.socket):
    """The status the server answered on `conn` (None if it answered nothing yet)."""
    conn.settimeout(0.01)
    try:
        data = conn.recv(4096)
    except (socket.timeout, BlockingIOError):
        return None
    except OSError:
        return "reset"
    return int(data.split()[1]) if data else "closed"


def _command(name: str, base: str, settings) -> requests.Response:
    """A command of the service that writes something: a new player, or a ticket."""
    if name == "match":
        return requests.post(base + "/v1/players", json={"name": "Ana"}, timeout=5)
    from shared.web.auth import Tokens
    token = Tokens(settings.secret, None, None)._sign(uuid.uuid4().hex, 0)
    return requests.post(base + "/v1/tickets", json={"game": "tictactoe", "players": 2,
                                                     "mode": "casual"},
                         headers={"Authorization": f"Bearer {token}"}, timeout=5)


def test_thousands_of_slow_bodies_leave_the_probes_and_commands_answered(server):
    name, port, base, settings = server
    path = "/v1/players" if name == "match" else "/v1/tickets"
    conns = []
    try:
        for _ in range(SLOW):
            conns.append(_slow_body(port, path))
        opened = time.monotonic()
        # Meanwhile: the probe and a command answer within 1 s, every time.
        probes, commands = [], []
        while time.monotonic() - opened < BODY_SECONDS + 1:
            started = time.monotonic()
            assert requests.get(base + "/healthz", timeout=5).status_code == 200
            probe_took = time.monotonic() - started
            started = time.monotonic()
            answer = _command(name, base, settings)
            command_took = time.monotonic() - started
            assert answer.status_code == 201, answer.text
            probes.append(probe_took)
            commands.append(command_took)
            time.sleep(0.2)
        print(f"\n{name}: {SLOW} slow bodies; /healthz {sorted(probes)}, command "
              f"{sorted(commands)} s")
        assert max(probes) < 1.0, probes
        assert max(commands) < 1.0, commands
        # The attacker's own connections: past its cap closed at once, the rest answered
        # 408 once their body did not arrive; none left hanging.
        time.sleep(1.0)
        statuses = [_status(conn) for conn in conns]
        counts = {status: statuses.count(status) for status in set(statuses)}
        assert 1 <= counts.get(408, 0) <= PER_CLIENT, counts
        assert counts.get("reset", 0) + counts.get("closed", 0) >= SLOW - PER_CLIENT, counts
        assert None not in counts, counts
    finally:
        for conn in conns:
            conn.close()


def test_a_body_sent_in_time_is_served_and_a_late_one_is_a_408(server):
    name, port, base, settings = server
    path = "/v1/players" if name == "match" else "/v1/tickets"
    body = json.dumps({"name": "Bo"}).encode()
    conn = socket.create_connection(("127.0.0.1", port), timeout=10)
    conn.sendall((f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  f"Content-Length: {len(body) + 5}\r\n\r\n").encode() + body)
    started = time.monotonic()
    answer = conn.recv(4096)
    took = time.monotonic() - started
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    assert BODY_SECONDS - 0.5 < took < BODY_SECONDS + 3, took
    assert b'"request_timeout"' in answer
    conn.settimeout(2)
    assert conn.recv(4096) == b""  # and the connection closed, not kept for the rest
    conn.close()
    if name == "match":  # a body that trickles in, but within the time, is served
        conn = socket.create_connection(("127.0.0.1", port), timeout=10)
        conn.sendall((f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      f"Connection: close\r\nContent-Length: {len(body)}\r\n\r\n").encode())
        for byte in body:
            conn.sendall(bytes([byte]))
            time.sleep(0.05)
        assert conn.recv(4096).startswith(b"HTTP/1.1 201")
        conn.close()
