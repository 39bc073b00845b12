"""Where Celery's broker is: the Orrery Redis itself, or on a cluster one slot of it.

Kombu's Redis transport knows nothing of Redis Cluster: it sends commands naming several
keys (BRPOP over queues, MULTI over the unacked hash and index) to one connection. On a
cluster that works only if every broker key lives in one slot and the connection is to
the master owning it. So when REDIS_URL names a cluster, every broker key carries the hash
tag `{orrery-celery}` (in kombu's `global_keyprefix`) and the broker URL is that slot's
master, found at start: no other setting. One slot means one master's CPU for all tasks,
which is plenty (tasks are a few per move; the logs and the bus are spread over every
master); `ORRERY_CELERY_BROKER_URL` points Celery at a Redis of its own instead (a plain
Redis, or one behind Sentinel) when it is not.

After a failover the slot's master is another node, which kombu would never find: a
process that uses Celery watches the slot (`watch`) and, when its master changes, stops
itself (SIGTERM, a warm stop) so that its supervisor (the launcher, a container restart
policy) starts it again on the new master. Tasks a failover loses are sent again: bot
turns by the bot dispatcher's due record, results and webhooks by their bus entries, which
are acknowledged only once the task is sent.
"""
from __future__ import annotations

import logging
import os
import signal
import threading
import time
from dataclasses import dataclass

import redis as redis_lib

from shared.infra.connect import connect, is_cluster_url

log = logging.getLogger(__name__)

TAG = "{orrery-celery}"
WATCH_SECONDS = 1.0


@dataclass(frozen=True)
class Broker:
    url: str
    keyprefix: str         # kombu's global_keyprefix: the namespace (and the tag on a cluster)
    cluster_url: str = ""  # the cluster it is a slot of ("" when it is not)


def _master_url(cluster) -> str:
    node = cluster.get_node_from_key(TAG)
    return f"redis://{node.host}:{node.port}/0"


def broker_for(redis_url: str, namespace: str) -> Broker:
    """The broker for services on `redis_url` in `namespace` (see the module's note)."""
    own = os.environ.get("ORRERY_CELERY_BROKER_URL")
    if own:
        return Broker(own, namespace)
    try:
        on_cluster = is_cluster_url(redis_url)
    except redis_lib.RedisError:  # Redis away at start: Celery retries the URL meanwhile
        return Broker(redis_url, namespace)
    if not on_cluster:
        return Broker(redis_url, namespace)
    cluster = connect(redis_url)
    try:
        return Broker(_master_url(cluster), f"{namespace}{TAG}:", cluster_url=redis_url)
    finally:
        cluster.close()


def watch(app) -> None:
    """Stop this process when the master of the broker's slot changes (see above); nothing
    to do when the broker is not a slot of a cluster."""
    broker = getattr(app, "orrery_broker", None)
    if broker is None or not broker.cluster_url:
        return
    threading.Thread(target=_watch_forever, args=(broker,), name="orrery-broker-watch",
                     daemon=True).start()


def _watch_forever(broker: Broker) -> None:
    cluster = None
    while True:
        time.sleep(WATCH_SECONDS)
        try:
            cluster = cluster or connect(broker.cluster_url)
            cluster.nodes_manager.initialize()  # the slot map as the cluster sees it now
            now = _master_url(cluster)
        except redis_lib.RedisError as error:
            log.warning("cannot see the cluster's slots: %s", error)
            continue
        if now != broker.url:
            log.warning("Celery's broker slot moved from %s to %s: stopping to be restarted",
                        broker.url, now)
            os.kill(os.getpid(), signal.SIGTERM)
            return


def make(app_name: str, redis_url: str, namespace: str, **options):
    """A Celery app on the broker for `redis_url` (its Broker kept as `orrery_broker`)."""
    from celery import Celery
    broker = broker_for(redis_url, namespace)
    app = Celery(app_name, broker=broker.url, **options)
    app.orrery_broker = broker
    return app
