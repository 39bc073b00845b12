"""Test fixtures: a real Redis (REDIS_URL, else 127.0.0.1:6379, else a private server) and
a fresh key namespace per test, deleted afterwards, so tests never share or leave keys."""
from __future__ import annotations

import os
import tempfile
import uuid
from pathlib import Path

import pytest

from shared.config import Settings
from shared.eventlog import Bus, EventLog, Keys
from shared.eventlog.connect import connect
from shared.redis_server import resolve


@pytest.fixture(scope="session")
def redis_url():
    handle = resolve(Path(tempfile.mkdtemp(prefix="orrery-test-redis-")))
    os.environ.setdefault("ORRERY_TEST_REDIS_URL", handle.url)
    yield handle.url
    handle.stop()


@pytest.fixture(scope="session")
def redis_client(redis_url):
    client = connect(redis_url)
    yield client
    client.close()


@pytest.fixture
def namespace(redis_client):
    """A key prefix unique to this test; every key under it is deleted afterwards."""
    ns = f"test-{uuid.uuid4().hex[:12]}:"
    yield ns
    keys = list(redis_client.scan_iter(match=f"{ns}*", count=1000))
    if keys:
        redis_client.delete(*keys)


@pytest.fixture
def keys(namespace):
    return Keys(namespace)


@pytest.fixture
def event_log(redis_client, keys):
    return EventLog(redis_client, keys)


@pytest.fixture
def bus(redis_client, keys):
    return Bus(redis_client, keys, partitions=4)


@pytest.fixture
def settings(redis_url, namespace):
    return Settings.from_env(redis_url=redis_url, namespace=namespace,
                             secret="test-secret-" + namespace)
