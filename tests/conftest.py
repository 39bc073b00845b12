"""Test fixtures: a real Redis (REDIS_URL, else 127.0.0.1:6379, else a private server) and
a fresh key namespace per test, deleted afterwards, so tests never share or leave keys.

A test module that sets `pytestmark = pytest.mark.cluster_too` runs each of its tests twice:
on that Redis, and on a private Redis Cluster (3 masters with a replica each, started once
per session from the machine's redis-server: shared/infra/redis_cluster.py). `redis_url` and
everything built on it (clients, settings, processes a test starts) then name the cluster.
"""
from __future__ import annotations

import atexit
import os
import re
import shutil
import tempfile
import uuid
from pathlib import Path

import pytest

from shared.config import Settings
from shared.eventlog import Bus, EventLog, Keys
from shared.infra.connect import connect
from shared.infra.redis_cluster import start_cluster
from shared.infra.redis_server import resolve


SINGLE, CLUSTER = "redis", "redis-cluster"
# The archive of the services tests build or start (shared/eventlog/archive): a file of this
# run's own, never make run's data/archive.sqlite3; the archive's tests name theirs.
if "ORRERY_ARCHIVE_URL" not in os.environ:
    _ARCHIVE_DIR = tempfile.mkdtemp(prefix="orrery-test-archive-")
    os.environ["ORRERY_ARCHIVE_URL"] = "sqlite:///" + str(Path(_ARCHIVE_DIR) / "archive.sqlite3")
    # Removed when this process ends (each worker of `pytest -n` has its own), so a run
    # leaves no folder behind.
    atexit.register(shutil.rmtree, _ARCHIVE_DIR, ignore_errors=True)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "cluster_too: run the module's tests on a Redis Cluster as well")
    config.addinivalue_line(
        "markers", "fast_loop: part of `make check` (set by this conftest, never by hand)")


# Under pytest-xdist (`make test` runs `--dist loadgroup`), tests that share an expensive
# session fixture go to one worker together, so it is started once per run rather than once
# per worker: the browser tests' stack and Chromium, and the private Redis Cluster.
XDIST_GROUPS = (
    ("e2e", lambda item: item.nodeid.startswith("tests/e2e/")),
    ("redis-cluster", lambda item: "redis_cluster" in item.fixturenames
     or getattr(getattr(item, "callspec", None), "params", {}).get("redis_backend") == CLUSTER),
)


# `make check`, the fast loop: the engines, the contracts and the docs, and every other test
# that needs no Redis and no running service (unit tests).
FAST_LOOP_DIRS = ("tests/games/", "tests/contract/", "tests/docs/")
UNIT_DIRS = ("tests/services/",)
SERVICE_FIXTURES = {"redis_url", "single_redis_url", "redis_cluster", "redis_client", "stack",
                    "browser", "private_redis"}


def in_fast_loop(item) -> bool:
    if item.nodeid.startswith(FAST_LOOP_DIRS):
        return True
    return item.nodeid.startswith(UNIT_DIRS) and not SERVICE_FIXTURES & set(item.fixturenames)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        if in_fast_loop(item):
            item.add_marker(pytest.mark.fast_loop)
        for group, belongs in XDIST_GROUPS:
            if belongs(item):
                item.add_marker(pytest.mark.xdist_group(group))
                break
    # xdist hands out the groups largest first and every other test in collection order:
    # the long ones first, so none of them starts last and leaves one worker running alone.
    items.sort(key=lambda item: not is_long(item))


LONG = re.compile(r"(^|\.\s+)Long\b")  # a sentence that begins "Long"


def is_long(item) -> bool:
    """A test whose docstring says it is long: every test over 30 s says why, in a sentence
    that begins so. (A hypothesis test's own docstring is on its inner test.)"""
    function = getattr(item, "function", None)
    function = getattr(getattr(function, "hypothesis", None), "inner_test", function)
    return bool(LONG.search((getattr(function, "__doc__", None) or "").strip()))


def pytest_generate_tests(metafunc):
    if metafunc.definition.get_closest_marker("cluster_too") is None:
        return
    if "redis_backend" not in metafunc.fixturenames:
        return
    metafunc.parametrize("redis_backend", [SINGLE, CLUSTER], indirect=True, scope="session")


@pytest.fixture(scope="session")
def single_redis_url():
    folder = Path(tempfile.mkdtemp(prefix="orrery-test-redis-"))
    handle = resolve(folder)
    os.environ.setdefault("ORRERY_TEST_REDIS_URL", handle.url)
    yield handle.url
    handle.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def redis_cluster():
    """A private 3-master, 3-replica Redis Cluster on loopback, for the whole session."""
    if shutil.which("redis-server") is None or shutil.which("redis-cli") is None:
        pytest.skip("redis-server and redis-cli are needed to start a Redis Cluster")
    cluster = start_cluster(masters=3, replicas=1)
    yield cluster
    cluster.stop()


@pytest.fixture(scope="session")
def redis_backend(request):
    """Which Redis this test runs on: one Redis, or (cluster_too modules) also a cluster."""
    return getattr(request, "param", SINGLE)


@pytest.fixture(scope="session")
def redis_url(request, redis_backend):
    if redis_backend == CLUSTER:
        return request.getfixturevalue("redis_cluster").url
    return request.getfixturevalue("single_redis_url")


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
