"""gunicorn's own refusals are our JSON error body (issue 14: a request line over 4 KB got
gunicorn's HTML). Real gunicorn processes with the deploy configs, both services."""
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = {"match": ("deploy/gunicorn.conf.py", "services.match.api.wsgi:app", "ORRERY_BIND"),
           "matchmaking": ("deploy/gunicorn_matchmaking.conf.py",
                           "services.matchmaking.wsgi:app", "ORRERY_MATCHMAKING_BIND")}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _raw(port: int, request: bytes) -> tuple:
    """Send raw bytes; return (status, headers text, body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(request)
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), head.decode("latin-1"), body


@pytest.fixture(params=sorted(CONFIGS))
def server(request, settings, tmp_path):
    config, app, bind = CONFIGS[request.param]
    port = _free_port()
    env = {**os.environ, "REDIS_URL": settings.redis_url, "ORRERY_NAMESPACE": settings.namespace,
           "ORRERY_SECRET": settings.secret, bind: f"127.0.0.1:{port}",
           "ORRERY_WORKERS": "1", "ORRERY_MATCHMAKING_WORKERS": "1",
           "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "metrics")}
    process = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", config, app], cwd=ROOT,
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while True:
        try:
            probe = b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            if _raw(port, probe)[0] == 200:
                break
        except OSError:
            pass
        assert process.poll() is None, process.stderr.read().decode()[-2000:]
        assert time.monotonic() < deadline, "gunicorn did not come up"
        time.sleep(0.2)
    yield port
    process.terminate()
    process.communicate(timeout=30)


def _assert_ours(status, head, body, expected_status):
    assert status == expected_status, (head, body[:200])
    assert "application/json" in head
    answer = json.loads(body)
    assert set(answer) == {"error", "message"} and answer["message"]
    return answer


def test_a_request_line_over_gunicorns_limit_is_our_json(server):
    line = b"GET /v1/games?x=" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n"
    answer = _assert_ours(*_raw(server, line), 400)
    assert answer["error"] == "invalid_request"


def test_a_header_over_gunicorns_limit_is_our_json(server):
    request = b"GET /v1/games HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n"
    answer = _assert_ours(*_raw(server, request), 431)
    assert answer["error"] == "request_header_fields_too_large"


def test_a_malformed_request_line_is_our_json(server):
    _assert_ours(*_raw(server, b"NOT A REQUEST\r\n\r\n"), 400)
