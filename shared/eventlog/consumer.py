"""A bus consumer: read topics through a consumer group, handle, acknowledge, until stopped.

Each `Subscription` names a topic, the group it is read in and what to do with a delivery.
A delivery is acknowledged once handled. A transient error (Redis, or what the service adds,
e.g. a broker outage) leaves it unacknowledged — pending, to be claimed again — and the loop
waits and retries; any other error is a bug that must not make a poison message loop
forever: it is logged, reported through the subscription's `on_failure`, and acknowledged.

Several topics are read by one loop. When they are read in one group (the match
consumer's, matchmaking's) one XREADGROUP reads, and waits on, all of them at once
(`Bus.consume_topics`). Otherwise, or on a cluster, each pass first reads every topic
without blocking, and only when none had anything does it wait on them in turn
(XREADGROUP's block=0 would wait forever, so a non-blocking read passes block_ms=None).

What one delivery costs is mostly the read around it, so entries are taken in batches: a
subscription may handle a whole batch at once (`handle_batch`: e.g. one pipeline for all
of them), a batch is acknowledged in the round trip of the next read (a process killed in
between has it delivered again: handling is idempotent), and after a batch that was not full
the loop lingers `linger` seconds (ORRERY_BUS_LINGER_MS, 10 ms) before reading again, so
that under load the entries of several appends arrive together instead of one wake-up
each. A lone announcement waits at most that long.
"""
from __future__ import annotations

import logging
import os
import signal
import socket
import threading
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

import redis as redis_lib

from shared.eventlog.bus import Bus, Delivery
from shared.infra.heartbeat import Heartbeat

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Subscription:
    """Read `topic` in `group`; `handle(delivery)` acts on one message; `on_failure(delivery)`
    reports one whose handling failed with an unexpected error."""

    topic: str
    group: str
    handle: Callable[[Delivery], None]
    on_failure: Optional[Callable[[Delivery], None]] = None
    # Handle a whole batch at once; on an unexpected error the batch is handled again one
    # delivery at a time by `handle`, so one bad message fails alone.
    handle_batch: Optional[Callable[[list], None]] = None


BATCH = 64  # entries read per topic at a time


def linger_seconds(variable: str = "ORRERY_BUS_LINGER_MS", default_ms: float = 10) -> float:
    """How long a consumer lingers after a batch that was not full (`variable`, in ms)."""
    return float(os.environ.get(variable, default_ms)) / 1000


def consumer_name() -> str:
    """This process's place in the consumer groups: ORRERY_INSTANCE_NAME when its
    supervisor gives it one that outlives the process (`make run` does: one per process
    kind, so a restarted process finds its predecessor's pending entries under its own name
    at once, shared/eventlog/bus.py), else a name unique to this process. Two live
    processes must never share a name."""
    stable = os.environ.get("ORRERY_INSTANCE_NAME")
    return stable or f"{socket.gethostname()}-{os.getpid()}"


class BusConsumer:
    """One member of its subscriptions' consumer groups, handling batches until stopped."""

    def __init__(self, bus: Bus, subscriptions: Sequence[Subscription],
                 name: Optional[str] = None, transient: tuple = (),
                 linger: Optional[float] = None):
        self.bus = bus
        self.linger = linger_seconds() if linger is None else linger
        self.subscriptions = list(subscriptions)
        self.name = name or consumer_name()
        self.transient = (redis_lib.RedisError, *transient)
        self.stopping = threading.Event()
        # Handled but not yet acknowledged: sent with the next read (one round trip less
        # per batch), or by `flush` when the loop stops.
        self._handled: list = []
        self._looping = False
        # Beaten after every pass of `run`, an outage's included (shared/infra/heartbeat.py).
        self.heartbeat = Heartbeat(bus.redis, bus.keys.process(self.name))
        for subscription in self.subscriptions:
            bus.ensure_group(subscription.topic, subscription.group)

    def run_once(self, block_ms: Optional[int] = 1000) -> int:
        """Handle one batch from every topic; return how many deliveries were handled.

        When nothing waits, block up to `block_ms` in all (None: never block). Everything
        handled is acknowledged before it returns, except inside `run`, which leaves it to
        go with the next read."""
        try:
            return self._run_once(block_ms)
        finally:
            if not self._looping:
                self.flush()

    def _run_once(self, block_ms: Optional[int]) -> int:
        if len(self.subscriptions) == 1:  # one read, waiting only when nothing is there
            return self._read(self.subscriptions[0], block_ms or None)
        if len({s.group for s in self.subscriptions}) == 1 and not self.bus.cluster:
            return self._read_together(block_ms or None)
        handled = sum(self._read(s, None) for s in self.subscriptions)
        if handled or not block_ms:
            return handled
        share = max(1, block_ms // len(self.subscriptions))
        for subscription in self.subscriptions:
            handled += self._read(subscription, None if handled else share)
        return handled

    def run(self) -> None:
        """Handle batches until `stop` is called; wait out transient errors."""
        self._looping = True
        while not self.stopping.is_set():
            try:
                handled = self.run_once()
                if 0 < handled < BATCH and self.linger:
                    self.stopping.wait(self.linger)  # let the next appends gather
            except self.transient as error:
                log.warning("%s unavailable, retrying: %s", type(error).__name__, error)
                self.stopping.wait(1.0)
            self.heartbeat.beat()
        self._looping = False
        try:
            self.flush()
        except self.transient as error:  # they stay pending, and are delivered again
            log.warning("could not acknowledge the last batch: %s", error)

    def flush(self) -> None:
        """Acknowledge what was handled and not yet acknowledged."""
        handled, self._handled = self._handled, []
        for group, deliveries in handled:
            self.bus.ack_all(deliveries, group)

    def stop(self, *_signal_args) -> None:
        """Finish the batch in hand, then return from `run`."""
        self.stopping.set()

    def _read_together(self, block_ms: Optional[int]) -> int:
        """Every topic of the one group in one read (and one wait); each subscription then
        handles its topic's share of the batch."""
        acks, self._handled = self._handled, []
        group = self.subscriptions[0].group
        deliveries = self.bus.consume_topics([s.topic for s in self.subscriptions], group,
                                             self.name, count=BATCH, block_ms=block_ms,
                                             acks=acks)
        for subscription in self.subscriptions:
            mine = [d for d in deliveries if d.topic == subscription.topic]
            if mine:
                self._handle_all(subscription, mine)
        return len(deliveries)

    def _read(self, subscription: Subscription, block_ms: Optional[int]) -> int:
        acks, self._handled = self._handled, []
        deliveries = self.bus.consume(subscription.topic, subscription.group, self.name,
                                      count=BATCH, block_ms=block_ms, acks=acks)
        if not deliveries:
            return 0
        return self._handle_all(subscription, deliveries)

    def _handle_all(self, subscription: Subscription, deliveries: list) -> int:
        if subscription.handle_batch is not None and self._batch(subscription, deliveries):
            self._handled.append((subscription.group, deliveries))
            return len(deliveries)
        handled = []
        try:
            for delivery in deliveries:
                self._handle(subscription, delivery)
                handled.append(delivery)
        finally:
            # A transient error leaves the rest pending (claimed again); what was handled
            # is acknowledged either way, with the next read.
            self._handled.append((subscription.group, handled))
        return len(deliveries)

    def _batch(self, subscription: Subscription, deliveries: list) -> bool:
        """Handle the batch at once; False when it must be handled one by one instead."""
        try:
            subscription.handle_batch(deliveries)
        except self.transient:
            raise  # none acknowledged: all stay pending and are claimed again
        except Exception:
            log.exception("%s batch of %d failed; handling each alone", subscription.topic,
                          len(deliveries))
            return False
        return True

    def _handle(self, subscription: Subscription, delivery: Delivery) -> None:
        try:
            subscription.handle(delivery)
        except self.transient:
            raise  # not acknowledged: the delivery stays pending and is claimed again
        except Exception:
            log.exception("%s entry %s failed", subscription.topic, delivery.entry_id)
            if subscription.on_failure is not None:
                subscription.on_failure(delivery)


def serve(consumer: BusConsumer, label: str) -> None:
    """Run `consumer` in this process until SIGTERM or SIGINT, logging its start and stop."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    signal.signal(signal.SIGTERM, consumer.stop)
    signal.signal(signal.SIGINT, consumer.stop)
    log.info("%s %s started", label, consumer.name)
    consumer.run()
    log.info("%s %s stopped", label, consumer.name)
