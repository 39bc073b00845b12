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
        try:
            self.cluster.nodes_manager.initialize()
        except redis.RedisError:
            pass  # the next command tries again
