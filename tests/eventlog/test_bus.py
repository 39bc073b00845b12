"""The bus: partitioned streams read through consumer groups, at-least-once delivery.

A consumer killed with SIGKILL (a real process) leaves its entries pending; another
consumer claims them once they have been idle for `claim_idle_ms`; an ack removes them.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections import defaultdict

import pytest

from shared.eventlog import Bus, Keys
from shared.infra.connect import connect

pytestmark = pytest.mark.cluster_too  # and on one Redis (tests/conftest.py)

TOPIC, GROUP = "commands", "match-service"


def _read_and_hang(url, namespace, ready):
    """A consumer that takes entries, reports their ids, and never acknowledges them."""
    bus = Bus(connect(url), Keys(namespace), partitions=4)
    deliveries = bus.consume(TOPIC, GROUP, "doomed", count=10, block_ms=2000)
    ready.put([d.entry_id for d in deliveries])
    time.sleep(600)


def _drain(bus, consumer, claim_idle_ms=60_000, rounds=50):
    out = []
    for _ in range(rounds):
        batch = bus.consume(TOPIC, GROUP, consumer, count=7, block_ms=50,
                            claim_idle_ms=claim_idle_ms)
        if not batch:
            break
        out.extend(batch)
    return out


def test_messages_for_one_key_share_a_partition_and_keep_order(bus):
    bus.ensure_group(TOPIC, GROUP)
    keys = [f"match-{k}" for k in range(12)]
    for n in range(20):
        for key in keys:
            bus.publish(TOPIC, {"key": key, "n": n}, key=key)
    deliveries = _drain(bus, "c1")
    assert len(deliveries) == 20 * len(keys)
    seen, streams = defaultdict(list), defaultdict(set)
    for delivery in deliveries:
        seen[delivery.message["key"]].append(delivery.message["n"])
        streams[delivery.message["key"]].add(delivery.stream)
        bus.ack(delivery, GROUP)
    assert all(seen[key] == list(range(20)) for key in keys)
    assert all(len(s) == 1 for s in streams.values())
    assert len({next(iter(s)) for s in streams.values()}) > 1  # keys really are spread
    assert bus.pending_count(TOPIC, GROUP) == 0


def test_consumers_of_one_group_share_the_work(bus):
    bus.ensure_group(TOPIC, GROUP)
    bus.ensure_group(TOPIC, GROUP)  # idempotent
    for n in range(40):
        bus.publish(TOPIC, {"n": n}, key=f"m{n}")
    first = bus.consume(TOPIC, GROUP, "a", count=5, block_ms=50)
    rest = _drain(bus, "b")
    got = [d.message["n"] for d in first + rest]
    assert first and rest
    assert sorted(got) == list(range(40))  # each message to exactly one consumer


def test_ack_removes_from_pending(bus):
    bus.ensure_group(TOPIC, GROUP)
    for n in range(5):
        bus.publish(TOPIC, {"n": n}, key="m")
    deliveries = bus.consume(TOPIC, GROUP, "a", count=10, block_ms=50)
    assert len(deliveries) == 5 and bus.pending_count(TOPIC, GROUP) == 5
    bus.ack(deliveries[0], GROUP)
    assert bus.pending_count(TOPIC, GROUP) == 4
    for delivery in deliveries[1:]:
        bus.ack(delivery, GROUP)
    assert bus.pending_count(TOPIC, GROUP) == 0
    assert bus.consume(TOPIC, GROUP, "b", block_ms=50, claim_idle_ms=0) == []


def test_entries_of_a_killed_consumer_are_claimed_by_another(bus, redis_url, namespace):
    bus.ensure_group(TOPIC, GROUP)
    published = [bus.publish(TOPIC, {"n": n}, key="match-1") for n in range(3)]
    context = multiprocessing.get_context("spawn")
    ready = context.Queue()
    doomed = context.Process(target=_read_and_hang, args=(redis_url, namespace, ready))
    doomed.start()
    try:
        taken = ready.get(timeout=60)
    finally:
        os.kill(doomed.pid, signal.SIGKILL)
        doomed.join(10)
    assert doomed.exitcode == -signal.SIGKILL
    assert sorted(taken) == sorted(published)
    assert bus.pending_count(TOPIC, GROUP) == 3

    # Not idle long enough yet: a live consumer may still be working on them.
    assert bus.consume(TOPIC, GROUP, "rescuer", block_ms=10, claim_idle_ms=60_000) == []
    time.sleep(0.15)
    claimed = bus.consume(TOPIC, GROUP, "rescuer", block_ms=10, claim_idle_ms=100)
    assert sorted(d.entry_id for d in claimed) == sorted(published)
    assert all(d.claimed for d in claimed)
    assert [d.message["n"] for d in claimed] == [0, 1, 2]
    assert bus.pending_count(TOPIC, GROUP) == 3  # claimed, not yet handled
    for delivery in claimed:
        bus.ack(delivery, GROUP)
    assert bus.pending_count(TOPIC, GROUP) == 0
    assert bus.consume(TOPIC, GROUP, "rescuer", block_ms=10, claim_idle_ms=0) == []


def test_a_consumer_restarted_under_its_name_takes_its_pending_entries_at_once(
        bus, redis_url, namespace):
    """Issue 14: with one process of a kind, the one started in place of a dead one (same
    consumer name, as `make run` gives it) handles what its predecessor left pending on its
    first read, without waiting for the entries to be idle `claim_idle_ms`."""
    bus.ensure_group(TOPIC, GROUP)
    published = [bus.publish(TOPIC, {"n": n}, key="match-1") for n in range(3)]
    context = multiprocessing.get_context("spawn")
    ready = context.Queue()
    doomed = context.Process(target=_read_and_hang, args=(redis_url, namespace, ready))
    doomed.start()
    try:
        assert sorted(ready.get(timeout=60)) == sorted(published)
    finally:
        os.kill(doomed.pid, signal.SIGKILL)
        doomed.join(10)
    bus.publish(TOPIC, {"n": 3}, key="match-1")
    heir = Bus(connect(redis_url), Keys(namespace), partitions=4)
    first = heir.consume(TOPIC, GROUP, "doomed", count=10, block_ms=10, claim_idle_ms=60_000)
    assert [d.message["n"] for d in first] == [0, 1, 2] and all(d.claimed for d in first)
    heir.ack_all(first, GROUP)
    # Once its own are handled it goes on with what is new.
    then = heir.consume(TOPIC, GROUP, "doomed", block_ms=10, claim_idle_ms=60_000)
    assert [d.message["n"] for d in then] == [3] and not then[0].claimed
    heir.ack_all(then, GROUP)
    assert bus.pending_count(TOPIC, GROUP) == 0


def test_bus_keys_stay_in_the_namespace(bus, redis_client, namespace):
    bus.publish(TOPIC, {"n": 1}, key="k")
    stream = bus.streams(TOPIC)[bus.partition_of("k")]
    assert stream.startswith(namespace) and redis_client.xlen(stream) == 1


def test_an_entry_trimmed_while_pending_is_acknowledged_not_delivered(bus, redis_client):
    """The bus is capped (MAXLEN): an entry trimmed away before anyone handled it has no
    message left; claiming it must clear it from pending rather than hand out nothing."""
    bus.ensure_group(TOPIC, GROUP)
    bus.publish(TOPIC, {"n": 1}, key="k")
    (delivery,) = bus.consume(TOPIC, GROUP, "doomed", block_ms=50)
    redis_client.xtrim(delivery.stream, maxlen=0, approximate=False)
    time.sleep(0.02)
    assert bus.consume(TOPIC, GROUP, "rescuer", block_ms=10, claim_idle_ms=10) == []
    assert bus.pending_count(TOPIC, GROUP) == 0
