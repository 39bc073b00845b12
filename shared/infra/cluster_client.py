"""The Redis Cluster client Orrery uses: redis-py's, with pipelines that take Lua scripts.

redis-py's cluster pipeline refuses EVALSHA, but Orrery batches its single-slot scripts
(the turns projection, the clock sweep) in pipelines. Here a non-transactional pipeline
queues commands as any pipeline does and, when executed, sends one plain pipeline to each
master owning some of their slots (scripts loaded there first when missing), and returns
the replies in the order queued: one round trip per master, as on one Redis.

A pipeline that meets a slot that moved or a master that died refreshes the slot map and
raises ConnectionError: what it sent may have partly run (as on one Redis when a
connection drops mid-pipeline), and callers treat it as any Redis outage (retry later;
every write Orrery pipelines is idempotent).
"""
from __future__ import annotations

import os
import time

import redis
from redis.cluster import RedisCluster
from redis.commands.core import CoreCommands
from redis.commands.core import Script

_MOVED = ("MOVED", "ASK", "CLUSTERDOWN", "TRYAGAIN", "READONLY")


class Cluster(RedisCluster):
    """A RedisCluster whose `pipeline(transaction=False)` accepts scripts."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.script_sources: dict = {}  # sha -> Script, to load on a master that lacks it

    def register_script(self, script) -> Script:
        registered = super().register_script(script)
        self.script_sources[registered.sha] = registered
        return registered

    def script_load(self, script, *args, **kwargs):
        sha = super().script_load(script, *args, **kwargs)
        self.script_sources[sha.decode() if isinstance(sha, bytes) else sha] = \
            Script(self, script)
        return sha

    def pipeline(self, transaction=None, shard_hint=None):
        if transaction is False:
            return NodePipelines(self)
        return super().pipeline(transaction=transaction, shard_hint=shard_hint)


class NodePipelines(CoreCommands):
    """Commands queued like a pipeline's, sent as one pipeline per master (see above)."""

    def __init__(self, cluster: Cluster):
        self.cluster = cluster
        self._queued: list = []  # (args, options)

    def __len__(self) -> int:
        return len(self._queued)

    def __enter__(self):
        return self

    def __exit__(self, *_exc):
        self._queued = []

    def execute_command(self, *args, **options):
        self._queued.append((args, options))
        return self

    def execute(self) -> list:
        queued, self._queued = self._queued, []
        by_node: dict = {}
        for index, (args, options) in enumerate(queued):
            node = self.cluster.nodes_manager.get_node_from_slot(
                self.cluster.determine_slot(*args))
            by_node.setdefault(node.name, (node, []))[1].append(index)
        replies: list = [None] * len(queued)
        try:
            for node, indexes in by_node.values():
                pipe = self.cluster.get_redis_connection(node).pipeline(transaction=False)
                for index in indexes:
                    args, options = queued[index]
                    if str(args[0]).upper() == "EVALSHA":
                        pipe.scripts.add(self._script(args[1]))
                    pipe.execute_command(*args, **options)
                for index, reply in zip(indexes, pipe.execute()):
                    replies[index] = reply
        except (redis.ConnectionError, redis.TimeoutError) as error:
            self._refresh()
            raise redis.ConnectionError(f"a cluster node failed mid-pipeline: {error}")
        except redis.ResponseError as error:
            if not str(error).startswith(_MOVED):
                raise
            self._refresh()
            raise redis.ConnectionError(f"the cluster's slots moved mid-pipeline: {error}")
        return replies

    def _script(self, sha) -> Script:
        sha = sha.decode() if isinstance(sha, bytes) else sha
        found = self.cluster.script_sources.get(sha)
        if found is None:
            raise redis.exceptions.NoScriptError(f"script {sha} was never registered")
        return found

    def _refresh(self) -> None:
        _refresh(self.cluster)


# How long a write that must not be lost waits for its replica (ORRERY_REPLICA_WAIT_MS).
# A healthy replica answers in well under a millisecond; on this repository's loaded 2-core
# machine 3,000 waits took 0.13 ms at the median and 760 ms at worst, so 2 s.
WAIT_TIMEOUT_MS = 2000
# How long what a master said of its replicas (ROLE) is trusted before it is asked again.
REPLICAS_SEEN_SECONDS = 1.0


class NotReplicated(redis.ConnectionError):
    """The master has a replica but it did not confirm the write in time: the write may be
    lost in a failover, so it is not acknowledged (the caller retries it idempotently)."""


class Replication:
    """Writes that must not be lost (match logs, the bus): sent with WAIT 1 on the same
    connection, to the master owning their key.

    Replication is asynchronous; WAIT makes the master answer only once a replica has the
    write, so a failover (which promotes that replica) keeps it. A master that has no
    replica just then (its replica died, or it is one promoted a moment ago) acknowledges
    as a single Redis does: there is no copy to wait for. It is not asked to WAIT either:
    WAIT with no replica blocks for its whole timeout, so after a failover every write to
    the promoted master took 2 s until a replica joined it (a bot's turn then waited on a
    queue of such writes for over 30 s: CI, stop 21). Whether a master has a replica is
    asked with ROLE at most once a REPLICAS_SEEN_SECONDS per master, and again at once when
    a WAIT is not confirmed; a replica that joins is waited for from the next ask on."""

    def __init__(self, cluster: RedisCluster, timeout_ms: int | None = None,
                 clock=time.monotonic):
        self.cluster = cluster
        self.timeout_ms = timeout_ms or int(os.environ.get("ORRERY_REPLICA_WAIT_MS",
                                                           WAIT_TIMEOUT_MS))
        self.clock = clock
        self._replicas: dict = {}  # master's name -> (when asked, how many replicas)

    def run(self, key: str, queue) -> list:
        """`queue(pipeline)` queues the write(s) on `key`'s master; their replies."""
        node = self.cluster.get_node_from_key(key)
        client = self.cluster.get_redis_connection(node)
        try:
            waits = self._replica_count(node.name, client) > 0
            pipe = client.pipeline(transaction=False)
            queue(pipe)
            if not waits:
                return pipe.execute()
            pipe.execute_command("WAIT", 1, self.timeout_ms)
            *replies, acked = pipe.execute()
            if acked < 1 and self._replica_count(node.name, client, fresh=True) > 0:
                raise NotReplicated(f"no replica of {node.name} confirmed a write in "
                                    f"{self.timeout_ms} ms")
        except (redis.ConnectionError, redis.TimeoutError) as error:
            if not isinstance(error, NotReplicated):
                self._replicas.pop(node.name, None)
                _refresh(self.cluster)
            raise
        except redis.ResponseError as error:
            if not str(error).startswith(_MOVED):
                raise
            self._replicas.pop(node.name, None)
            _refresh(self.cluster)
            raise redis.ConnectionError(f"the cluster's slots moved: {error}")
        return replies

    def _replica_count(self, name: str, client, fresh: bool = False) -> int:
        """How many replicas the master `name` has, as it said at most a moment ago."""
        seen = self._replicas.get(name)
        now = self.clock()
        if fresh or seen is None or now - seen[0] >= REPLICAS_SEEN_SECONDS:
            seen = (now, replica_count(client))
            self._replicas[name] = seen
        return seen[1]


def replica_count(client) -> int:
    """The replicas connected to the master `client` talks to (ROLE: cheaper than INFO)."""
    role = client.execute_command("ROLE")
    kind = role[0].decode() if isinstance(role[0], bytes) else role[0]
    return len(role[2]) if kind == "master" else 0


def _refresh(cluster: RedisCluster) -> None:
    try:
        cluster.nodes_manager.initialize()
    except redis.RedisError:
        pass  # the next command tries again


def replication(client):
    """The Replication of a cluster client, None for one Redis (nothing to wait for)."""
    return Replication(client) if isinstance(client, RedisCluster) else None
