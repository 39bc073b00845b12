"""`make run`'s whole stack for chaos tests and benchmarks: the real launcher (so its
supervision is what heals the stack) over a private redis-server with AOF on its own port,
and a player driving it over HTTP."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import requests

from shared.eventlog import EventLog, Keys
from shared.infra.connect import connect
from shared.infra.redis_server import _free_port, start_private

ROOT = Path(__file__).resolve().parents[2]
_STARTED = re.compile(r"orrery: (\S+) started \(pid (\d+)\)")


def wait_for(predicate, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = predicate()
        except (requests.RequestException, OSError):
            value = None
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


class Stack:
    """The launcher and its processes, over a private Redis (AOF, fsync on every write so a
    kill -9 of Redis loses nothing it acknowledged)."""

    def __init__(self, workdir: Path, api_port: int | None = None, mm_port: int | None = None):
        self.workdir = workdir
        # Free ports unless told: several test runs may share the machine.
        api_port, mm_port = api_port or _free_port(), mm_port or _free_port()
        self.redis_dir = workdir / "redis"
        self.redis_port = _free_port()
        self.redis = None
        self.api = f"http://127.0.0.1:{api_port}"
        self.mm = f"http://127.0.0.1:{mm_port}"
        self.output: list = []
        self.env = dict(os.environ, ORRERY_DATA_DIR=str(workdir / "data"),
                        PORT=str(api_port), ORRERY_BIND=f"127.0.0.1:{api_port}",
                        ORRERY_MATCHMAKING_BIND=f"127.0.0.1:{mm_port}",
                        ORRERY_SECRET="chaos-" + uuid.uuid4().hex, ORRERY_NAMESPACE="",
                        ORRERY_WORKERS="1", ORRERY_MATCHMAKING_WORKERS="1",
                        ORRERY_BOT_CONCURRENCY="1", ORRERY_RATE_LIMIT_PER_MINUTE="0",
                        PROMETHEUS_MULTIPROC_DIR=str(workdir / "metrics"),
                        PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
        for name in ("ORRERY_BOT_VISIBILITY_TIMEOUT", "ORRERY_BOT_CLAIM_IDLE_MS",
                     "ORRERY_TURNS_VISIBILITY_TIMEOUT"):
            self.env.pop(name, None)  # the shipped defaults are what is under test
        self.launcher = None

    # --- Redis -----------------------------------------------------------------------

    def start_redis(self) -> None:
        self.redis = start_private(self.redis_dir, port=self.redis_port)
        client = connect(self.redis.url)
        client.config_set("appendfsync", "always")
        client.close()
        self.env["REDIS_URL"] = self.redis.url

    def kill_redis(self) -> None:
        self.redis.process.send_signal(signal.SIGKILL)
        self.redis.process.wait(10)

    def log(self) -> EventLog:
        return EventLog(connect(self.redis.url), Keys(""))

    # --- the launcher ----------------------------------------------------------------

    def start(self) -> None:
        self.launcher = subprocess.Popen(
            [sys.executable, "-m", "services.launcher"], env=self.env, cwd=ROOT,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
            text=True, bufsize=1)
        threading.Thread(target=self._read_output, daemon=True).start()
        wait_for(lambda: requests.get(self.api + "/readyz", timeout=2).ok, 120, "the match API")
        wait_for(lambda: requests.get(self.mm + "/readyz", timeout=2).ok, 60, "matchmaking")

    def _read_output(self) -> None:
        with open(self.workdir / "launcher.log", "a") as kept:  # every process's output
            for line in self.launcher.stdout:
                self.output.append((time.monotonic(), line.rstrip()))
                kept.write(line)

    def pids(self) -> dict:
        """The latest pid the launcher started for each process."""
        found = {}
        for _, line in list(self.output):
            match = _STARTED.search(line)
            if match:
                found[match.group(1)] = int(match.group(2))
        return found

    def kill(self, name: str) -> tuple:
        """kill -9 the named process; return (its pid, when)."""
        pid = self.pids()[name]
        os.kill(pid, signal.SIGKILL)
        return pid, time.monotonic()

    def restarted_after(self, name: str, since: float):
        """When the launcher started `name` again after `since` (None if not yet)."""
        for at, line in list(self.output):
            match = _STARTED.search(line)
            if match and match.group(1) == name and at >= since:
                return at
        return None

    def stop(self) -> None:
        if self.launcher is not None and self.launcher.poll() is None:
            os.killpg(self.launcher.pid, signal.SIGTERM)
            try:
                self.launcher.wait(30)
            except subprocess.TimeoutExpired:
                pass
        if self.launcher is not None:
            try:  # anything of the session still there (orphans of killed processes)
                os.killpg(self.launcher.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if self.redis is not None:
            self.redis.stop()


class Player:
    """A registered player acting over HTTP, retrying a command under the same command id
    until it gets an answer (so a command is acknowledged at most once, whatever fails)."""

    def __init__(self, stack: Stack, name: str):
        self.stack = stack
        self.http = requests.Session()
        body = self.call("post", "/v1/players", json={"name": name}).json()
        self.player_id = body["player_id"]
        self.http.headers["Authorization"] = f"Bearer {body['token']}"

    def call(self, method: str, path: str, base: str | None = None, retry_for: float = 60,
             **kwargs) -> requests.Response:
        """The first answer that is not a transient failure (connection error, 5xx)."""
        deadline = time.monotonic() + retry_for
        while True:
            try:
                answer = self.http.request(method, (base or self.stack.api) + path,
                                           timeout=10, **kwargs)
                if answer.status_code < 500:
                    return answer
            except requests.RequestException:
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"{method} {path} never answered")
            time.sleep(0.1)

    def new_match(self, clock: dict | None = None) -> str:
        body = {"game": "tictactoe", "seats": [{"player_id": self.player_id},
                                               {"bot": "random"}]}
        if clock:
            body["clock"] = clock
        answer = self.call("post", "/v1/matches", json=body)
        assert answer.status_code == 201, answer.text
        return answer.json()["match_id"]

    def move(self, match_id: str, version: int, cell: int):
        """Send one mark; return its command id when it was acknowledged (200)."""
        command_id = uuid.uuid4().hex
        answer = self.call("post", f"/v1/matches/{match_id}/commands", json={
            "command": {"type": "mark", "cell": cell}, "command_id": command_id,
            "expected_version": version})
        return command_id if answer.status_code == 200 else None
