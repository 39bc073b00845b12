"""Celery's broker with the services on a Redis Cluster (shared/infra/celery_broker.py): by default
one slot of the cluster, its master found from REDIS_URL alone; with
ORRERY_CELERY_BROKER_URL, a plain Redis of its own while everything else stays on the
cluster. A real worker applies a finished match's result through that separate broker."""
from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid

import pytest

from services.matchmaking.keys import MatchmakingKeys
from services.matchmaking.tasks import APPLY_RESULT, make_celery
from shared.infra.celery_broker import TAG, broker_for
from shared.config import Settings
from shared.eventlog import EventLog, Keys
from shared.infra.connect import connect
from tests.services.matchmaking.test_standings import ROOT, play_tictactoe


@pytest.fixture
def cluster_namespace(redis_cluster):
    namespace = f"test-{uuid.uuid4().hex[:12]}:"
    yield namespace
    client = connect(redis_cluster.url)
    keys = list(client.scan_iter(match=f"{namespace}*", count=1000))
    if keys:
        client.delete(*keys)
    client.close()


def test_on_a_cluster_the_broker_is_the_master_of_one_tagged_slot(redis_cluster, monkeypatch):
    monkeypatch.delenv("ORRERY_CELERY_BROKER_URL", raising=False)
    broker = broker_for(redis_cluster.url, "ns:")
    client = connect(redis_cluster.url)
    owner = client.get_node_from_key(TAG)
    assert broker.url == f"redis://{owner.host}:{owner.port}/0"
    assert broker.keyprefix == f"ns:{TAG}:" and broker.cluster_url == redis_cluster.url
    client.close()


def test_on_one_redis_the_broker_is_redis_url_itself(single_redis_url, monkeypatch):
    monkeypatch.delenv("ORRERY_CELERY_BROKER_URL", raising=False)
    broker = broker_for(single_redis_url, "ns:")
    assert (broker.url, broker.keyprefix, broker.cluster_url) == (single_redis_url, "ns:", "")


def test_a_worker_applies_results_through_a_broker_of_its_own_beside_the_cluster(
        redis_cluster, single_redis_url, cluster_namespace, monkeypatch):
    monkeypatch.setenv("ORRERY_CELERY_BROKER_URL", single_redis_url)
    namespace = cluster_namespace
    settings = Settings.from_env(redis_url=redis_cluster.url, namespace=namespace,
                                 secret="s-" + namespace)
    cluster = connect(redis_cluster.url)
    single = connect(single_redis_url)
    match_id = uuid.uuid4().hex
    play_tictactoe(EventLog(cluster, Keys(namespace)), match_id, ["ana", "ben"])
    env = dict(os.environ, REDIS_URL=redis_cluster.url, ORRERY_NAMESPACE=namespace,
               ORRERY_SECRET=settings.secret, ORRERY_CELERY_BROKER_URL=single_redis_url)
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "services.matchmaking.tasks", "worker",
         "-Q", "matchmaking", "--pool", "solo", "--without-heartbeat", "--without-gossip",
         "--without-mingle", "-l", "warning"], cwd=ROOT, env=env)
    try:
        app = make_celery(settings)
        assert app.conf.broker_url == single_redis_url
        app.send_task(APPLY_RESULT, args=[match_id])
        board = MatchmakingKeys(namespace).leaderboard("tictactoe")
        deadline = time.monotonic() + 60
        while cluster.zcard(board) < 2:
            assert time.monotonic() < deadline, "the result was never applied"
            time.sleep(0.1)
        # The broker's keys are on the plain Redis, none on the cluster.
        assert list(single.scan_iter(match=f"{namespace}*", count=1000))
        assert not [k for k in cluster.scan_iter(match=f"{namespace}*", count=1000)
                    if b"kombu" in k or b"unacked" in k or TAG.encode() in k]
    finally:
        worker.terminate()
        worker.wait(timeout=20)
        for key in single.scan_iter(match=f"{namespace}*", count=1000):
            single.delete(key)
        cluster.close()
        single.close()
