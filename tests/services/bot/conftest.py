"""Bot tests: the real processes on demand."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def bot_env(settings):
    """Environment for bot and match processes in this test's namespace (short timeouts)."""
    return dict(os.environ, REDIS_URL=settings.redis_url, ORRERY_NAMESPACE=settings.namespace,
                ORRERY_SECRET=settings.secret, ORRERY_BOT_VISIBILITY_TIMEOUT="3",
                ORRERY_BOT_CLAIM_IDLE_MS="1000", ORRERY_BOT_CONCURRENCY="1",
                PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")


class Processes:
    """Child processes of one test, each in its own session, all killed at the end."""

    def __init__(self, env, logdir: Path):
        self.env, self.logdir, self.children = env, logdir, {}

    def start(self, name: str, argv: list) -> subprocess.Popen:
        log = open(self.logdir / f"{name}.log", "ab")
        proc = subprocess.Popen(argv, env=self.env, cwd=ROOT, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
        self.children[name] = proc
        return proc

    def worker(self, name: str = "worker") -> subprocess.Popen:
        return self.start(name, [sys.executable, "-m", "celery", "-A",
                                 "services.bot.celery_app", "worker", "--pool=solo",
                                 "--loglevel=INFO", "--without-mingle", "--without-gossip",
                                 "--without-heartbeat", "-n", f"{name}-{os.getpid()}@%h"])

    def dispatcher(self, name: str = "dispatcher") -> subprocess.Popen:
        return self.start(name, [sys.executable, "-m", "services.bot.dispatcher"])

    def match_consumer(self, name: str = "match-consumer") -> subprocess.Popen:
        return self.start(name, [sys.executable, "-m", "services.match.bus.consumer"])

    def log(self, name: str) -> str:
        path = self.logdir / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def kill(self, name: str) -> None:
        """SIGKILL the process and everything in its session (a prefork worker's children)."""
        proc = self.children[name]
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=10)

    def stop_all(self) -> None:
        for proc in self.children.values():
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        for proc in self.children.values():
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


@pytest.fixture
def processes(bot_env, tmp_path):
    procs = Processes(bot_env, tmp_path)
    yield procs
    procs.stop_all()
