"""Orrery on a Redis Cluster: found from one node's URL, bus partitions spread over the
masters, pipelines of single-slot scripts across masters, cleanup that sees every master."""
from __future__ import annotations

import pytest
import redis
from redis.crc import key_slot
from redis.exceptions import RedisClusterException

from shared.eventlog import Bus, Keys
from shared.infra.cluster_client import Cluster
from shared.infra.connect import connect
from shared.infra.redis_cluster import cluster_ok


@pytest.fixture
def cluster(redis_cluster):
    client = connect(redis_cluster.url)
    yield client
    client.close()


def _master_of(client, key: str) -> str:
    return client.get_node_from_key(key).name


def test_a_url_naming_any_node_finds_the_cluster(redis_cluster, single_redis_url):
    assert cluster_ok(redis_cluster.nodes[-1].port)
    for node in (redis_cluster.nodes[0], redis_cluster.nodes[-1]):  # a master, a replica
        client = connect(f"redis://{node.address}/0")
        assert isinstance(client, Cluster)
        assert len(client.get_primaries()) == 3
        client.close()
    assert type(connect(single_redis_url)) is redis.Redis


@pytest.mark.parametrize("partitions", [3, 4, 6])
def test_the_partitions_of_a_topic_spread_over_every_master(cluster, partitions):
    bus = Bus(cluster, Keys("ns:"), partitions=partitions)
    for topic in ("commands", "matches", "formed"):
        streams = bus.streams(topic)
        assert len({key_slot(s.encode()) for s in streams}) == partitions
        assert {_master_of(cluster, s) for s in streams} == {
            n.name for n in cluster.get_primaries()}


def test_a_pipeline_runs_scripts_on_every_master_and_answers_in_order(cluster, namespace):
    script = cluster.register_script("redis.call('SET', KEYS[1], ARGV[1]) "
                                     "return redis.call('INCR', KEYS[2])")
    keys = [(f"{namespace}k{i}:{{t{i}}}", f"{namespace}n{i}:{{t{i}}}") for i in range(12)]
    assert len({_master_of(cluster, a) for a, _ in keys}) == 3
    cluster.script_flush()  # every master must load it again on first use
    pipe = cluster.pipeline(transaction=False)
    for i, (a, b) in enumerate(keys):
        pipe.incrby(b, i)
        script(keys=[a, b], args=[f"v{i}"], client=pipe)
    assert pipe.execute() == [x for i in range(12) for x in (i, i + 1)]
    assert [cluster.get(a) for a, _ in keys] == [f"v{i}".encode() for i in range(12)]


def test_a_script_over_two_slots_is_refused_before_it_runs(cluster, namespace):
    """The rule every Orrery script keeps (one match's or one player's tag per call)."""
    script = cluster.register_script("return redis.call('MSET', KEYS[1], 1, KEYS[2], 2)")
    with pytest.raises(RedisClusterException, match="same key slot"):
        script(keys=[f"{namespace}{{a}}", f"{namespace}{{b}}"])


def test_the_namespace_cleanup_finds_keys_on_every_master(cluster, namespace):
    written = [f"{namespace}x:{{{i}}}" for i in range(30)]
    for key in written:
        cluster.set(key, 1)
    assert len({_master_of(cluster, k) for k in written}) == 3
    assert sorted(k.decode() for k in cluster.scan_iter(match=f"{namespace}*")) == sorted(
        written)
