"""One Redis connection per API process (per Redis node) for every live stream (issue 25,
item 6).

A live stream used to block on an XREAD of its own, over a connection of its own: 1,500
streams held 1,500 Redis connections per process. Here each process has one hub, and the
hub one reader per Redis node (one on a single Redis; one per master on a cluster, the
keys grouped by the master that owns their slot): a thread (a greenlet under gunicorn's
gevent workers, which patch threading) that blocks in one XREAD over every key followed on
that node, and wakes the streams whose key grew.

The hub only wakes: a stream reads what is new itself, from its own last id, over the
process's ordinary client, so nothing a stream sends depends on what the hub read (no
event is lost or sent twice by a reconnect, a slot that moved or a missed wake-up: at
worst a stream wakes for nothing, or waits until its next heartbeat). A subscription
follows one key from the stream's open to its close; `wait(after, seconds)` blocks until
the key holds an entry after `after` (the stream's own last id) or `seconds` pass.

The reader XREADs each key from the lowest last id of the streams waiting on it, one entry
(COUNT 1): any entry after a waiting stream's id wakes it. It remembers the newest id it
read of each key: a stream that waits again with an older id is woken at once, and a key
whose streams are all woken stays in the XREAD from that id, so a stream that read what
woke it and waits again costs the reader nothing. A Redis Cluster refuses an XREAD
over keys of different hash slots (CROSSSLOT), even on one master: a cluster node's reader
whose keys share one slot blocks as on one Redis; one whose keys span several slots sends
a round of XREADs that do not block, one per slot, pipelined on its one connection, every
POLL_SECONDS while nothing is new (a wake-up within 50 ms at the cost of a command per
followed slot per round). A stream that starts waiting on
a key the running XREAD does not cover (a new key, or one it reads from a later id) makes
the reader issue its XREAD again at once: CLIENT UNBLOCK of the reader's connection, sent
over the process's client to the same node. A reader whose connection fails reconnects
(backing off to 2 s); on a cluster it first refreshes the slot map and moves each key to
the reader of the master that owns it now.
"""
from __future__ import annotations

import ipaddress
import logging
import socket
import threading
import time
from typing import Optional

import redis
from redis.backoff import NoBackoff
from redis.cluster import RedisCluster
from redis.connection import parse_url
from redis.retry import Retry

from shared.infra.connect import timeouts

log = logging.getLogger(__name__)

BLOCK_SECONDS = 10.0  # the longest one XREAD blocks before it is issued again
POLL_SECONDS = 0.05   # a cluster node's reader over several slots: its rounds' interval
_MOVED = ("MOVED", "ASK", "CLUSTERDOWN", "TRYAGAIN")
_BACKOFF = (0.05, 0.1, 0.2, 0.5, 1.0, 2.0)
_ONE_NODE = "redis"


def stream_id(text) -> tuple:
    """A Redis stream id as a pair of ints, to compare ("5-1" < "12-0")."""
    text = text.decode() if isinstance(text, bytes) else text
    ms, _, seq = text.partition("-")
    return int(ms), int(seq or 0)


def _text(entry_id: tuple) -> str:
    return f"{entry_id[0]}-{entry_id[1]}"


class Subscription:
    """One stream's following of one key, from its open to its close."""

    def __init__(self, hub: "LiveHub", key: str):
        self.hub, self.key = hub, key
        self.after = (0, 0)             # the last id the stream has read
        self.woken = threading.Event()  # the key holds an entry after `after`
        self.reader: Optional[_Reader] = None

    def wait(self, after: str, seconds: float) -> bool:
        """Block until the key holds an entry after `after` or `seconds` pass; True when
        woken (the stream then reads from its own last id: a wake-up may be for nothing)."""
        return self.hub._wait(self, stream_id(after), seconds)

    def close(self) -> None:
        self.hub._unsubscribe(self)

    def __enter__(self):
        return self

    def __exit__(self, *_exc):
        self.close()


class LiveHub:
    """The process's readers, one per Redis node, and who follows which key."""

    def __init__(self, client, url: str, client_name: str,
                 block_seconds: float = BLOCK_SECONDS):
        self.client, self.url, self.client_name = client, url, client_name
        self.block_seconds = block_seconds
        self.cluster = isinstance(client, RedisCluster)
        self.lock = threading.Lock()
        self.readers: dict = {}  # node name -> _Reader
        self.addresses: dict = {}  # (host, port) -> (family, sockaddr)
        self.closed = False
        if not self.cluster:  # resolved now, while the process is quiet (see _Resolved)
            where = parse_url(url)
            if "host" in where and "connection_class" not in where:
                self.address(where["host"], where.get("port", 6379))

    # ---- what streams call ----

    def subscribe(self, key: str) -> Subscription:
        subscription = Subscription(self, key)
        node = self._node_of(key)
        with self.lock:
            reader, fresh = self._reader(node)
            reader.add(subscription)
        if fresh:  # started outside the lock: starting a thread may switch greenlets
            reader.start()
        return subscription

    def _wait(self, subscription: Subscription, after: tuple, seconds: float) -> bool:
        with self.lock:
            subscription.after = after
            reader = subscription.reader
            seen = reader.seen.get(subscription.key)
            if seen is not None and after < seen:  # the hub saw newer: read at once
                subscription.woken.set()
                return True
            subscription.woken.clear()
            covered = reader.reading.get(subscription.key)
            if covered is None or covered > after:
                reader.dirty = True
        if reader.dirty:
            reader.nudge()
        return subscription.woken.wait(max(0.0, seconds))

    def _unsubscribe(self, subscription: Subscription) -> None:
        with self.lock:
            if subscription.reader is not None:
                subscription.reader.remove(subscription)
                subscription.reader = None

    def close(self) -> None:
        self.closed = True
        for reader in list(self.readers.values()):
            reader.wakeup.set()
            reader.nudge()

    # ---- what readers use ----

    def _node_of(self, key: str) -> str:
        return self.client.get_node_from_key(key).name if self.cluster else _ONE_NODE

    def _reader(self, node: str) -> tuple:
        """(the reader of `node`, whether it is new and must be started), hub lock held.
        Readers start on first use: in the process that serves, never before a fork."""
        reader = self.readers.get(node)
        if reader is not None:
            return reader, False
        reader = self.readers[node] = _Reader(self, node)
        return reader, True

    def connection(self, node: str):
        """A connection of the reader's own to `node`: no retries of its own (the reader
        reconnects, and must learn its new connection id), a timeout beyond its block,
        to the node's address as resolved before (see _Resolved)."""
        options = dict(client_name=self.client_name, retry=Retry(NoBackoff(), 0),
                       **timeouts(self.block_seconds))
        if not self.cluster:
            where = parse_url(self.url)
        else:
            found = self.client.get_node(node_name=node)
            if found is None:
                raise redis.ConnectionError(f"no cluster node {node} any more")
            where = {"host": found.host, "port": found.port}
        # A pool of its own that only the reader uses, one command (or pipeline) at a time:
        # it holds one connection, shared by the blocking XREAD and the per-slot rounds (a
        # single-connection client would open a second one for its pipelines).
        if "connection_class" in where:  # TLS or a unix socket: as redis-py connects
            return redis.Redis(**where, **options)
        pool = redis.ConnectionPool(connection_class=_Resolved, **where, **options,
                                    address=self.address(where["host"], where["port"]))
        return redis.Redis(connection_pool=pool)

    def address(self, host: str, port: int) -> tuple:
        """(family, sockaddr) of `host`: a literal address as it is, a name resolved once
        (and again only after a connection to it failed: `forget`)."""
        key = (host, int(port))
        found = self.addresses.get(key)
        if found is None:
            try:
                literal = ipaddress.ip_address(host)
                family = socket.AF_INET6 if literal.version == 6 else socket.AF_INET
                found = (family, (host, int(port)))
            except ValueError:
                family, _, _, _, sockaddr = socket.getaddrinfo(
                    host, port, 0, socket.SOCK_STREAM)[0]
                found = (family, sockaddr)
            self.addresses[key] = found
        return found

    def unblock(self, node: str, connection_id: int) -> bool:
        """CLIENT UNBLOCK the reader's connection on `node`, over the process's client."""
        if not self.cluster:
            return bool(self.client.client_unblock(connection_id))
        found = self.client.get_node(node_name=node)
        if found is None:
            return False
        return bool(self.client.get_redis_connection(found).client_unblock(connection_id))

    def regroup(self, reader: "_Reader") -> None:
        """After a cluster error: the slot map anew, and each of `reader`'s keys moved to
        the reader of the master that owns it now."""
        try:
            self.client.nodes_manager.initialize()
        except redis.RedisError:
            return  # the next failure tries again
        moved, fresh = set(), set()
        with self.lock:
            for key, subscriptions in list(reader.following.items()):
                node = self._node_of(key)
                if node == reader.node:
                    continue
                other, new = self._reader(node)
                for subscription in list(subscriptions):
                    reader.remove(subscription)
                    other.add(subscription)
                moved.add(other)
                if new:
                    fresh.add(other)
        for other in fresh:
            other.start()
        for other in moved:
            other.dirty = True
            other.nudge()


class _Resolved(redis.Connection):
    """A connection to an address resolved before, not at each connect: under gevent a
    name (even a literal address) is resolved in a small pool of threads, and with
    thousands of streams starting at once the reader waited there for over a minute
    (live_capacity: its connection never appeared while 1,500 streams opened)."""

    def __init__(self, address: tuple, **options):
        super().__init__(**options)
        self.address = address

    def _connect(self):
        family, sockaddr = self.address
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.settimeout(self.socket_connect_timeout)
            sock.connect(sockaddr)
            sock.settimeout(self.socket_timeout)
        except OSError:
            sock.close()
            raise
        return sock


class _Reader:
    """One node's reader: one connection, one blocking XREAD over its keys at a time."""

    def __init__(self, hub: LiveHub, node: str):
        self.hub, self.node = hub, node
        self.following: dict = {}  # key -> set of Subscriptions
        self.reading: dict = {}    # key -> the id the running XREAD reads after
        self.seen: dict = {}       # key -> the newest id this reader has read of it
        self.dirty = False         # `reading` misses a waiting stream
        self.blocked = False       # an XREAD is (about to be) running
        self.unblocked = False     # an unblock was sent for the running XREAD
        self.nudging = False       # a stream is having the loop read anew
        self.wakeup = threading.Event()  # a key to read, while there was none
        self.connection = None
        self.connection_id: Optional[int] = None
        self.xreads = 0            # how many XREADs it issued (a figure for the bench)

    def start(self) -> None:
        threading.Thread(target=self._run, name=f"live-hub-{self.node}", daemon=True).start()

    def add(self, subscription: Subscription) -> None:
        subscription.reader = self
        self.following.setdefault(subscription.key, set()).add(subscription)

    def remove(self, subscription: Subscription) -> None:
        followers = self.following.get(subscription.key)
        if followers is not None:
            followers.discard(subscription)
            if not followers:
                del self.following[subscription.key]
                self.seen.pop(subscription.key, None)

    # ---- the loop ----

    def _run(self) -> None:
        failures = 0
        while not self.hub.closed:
            streams = self._snapshot()
            if not streams:  # nobody waits: no connection held until somebody does
                self._close()
                self.wakeup.wait(self.hub.block_seconds)
                self.wakeup.clear()
                continue
            try:
                reply = self._xread(streams)
            except (redis.ConnectionError, redis.TimeoutError, redis.ResponseError) as error:
                self._lost(error, failures)
                failures += 1
                continue
            except Exception:  # noqa: BLE001 - the process's streams depend on this loop
                log.exception("live hub: the reader of %s failed; it reads again", self.node)
                self._close()
                time.sleep(_BACKOFF[-1])
                continue
            finally:
                with self.hub.lock:
                    self.blocked = False
            failures = 0
            self._wake(reply or [])
        self._close()

    def _snapshot(self) -> dict:
        """What to read: each key from the lowest id its waiting streams have read, or
        (all of them woken, reading what is new) from the newest the reader has seen, so
        that a stream waiting again after its read finds its key still covered."""
        with self.hub.lock:
            streams = {}
            for key, subscriptions in self.following.items():
                waiting = [s.after for s in subscriptions if not s.woken.is_set()]
                position = min(waiting) if waiting else self.seen.get(key)
                if position is not None:
                    streams[key] = position
            self.reading = streams
            self.dirty = self.unblocked = False
            # Blocked in XREAD (an unblock re-reads) or polling several slots (a wake-up).
            self.blocked = bool(streams) and len(self._slots(streams)) == 1
        return streams

    def _xread(self, streams: dict):
        if self.connection is None:
            self.connection = self.hub.connection(self.node)
            self.connection_id = int(self.connection.client_id())
        by_slot = self._slots(streams)
        if len(by_slot) == 1:
            self.xreads += 1
            return self.connection.xread({k: _text(v) for k, v in streams.items()}, count=1,
                                         block=max(1, int(self.hub.block_seconds * 1000)))
        # A cluster refuses an XREAD over keys of several slots (CROSSSLOT), and one
        # connection blocks on one command at a time: one round of XREADs that do not
        # block, one per slot, pipelined; when nothing is new, the next round after
        # POLL_SECONDS (sooner when a stream starts waiting on a key not read yet).
        pipe = self.connection.pipeline(transaction=False)
        for keys in by_slot.values():
            pipe.xread({k: _text(streams[k]) for k in keys}, count=1)
        self.xreads += len(by_slot)
        reply = [found for answer in pipe.execute() if answer for found in answer]
        if not reply:
            self.wakeup.wait(POLL_SECONDS)
            self.wakeup.clear()
        return reply

    def _slots(self, streams: dict) -> dict:
        """The keys grouped by hash slot (one group on a single Redis)."""
        if not self.hub.cluster:
            return {0: list(streams)}
        by_slot: dict = {}
        for key in streams:
            by_slot.setdefault(self.hub.client.keyslot(key), []).append(key)
        return by_slot

    def _wake(self, reply) -> None:
        with self.hub.lock:
            for key, entries in reply:
                if not entries:
                    continue
                key = key.decode() if isinstance(key, bytes) else key
                newest = stream_id(entries[-1][0])
                if key not in self.following:
                    continue
                self.seen[key] = max(newest, self.seen.get(key, newest))
                for subscription in self.following[key]:
                    if subscription.after < newest:
                        subscription.woken.set()

    def _lost(self, error, failures: int) -> None:
        moved = isinstance(error, redis.ResponseError) and str(error).startswith(_MOVED)
        if isinstance(error, redis.ResponseError) and not moved:
            log.error("live hub: XREAD on %s refused: %s", self.node, error)
        else:
            log.warning("live hub: connection to %s lost (%s); reconnecting", self.node, error)
        self._close()
        # The slot map is asked anew only when a slot moved or the node failed twice
        # running: refreshing it resets the connections the rest of the process shares.
        if self.hub.cluster and (moved or failures >= 1):
            self.hub.regroup(self)
        if failures >= 1:  # a name may point elsewhere now
            self.hub.addresses.clear()
        time.sleep(_BACKOFF[min(failures, len(_BACKOFF) - 1)])

    def _close(self) -> None:
        if self.connection is not None:
            try:
                self.connection.close()
                self.connection.connection_pool.disconnect()  # its own pool: closed too
            except redis.RedisError:
                pass
        self.connection = self.connection_id = None

    # ---- called by streams ----

    def nudge(self) -> None:
        """Have the loop read its keys anew (a stream waits on what the running XREAD
        misses): wake it when idle, unblock its XREAD when running. One stream nudges at a
        time (the others' keys are in the snapshot that ends it); an unblock sent before
        the XREAD reached Redis unblocks nothing, so it is sent again, less and less often,
        until the loop has taken its next snapshot."""
        with self.hub.lock:
            if self.nudging:
                return
            self.nudging = True
        try:
            self._nudge()
        finally:
            with self.hub.lock:
                self.nudging = False

    def _nudge(self) -> None:
        pause, deadline = 0.001, time.monotonic() + self.hub.block_seconds
        while time.monotonic() < deadline:
            with self.hub.lock:
                if not self.dirty or self.unblocked:
                    return
                if not self.blocked:
                    self.wakeup.set()
                    return
                connection_id = self.connection_id
            if connection_id is not None:  # else connecting: its XREAD follows
                try:
                    if self.hub.unblock(self.node, connection_id):
                        with self.hub.lock:
                            self.unblocked = True
                        return
                except redis.RedisError:
                    return  # the loop meets the same trouble, reconnects and reads anew
            time.sleep(pause)
            pause = min(pause * 2, 0.05)
