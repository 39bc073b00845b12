"""Turns tests: the real processes (match consumer, bot dispatcher and worker, turns
dispatcher and a turns Celery worker running beat) in the test's namespace."""
from __future__ import annotations

import sys

import pytest

from services.match.api.app import create_app
from tests.services.bot.conftest import Processes


@pytest.fixture
def turns_env(settings):
    import os
    from tests.services.bot.conftest import ROOT
    return dict(os.environ, REDIS_URL=settings.redis_url, ORRERY_NAMESPACE=settings.namespace,
                ORRERY_SECRET=settings.secret, ORRERY_BOT_VISIBILITY_TIMEOUT="3",
                ORRERY_BOT_CLAIM_IDLE_MS="1000", ORRERY_BOT_CONCURRENCY="1",
                ORRERY_WEBHOOK_ALLOW_PRIVATE="1", ORRERY_TIMEOUT_RESEND_SECONDS="2",
                PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")


class TurnsProcesses(Processes):
    def turns_worker(self, name: str = "turns-worker", beat: bool = True):
        argv = [sys.executable, "-m", "celery", "-A", "services.turns.celery_app", "worker",
                "--pool=threads", "--concurrency=4", "--loglevel=INFO", "--without-mingle",
                "--without-gossip", "--without-heartbeat", "-n", f"{name}@%h"]
        if beat:
            argv += ["-B", "-s", str(self.logdir / f"{name}-beat-schedule")]
        return self.start(name, argv)

    def turns_dispatcher(self, name: str = "turns-dispatcher"):
        return self.start(name, [sys.executable, "-m", "services.turns.dispatcher"])


@pytest.fixture
def turns_processes(turns_env, tmp_path):
    procs = TurnsProcesses(turns_env, tmp_path)
    yield procs
    procs.stop_all()


@pytest.fixture
def match_app(settings, monkeypatch):
    # The receivers these tests run are on loopback, as the processes' turns_env allows.
    monkeypatch.setenv("ORRERY_WEBHOOK_ALLOW_PRIVATE", "1")
    app = create_app(settings)
    return app, app.test_client(), app.extensions["orrery.match"]


class Player:
    def __init__(self, client, name):
        body = client.post("/v1/players", json={"name": name}).get_json()
        self.player_id, self.token = body["player_id"], body["token"]
        self.headers = {"Authorization": f"Bearer {self.token}"}
