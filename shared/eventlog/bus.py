"""The bus: partitioned Redis streams read through consumer groups.

A message goes to partition crc32(key) % partitions, so every message about one match is
in one partition and keeps its order. A consumer that dies leaves its entries pending;
`consume` first claims entries left idle longer than `claim_idle_ms` (XAUTOCLAIM, Redis
6.2), then reads new ones. Delivery is at least once: every consumer must be idempotent.

Claiming is looked for at the first read and then every quarter of `claim_idle_ms`, not
on every read: an entry can only be claimed once it has been idle that long, and a read per
append would otherwise cost one XAUTOCLAIM per partition each time.

On a Redis Cluster the partitions of a topic live on different masters (keys.py spreads
them), and one command may only name keys of one slot. So a read there is one pipelined
non-blocking XREADGROUP per partition (one round trip per master, in parallel), and when
none had anything it waits on the partitions in turn, at most CLUSTER_POLL_MS on each: a
message on a partition not being waited on is seen within that much.

A consumer's first read also takes back what was pending under its own name: a process
restarted under the name of the one that died (`make run` gives each process a stable name,
shared/eventlog/consumer.py) handles its predecessor's unacknowledged entries at once,
instead of waiting for them to be idle `claim_idle_ms` (issue 14: a single process of a kind,
killed, loses nothing and delays it only by its restart).
"""
from __future__ import annotations

import json
import time
import zlib
from dataclasses import dataclass
from typing import Optional, Sequence

import redis as redis_lib

from shared.infra import json_text
from shared.infra.cluster_client import replication
from shared.infra.connect import is_cluster
from shared.eventlog.keys import Keys

# An entry pending this long with a consumer is taken over by another: consumers handle an
# entry in milliseconds, so 3 s means its consumer died (issue 14: lost work is taken up
# within 5 s, as each consumer claims at least once a second).
CLAIM_IDLE_MS = 3_000
CLUSTER_POLL_MS = 20  # the longest wait on one partition of a cluster before the next
MAXLEN = 200_000  # approximate cap per partition; the bus is transport, the logs are truth


@dataclass(frozen=True)
class Outgoing:
    """One bus message bound for one partition of each of several topics: its streams and
    its text (the entry's field "m"), added with MAXLEN ~ MAXLEN as `publish` adds it."""

    streams: tuple
    text: str


@dataclass(frozen=True)
class Delivery:
    """One bus message handed to a consumer, to be acknowledged once handled."""

    topic: str
    stream: str
    entry_id: str
    message: dict
    claimed: bool  # True when it was taken over from a consumer that stopped answering


class Bus:
    def __init__(self, redis, keys: Keys, partitions: int = 4):
        self.redis = redis
        self.keys = keys
        self.partitions = partitions
        self._claimed_at: dict = {}  # (topic, group, consumer) -> when last looked for
        self.cluster = is_cluster(redis)
        self._turn = 0  # the partition a cluster read waits on next
        self._replication = replication(redis)  # a message, once published, survives failover
        self._recovered: set = set()  # (topic, group, consumer) whose own pending were read

    def streams(self, topic: str) -> list:
        return [self.keys.bus(topic, p, self.partitions) for p in range(self.partitions)]

    def partition_of(self, key: str) -> int:
        return zlib.crc32(key.encode()) % self.partitions

    def publish(self, topic: str, message: dict, key: str) -> str:
        """Add a message to the topic's partition for `key`; return its entry id."""
        stream = self.keys.bus(topic, self.partition_of(key), self.partitions)
        fields = {"m": json_text.dumps(message)}
        if self._replication is None:
            entry_id = self.redis.xadd(stream, fields, maxlen=MAXLEN, approximate=True)
        else:
            [entry_id] = self._replication.run(stream, lambda pipe: pipe.xadd(
                stream, fields, maxlen=MAXLEN, approximate=True))
        return entry_id.decode() if isinstance(entry_id, bytes) else entry_id

    def publish_all(self, topics: list, message: dict, key: str) -> list:
        """Add one message to several topics (each in its partition for `key`) in one round
        trip; return the entry ids, topic by topic."""
        return self.send(self.outgoing(topics, message, key))

    def outgoing(self, topics: Sequence[str], message: dict, key: str) -> "Outgoing":
        """The message as `publish_all` would add it, not sent yet: another write may carry
        it in its own round trip (EventLog.write adds it with the events it announces)."""
        partition = self.partition_of(key)
        return Outgoing(tuple(self.keys.bus(topic, partition, self.partitions)
                              for topic in topics),
                        json_text.dumps(message))

    def send(self, outgoing: "Outgoing") -> list:
        """Add an Outgoing message to each of its streams; return the entry ids, in order."""
        fields = {"m": outgoing.text}
        if self._replication is not None:
            # A cluster's copies each wait for their replica (see `publish`), one by one.
            return [self._decoded(self._replication.run(stream, lambda pipe, s=stream: pipe.xadd(
                s, fields, maxlen=MAXLEN, approximate=True))[0]) for stream in outgoing.streams]
        pipe = self.redis.pipeline(transaction=False)
        for stream in outgoing.streams:
            pipe.xadd(stream, fields, maxlen=MAXLEN, approximate=True)
        return [self._decoded(e) for e in pipe.execute()]

    @staticmethod
    def _decoded(entry_id) -> str:
        return entry_id.decode() if isinstance(entry_id, bytes) else entry_id

    def ensure_group(self, topic: str, group: str, start: str = "0") -> None:
        """Create the consumer group on every partition (idempotent)."""
        for stream in self.streams(topic):
            try:
                self.redis.xgroup_create(stream, group, id=start, mkstream=True)
            except redis_lib.ResponseError as error:
                if "BUSYGROUP" not in str(error):
                    raise

    def consume(self, topic: str, group: str, consumer: str, count: int = 16,
                block_ms: Optional[int] = 1000, claim_idle_ms: int = CLAIM_IDLE_MS,
                acks: Sequence = ()) -> list:
        """Entries for this consumer: first those it left pending itself (in an earlier
        life under the same name), then those abandoned by others, then new ones.

        `acks`: (group, deliveries) handled since the last read, acknowledged in the same
        round trip as this read (a consumer that acknowledges a batch as it reads the next
        saves a round trip per batch; one that dies in between has them delivered again,
        which at-least-once delivery allows)."""
        acks = [(g, d) for g, d in acks if d]
        if self._recovering(topic, group, consumer) or self._claim_due(
                topic, group, consumer, claim_idle_ms):
            for ack_group, deliveries in acks:
                self.ack_all(deliveries, ack_group)
            own = self._own_pending(topic, group, consumer, count)
            if own:
                return own
            claimed = self._claim(topic, group, consumer, count, claim_idle_ms)
            if claimed:
                self._claimed_at.pop((topic, group, consumer), None)  # more may be waiting
                return claimed
            acks = []
        if self.cluster:
            reply = self._read_cluster(topic, group, consumer, count, block_ms, acks)
        elif acks:
            pipe = self.redis.pipeline(transaction=False)
            for ack_group, deliveries in acks:
                self._queue_acks(pipe, deliveries, ack_group)
            pipe.xreadgroup(group, consumer, {s: ">" for s in self.streams(topic)},
                            count=count, block=block_ms)
            reply = pipe.execute()[-1]
        else:
            reply = self.redis.xreadgroup(group, consumer, {s: ">" for s in self.streams(topic)},
                                          count=count, block=block_ms)
        return [self._delivery(topic, stream, entry_id, fields, claimed=False)
                for stream, entries in (reply or []) for entry_id, fields in entries
                if fields]

    def consume_topics(self, topics: Sequence[str], group: str, consumer: str,
                       count: int = 16, block_ms: Optional[int] = 1000,
                       claim_idle_ms: int = CLAIM_IDLE_MS, acks: Sequence = ()) -> list:
        """`consume` over several topics read in one group (one Redis, not a cluster):
        recovery and claims topic by topic, then the new entries of them all in one
        XREADGROUP, so a wait watches every topic at once instead of each in turn."""
        acks = [(g, d) for g, d in acks if d]
        for topic in topics:
            if self._recovering(topic, group, consumer) or self._claim_due(
                    topic, group, consumer, claim_idle_ms):
                for ack_group, deliveries in acks:
                    self.ack_all(deliveries, ack_group)
                acks = []
                own = self._own_pending(topic, group, consumer, count)
                if own:
                    return own
                claimed = self._claim(topic, group, consumer, count, claim_idle_ms)
                if claimed:
                    self._claimed_at.pop((topic, group, consumer), None)
                    return claimed
        topic_of = {stream: topic for topic in topics for stream in self.streams(topic)}
        pipe = self.redis.pipeline(transaction=False)
        for ack_group, deliveries in acks:
            self._queue_acks(pipe, deliveries, ack_group)
        pipe.xreadgroup(group, consumer, {stream: ">" for stream in topic_of},
                        count=count, block=block_ms)
        reply = pipe.execute()[-1]
        out = []
        for stream, entries in reply or []:
            name = stream.decode() if isinstance(stream, bytes) else stream
            out += [self._delivery(topic_of[name], name, entry_id, fields, claimed=False)
                    for entry_id, fields in entries if fields]
        return out

    def _read_cluster(self, topic, group, consumer, count, block_ms, acks=()) -> list:
        """New entries of every partition, one slot per command (see the module's note);
        `acks` go in the same pipeline (one round trip per master for both)."""
        streams = self.streams(topic)
        pipe = self.redis.pipeline(transaction=False)
        for ack_group, deliveries in acks:
            self._queue_acks(pipe, deliveries, ack_group)
        for stream in streams:
            pipe.xreadgroup(group, consumer, {stream: ">"}, count=count)
        answers = pipe.execute()[-len(streams):]
        reply = [found for answer in answers for found in (answer or [])]
        deadline = time.monotonic() + (block_ms or 0) / 1000
        while not reply and block_ms:
            left_ms = int((deadline - time.monotonic()) * 1000)
            if left_ms <= 0:
                break
            self._turn = (self._turn + 1) % len(streams)
            reply = self.redis.xreadgroup(group, consumer, {streams[self._turn]: ">"},
                                          count=count, block=min(CLUSTER_POLL_MS, left_ms))
        return reply or []

    def ack(self, delivery: Delivery, group: str) -> None:
        self.redis.xack(delivery.stream, group, delivery.entry_id)

    def ack_all(self, deliveries, group: str) -> None:
        """Acknowledge a batch: one XACK per stream, in one round trip."""
        if not deliveries:
            return
        pipe = self.redis.pipeline(transaction=False)
        self._queue_acks(pipe, deliveries, group)
        pipe.execute()

    @staticmethod
    def _queue_acks(pipe, deliveries, group: str) -> None:
        by_stream: dict = {}
        for delivery in deliveries:
            by_stream.setdefault(delivery.stream, []).append(delivery.entry_id)
        for stream, ids in by_stream.items():
            pipe.xack(stream, group, *ids)

    def pending_count(self, topic: str, group: str) -> int:
        total = 0
        for stream in self.streams(topic):
            try:
                total += self.redis.xpending(stream, group)["pending"]
            except redis_lib.ResponseError:
                pass
        return total

    def _recovering(self, topic, group, consumer) -> bool:
        return (topic, group, consumer) not in self._recovered

    def _own_pending(self, topic, group, consumer, count) -> list:
        """At the first reads under this name: the entries delivered to it and never
        acknowledged (its predecessor died holding them), until none are left."""
        key = (topic, group, consumer)
        if key in self._recovered:
            return []
        if self.cluster:  # one slot per command
            pipe = self.redis.pipeline(transaction=False)
            for stream in self.streams(topic):
                pipe.xreadgroup(group, consumer, {stream: "0"}, count=count)
            reply = [found for answer in pipe.execute() for found in (answer or [])]
        else:
            reply = self.redis.xreadgroup(group, consumer,
                                          {s: "0" for s in self.streams(topic)}, count=count)
        out = []
        for stream, entries in reply or []:
            for entry_id, fields in entries:
                if fields:
                    out.append(self._delivery(topic, stream, entry_id, fields, claimed=True))
                else:  # trimmed away while pending: nothing left to handle
                    self.redis.xack(stream, group, entry_id)
        if not out:
            self._recovered.add(key)
        return out

    def _claim_due(self, topic, group, consumer, claim_idle_ms) -> bool:
        now, key = time.monotonic(), (topic, group, consumer)
        last = self._claimed_at.get(key)
        if last is not None and now - last < claim_idle_ms / 4000:
            return False
        self._claimed_at[key] = now
        return True

    def _claim(self, topic, group, consumer, count, claim_idle_ms) -> list:
        out = []
        pipe = self.redis.pipeline(transaction=False)  # every partition in one round trip
        for stream in self.streams(topic):
            pipe.xautoclaim(stream, group, consumer, min_idle_time=claim_idle_ms,
                            start_id="0-0", count=count)
        for stream, reply in zip(self.streams(topic), pipe.execute()):
            # Redis 6.2 answers [cursor, entries]; 7.0 adds the ids of deleted entries.
            for entry_id, fields in reply[1]:
                if fields:
                    out.append(self._delivery(topic, stream, entry_id, fields, claimed=True))
                else:  # trimmed away while pending: nothing left to handle
                    self.redis.xack(stream, group, entry_id)
        return out

    @staticmethod
    def _delivery(topic, stream, entry_id, fields, claimed) -> Delivery:
        stream = stream.decode() if isinstance(stream, bytes) else stream
        entry_id = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
        raw = fields.get(b"m", fields.get("m"))
        return Delivery(topic, stream, entry_id, json.loads(raw), claimed)
