"""An append that carries its announcement (EventLog.write with `then_publish`).

On one Redis the append script adds the bus message with the events, in the same round
trip, and only when it appends them: a conflict or a repeated command id adds nothing. On a
cluster the script may only touch the match's slot, so it adds nothing and says so
(`published` False): the caller publishes the message itself.
"""
from __future__ import annotations

import pytest

from shared.eventlog import VersionConflict

pytestmark = pytest.mark.cluster_too  # and on one Redis (tests/conftest.py)

MATCH = "0" * 31 + "1"
TOPICS = ["matches", "finished-matches"]


def _entries(bus, topic):
    stream = bus.keys.bus(topic, bus.partition_of(MATCH), bus.partitions)
    return [fields[b"m"].decode() for _, fields in bus.redis.xrange(stream)]


def _events(n):
    return [{"type": "Noted", "data": {"n": i}} for i in range(n)]


def test_the_announcement_goes_with_the_events_only_when_they_are_appended(
        event_log, bus, redis_backend):
    outgoing = bus.outgoing(TOPICS, {"match_id": MATCH, "version": 2}, key=MATCH)
    written = event_log.write(event_log.prepare(MATCH, _events(2), 0, command_id="0:a"),
                              then_publish=outgoing)
    assert (written.first_version, written.last_version) == (1, 2)
    assert [e["v"] for e in event_log.read(MATCH)] == [1, 2]
    carried = redis_backend == "redis"
    assert written.published is carried
    expected = [outgoing.text] if carried else []
    assert all(_entries(bus, topic) == expected for topic in TOPICS)

    # Refused appends announce nothing: a stale version, a repeated command id.
    with pytest.raises(VersionConflict):
        event_log.write(event_log.prepare(MATCH, _events(1), 0), then_publish=outgoing)
    repeat = event_log.write(event_log.prepare(MATCH, _events(1), 2, command_id="0:a"),
                             then_publish=outgoing)
    assert repeat.duplicate and not repeat.published
    assert event_log.version(MATCH) == 2
    assert all(_entries(bus, topic) == expected for topic in TOPICS)


def test_a_prepared_batch_logs_what_read_returns(event_log):
    batch = event_log.prepare(MATCH, _events(3), 0, cause={"kind": "test"})
    written = event_log.write(batch)
    assert list(written.logged) == list(batch.logged) == event_log.read(MATCH)
    assert not written.published
