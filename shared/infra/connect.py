"""One way to open a Redis client, so every part agrees on bytes replies and on the topology.

`REDIS_URL` naming any node of a Redis Cluster is enough: the node is asked whether cluster
mode is on (`INFO cluster`), and if so the client is a `RedisCluster`, which learns every
node and slot from that one and follows failovers. No other setting is needed.
"""
from __future__ import annotations

import logging

import redis
from redis.backoff import ExponentialBackoff
from redis.cluster import RedisCluster
from redis.retry import Retry

from shared.infra.cluster_client import Cluster

log = logging.getLogger(__name__)

# A failover takes the node timeout plus an election (about 2-3 s here, see
# shared/infra/redis_cluster.py); a command that meets a dead master retries that long, with the
# slot map refreshed between tries, before the error reaches the caller.
FAILOVER_RETRIES = 12
FAILOVER_BACKOFF = ExponentialBackoff(cap=1.0, base=0.05)


def is_cluster_url(url: str) -> bool:
    """Whether the Redis `url` names runs in cluster mode. A Redis that does not answer is
    taken for a single one: a service must start, and answer 503 (readiness), while its Redis
    is down; a cluster down at start is learnt at the process's next start (docs/OPERATIONS.md)."""
    probe = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
    try:
        info = probe.info("cluster")
    except (redis.ConnectionError, redis.TimeoutError):
        log.warning("Redis at %s does not answer: taken for a single Redis", _safe(url))
        return False
    finally:
        probe.close()
    return bool(info.get("cluster_enabled"))


def _safe(url: str) -> str:
    """The URL without its password, for logs."""
    return url.split("@", 1)[-1]


def is_cluster(client) -> bool:
    return isinstance(client, RedisCluster)


def connect(url: str, **options):
    """A client returning bytes (snapshots are binary; log code decodes what it reads): a
    RedisCluster when `url` names a cluster node, else a plain Redis."""
    if is_cluster_url(url):
        return Cluster.from_url(
            url, decode_responses=False, health_check_interval=30,
            retry=Retry(FAILOVER_BACKOFF, FAILOVER_RETRIES), **options)
    return redis.Redis.from_url(url, decode_responses=False, health_check_interval=30,
                                **options)
