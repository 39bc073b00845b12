"""One way to open a Redis client, so every part agrees on bytes replies and on the topology.

`REDIS_URL` naming any node of a Redis Cluster is enough: the node is asked whether cluster
mode is on (`INFO cluster`), and if so the client is a `RedisCluster`, which learns every
node and slot from that one and follows failovers. No other setting is needed.

Every client has a connect timeout and a command (socket) timeout, so a Redis that hangs
(stopped, not down: its port still accepts connections) makes a caller fail within seconds
instead of waiting with it for as long as it hangs: a request then answers 503 with
Retry-After (shared/web/errors.py), a consumer loop logs and tries again. A command that
timed out may still have been applied; every writer here is idempotent (command ids,
expected versions, consumer groups), so trying again is safe. A blocking read (XREAD BLOCK)
needs a timeout longer than its block: `timeouts(block_seconds)`.
"""
from __future__ import annotations

import logging
import os

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
# A command's timeout (ORRERY_REDIS_TIMEOUT): longer than the slowest healthy command
# (a replicated write's WAIT allows 2 s, shared/infra/cluster_client.py; a bus read blocks
# 1 s), short enough that a request stuck on a hung Redis is answered 503 in seconds.
COMMAND_TIMEOUT = float(os.environ.get("ORRERY_REDIS_TIMEOUT", "3"))
CONNECT_TIMEOUT = float(os.environ.get("ORRERY_REDIS_CONNECT_TIMEOUT", "1"))
# One more try on a single Redis after a connection error or a timeout, on a fresh
# connection (a Redis that restarted, a connection it dropped); redis-py's default of three
# made a hung Redis cost a caller four timeouts.
RETRIES = 1
RETRY_BACKOFF = ExponentialBackoff(cap=0.5, base=0.05)
PROBE_TIMEOUT = 0.8  # connect, then PING: within 2 s in all


def timeouts(block_seconds: float = 0.0) -> dict:
    """The connect and command timeouts of a client whose longest blocking read waits
    `block_seconds`."""
    return {"socket_timeout": COMMAND_TIMEOUT + block_seconds,
            "socket_connect_timeout": CONNECT_TIMEOUT}


def is_cluster_url(url: str) -> bool:
    """Whether the Redis `url` names runs in cluster mode. A Redis that does not answer is
    taken for a single one: a service must start, and answer 503 (readiness), while its Redis
    is down; a cluster down at start is learnt at the process's next start (docs/OPERATIONS.md)."""
    probe = redis.Redis.from_url(url, socket_timeout=COMMAND_TIMEOUT,
                                 socket_connect_timeout=CONNECT_TIMEOUT,
                                 retry=Retry(RETRY_BACKOFF, 0))
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
    RedisCluster when `url` names a cluster node, else a plain Redis; with the timeouts
    above unless `options` say otherwise."""
    options = {**timeouts(), **options}
    if is_cluster_url(url):
        return Cluster.from_url(
            url, decode_responses=False, health_check_interval=30,
            retry=Retry(FAILOVER_BACKOFF, FAILOVER_RETRIES), **options)
    options.setdefault("retry", Retry(RETRY_BACKOFF, RETRIES))
    return redis.Redis.from_url(url, decode_responses=False, health_check_interval=30,
                                **options)


def probe_for(client, url: str):
    """A client for a readiness probe of the Redis `client` uses: one try with short
    timeouts, so `/readyz` answers within 2 s whatever Redis does."""
    quick = {"socket_timeout": PROBE_TIMEOUT, "socket_connect_timeout": PROBE_TIMEOUT,
             "retry": Retry(RETRY_BACKOFF, 0)}
    if is_cluster(client):
        return Cluster.from_url(url, decode_responses=False, **quick)
    return redis.Redis.from_url(url, decode_responses=False, **quick)
