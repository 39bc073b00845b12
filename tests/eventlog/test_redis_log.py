"""The event log contract, run against the Redis adapter (shared.eventlog.log.EventLog)."""
from __future__ import annotations

import functools

import pytest

from shared.eventlog import EventLog, Keys
from shared.infra.connect import connect
from tests.eventlog.contract import EventLogContract

pytestmark = pytest.mark.cluster_too  # and on one Redis (tests/conftest.py)


def open_redis_log(url: str, namespace: str) -> EventLog:
    """A Redis-backed log with its own connection (picklable through functools.partial)."""
    return EventLog(connect(url), Keys(namespace))


class TestRedisEventLog(EventLogContract):
    @pytest.fixture
    def log_factory(self, redis_url, namespace):
        return functools.partial(open_redis_log, redis_url, namespace)

    def test_keys_stay_in_the_namespace(self, log, redis_client, namespace, match_id):
        log.append(match_id, [{"type": "Happened", "data": {}}], 0, command_id="c")
        keys = {k.decode() for k in redis_client.scan_iter(match=f"*{match_id}*")}
        assert keys and all(k.startswith(namespace) for k in keys)
        assert all("{" + match_id + "}" in k for k in keys)  # one hash tag: one cluster slot
