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
