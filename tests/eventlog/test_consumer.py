"""The generic bus consumer over real Redis: batches handled at once and acknowledged in
one round trip; a batch that fails unexpectedly is handled again one delivery at a time, so
only the bad message fails; a transient error leaves the batch pending."""
from __future__ import annotations

import pytest
import redis as redis_lib

from shared.eventlog.consumer import BusConsumer, Subscription

pytestmark = pytest.mark.cluster_too  # and on one Redis (tests/conftest.py)

TOPIC, GROUP = "consumer-test", "g"


def _publish(bus, n):
    for i in range(n):
        bus.publish(TOPIC, {"n": i}, key=f"k{i}")


def test_a_batch_is_handled_at_once_and_acknowledged(bus):
    batches, singles = [], []
    consumer = BusConsumer(bus, [Subscription(TOPIC, GROUP, singles.append,
                                              handle_batch=batches.append)], name="c")
    _publish(bus, 10)
    assert consumer.run_once(block_ms=None) == 10
    assert sorted(d.message["n"] for batch in batches for d in batch) == list(range(10))
    assert singles == [] and bus.pending_count(TOPIC, GROUP) == 0


def test_a_failing_batch_is_handled_one_by_one_and_only_the_bad_message_fails(bus):
    handled, failed = [], []

    def batch(deliveries):
        raise KeyError("a malformed message somewhere in the batch")

    def one(delivery):
        if delivery.message["n"] == 3:
            raise KeyError("malformed")
        handled.append(delivery.message["n"])
    consumer = BusConsumer(bus, [Subscription(TOPIC, GROUP, one, on_failure=failed.append,
                                              handle_batch=batch)], name="c")
    _publish(bus, 5)
    assert consumer.run_once(block_ms=None) == 5
    assert sorted(handled) == [0, 1, 2, 4]
    assert [d.message["n"] for d in failed] == [3]
    assert bus.pending_count(TOPIC, GROUP) == 0


def test_a_transient_error_leaves_the_batch_pending(bus):
    def batch(deliveries):
        raise redis_lib.ConnectionError("Redis went away")
    consumer = BusConsumer(bus, [Subscription(TOPIC, GROUP, lambda d: None,
                                              handle_batch=batch)], name="c")
    _publish(bus, 3)
    try:
        consumer.run_once(block_ms=None)
    except redis_lib.ConnectionError:
        pass
    else:
        raise AssertionError("a transient error must reach the loop")
    assert bus.pending_count(TOPIC, GROUP) == 3


def test_topics_of_one_group_are_waited_on_together(bus):
    """A consumer of several topics in one group waits on all of them in one read: an
    entry on the second topic is handled as it comes, not after the wait on the first
    (with 20 s to wait, in turn that would be 10 s on the first topic alone). On a cluster
    the partitions are read one slot at a time, in short turns (shared/eventlog/bus.py)."""
    import threading
    import time
    if bus.cluster:
        pytest.skip("a cluster's reads take the partitions in turn")
    first, second = [], []
    consumer = BusConsumer(bus, [Subscription(TOPIC, GROUP, first.append),
                                 Subscription(TOPIC + "-2", GROUP, second.append)], name="c")
    consumer.run_once(block_ms=None)  # the first reads look for pending entries
    threading.Timer(0.3, lambda: bus.publish(TOPIC + "-2", {"n": 1}, key="k")).start()
    started = time.monotonic()
    assert consumer.run_once(block_ms=20_000) == 1
    assert time.monotonic() - started < 5.0
    assert [d.message for d in second] == [{"n": 1}] and first == []
    assert bus.pending_count(TOPIC + "-2", GROUP) == 0
    bus.publish(TOPIC, {"n": 2}, key="k")
    bus.publish(TOPIC + "-2", {"n": 3}, key="k")
    assert consumer.run_once(block_ms=None) == 2
    assert [d.message["n"] for d in first] == [2] and len(second) == 2
