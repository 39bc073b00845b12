"""An append with work done while it is on its way (EventLog.write with `meanwhile`).

On one Redis `meanwhile` runs once, between sending the append and reading its reply, and
the append's outcome is the same as without it: appended, refused at a stale version,
or the first result of a repeated command id. A script Redis lost (SCRIPT FLUSH, a
restart) is loaded again, and a reply lost with its connection is asked again on a fresh
one, as every call of the client is. On a cluster `meanwhile` is not called.
"""
from __future__ import annotations

import pytest

from shared.eventlog import VersionConflict

pytestmark = pytest.mark.cluster_too  # and on one Redis (tests/conftest.py)

MATCH = "0" * 31 + "2"


def _events(n):
    return [{"type": "Noted", "data": {"n": i}} for i in range(n)]


def test_the_work_runs_once_and_the_outcome_is_the_append_s(event_log, redis_backend):
    calls = []
    written = event_log.write(event_log.prepare(MATCH, _events(2), 0, command_id="0:a"),
                              meanwhile=lambda: calls.append(event_log.version(MATCH)))
    assert (written.first_version, written.last_version, written.duplicate) == (1, 2, False)
    assert [e["v"] for e in event_log.read(MATCH)] == [1, 2]
    # On one Redis it ran while the append was on its way (its own read waited behind it
    # on another connection, so it saw 0 or 2 events, never 1); on a cluster not at all.
    assert (len(calls) == 1 and calls[0] in (0, 2)) if redis_backend == "redis" else not calls

    calls.clear()
    with pytest.raises(VersionConflict):
        event_log.write(event_log.prepare(MATCH, _events(1), 0),
                        meanwhile=lambda: calls.append("stale"))
    repeat = event_log.write(event_log.prepare(MATCH, _events(1), 2, command_id="0:a"),
                             meanwhile=lambda: calls.append("repeat"))
    assert repeat.duplicate and (repeat.first_version, repeat.last_version) == (1, 2)
    assert event_log.version(MATCH) == 2
    assert calls == (["stale", "repeat"] if redis_backend == "redis" else [])


def test_a_lost_script_is_loaded_again(event_log, redis_backend):
    if redis_backend != "redis":
        pytest.skip("a cluster's append does not overlap")
    event_log.write(event_log.prepare(MATCH, _events(1), 0))
    event_log.redis.script_flush()
    calls = []
    written = event_log.write(event_log.prepare(MATCH, _events(1), 1),
                              meanwhile=lambda: calls.append(True))
    assert (written.first_version, written.last_version) == (2, 2)
    assert calls == [True] and event_log.version(MATCH) == 2


def test_a_reply_lost_on_its_way_is_asked_again_on_a_fresh_connection(
        event_log, redis_backend, monkeypatch):
    """As redis-py tries any call again: the append went through the first time, so the
    second try is answered as a repeat of its command id; the work ran once."""
    if redis_backend != "redis":
        pytest.skip("a cluster's append does not overlap")
    from redis.connection import AbstractConnection
    from redis.exceptions import ConnectionError as Dropped
    event_log.write(event_log.prepare(MATCH, _events(1), 0))
    read, lost = AbstractConnection.read_response, []

    def losing(connection, *args, **kwargs):
        if not lost:
            lost.append(True)
            raise Dropped("connection lost")
        return read(connection, *args, **kwargs)
    monkeypatch.setattr(AbstractConnection, "read_response", losing)
    calls = []
    written = event_log.write(event_log.prepare(MATCH, _events(1), 1, command_id="0:b"),
                              meanwhile=lambda: calls.append(True))
    assert lost and written.duplicate and (written.first_version, written.last_version) == (2, 2)
    assert calls == [True] and event_log.version(MATCH) == 2
