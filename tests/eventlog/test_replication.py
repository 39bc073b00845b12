"""Writes that must survive a failover (shared/infra/cluster_client.py: Replication) wait for a
replica when their master has one, and do not wait when it has none: WAIT with no replica
blocks for its whole timeout, which after a failover made every write to the promoted
master take 2 s (CI, stop 21)."""
from __future__ import annotations

import uuid

import pytest
import redis

from shared.infra.cluster_client import Replication, replica_count
from shared.infra.connect import connect
from shared.infra.redis_cluster import start_cluster


def _waits_on(client, node) -> int:
    """How many WAIT commands the node has served."""
    stats = client.get_redis_connection(node).info("commandstats")
    return stats.get("cmdstat_wait", {}).get("calls", 0)


def _write_on_each_master(client, replication, namespace: str, per_master: int = 3) -> dict:
    """Write `per_master` keys on every master through `replication`; the keys by master."""
    written: dict = {}
    i = 0
    while min((len(v) for v in written.values()), default=0) < per_master \
            or len(written) < len(client.get_primaries()):
        key = f"{namespace}r{i}"
        i += 1
        name = client.get_node_from_key(key).name
        if len(written.get(name, [])) >= per_master:
            continue
        assert replication.run(key, lambda pipe, k=key: pipe.set(k, "1")) == [True]
        written.setdefault(name, []).append(key)
    return written


@pytest.fixture(scope="module")
def cluster_without_replicas():
    cluster = start_cluster(masters=3, replicas=0)
    yield cluster
    cluster.stop()


def test_a_master_with_a_replica_acknowledges_once_the_replica_has_the_write(
        redis_cluster, namespace):
    client = connect(redis_cluster.url)
    try:
        # The session's cluster is shared: a failover test may have left a promoted master
        # with no replica of its own (that case is the next test's), so only masters that
        # have one are checked here, and there must be some.
        masters = [m for m in client.get_primaries()
                   if replica_count(client.get_redis_connection(m)) == 1]
        assert masters, "no master of the cluster has a replica"
        before = {m.name: _waits_on(client, m) for m in masters}
        written = _write_on_each_master(client, Replication(client), namespace)
        for master in masters:
            assert _waits_on(client, master) - before[master.name] >= len(written[master.name])
        for replica in (n for n in client.get_nodes() if n.server_type == "replica"):
            plain = redis.Redis(host=replica.host, port=replica.port)
            _, _, master_port, *_ = plain.execute_command("ROLE")
            master = next(m for m in masters if m.port == int(master_port))
            plain.execute_command("READONLY")
            # Acknowledged only once confirmed: the replica has every write at once.
            keys = written[master.name]
            assert [plain.exists(k) for k in keys] == [1] * len(keys)
            plain.close()
    finally:
        for key in client.scan_iter(match=f"{namespace}*"):
            client.delete(key)
        client.close()


def test_a_master_without_a_replica_acknowledges_without_waiting(cluster_without_replicas):
    client = connect(cluster_without_replicas.url)
    namespace = f"test-{uuid.uuid4().hex[:8]}:"
    try:
        masters = client.get_primaries()
        assert all(replica_count(client.get_redis_connection(m)) == 0 for m in masters)
        before = {m.name: _waits_on(client, m) for m in masters}
        written = _write_on_each_master(client, Replication(client), namespace)
        assert sum(len(keys) for keys in written.values()) == 3 * len(masters)
        assert all(client.get(k) == b"1" for keys in written.values() for k in keys)
        assert {m.name: _waits_on(client, m) for m in masters} == before  # no WAIT sent
    finally:
        client.close()
