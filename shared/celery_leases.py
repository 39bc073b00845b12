"""Leases on the tasks a live worker holds, so a dead worker's tasks run again within seconds.

Kombu's Redis transport keeps every task a worker has taken but not acknowledged in a
sorted set (`unacked_index`), scored by when it was taken, and hands a task to another
worker once its score is older than the visibility timeout. Alone, that forces a choice: a
short timeout runs a long task twice while its worker is still busy with it; a long one
leaves a dead worker's task waiting a minute or more. Here each worker renews the score of
every task it holds (countdown tasks included) every second from a thread of its
main process, so the score stays fresh exactly as long as the worker lives: the visibility
timeout (LEASE_SECONDS) can be a few seconds, and a task lost with its worker is taken up
after at most that plus the transport's restore interval (1 s), whatever a task's length.
A renewal never brings back an acknowledged task (ZADD XX only updates members present).
The same thread notices a broker outage, and once the broker is back it stops the worker
so that its supervisor starts a fresh one (see `_restart_after_broker_loss`).
"""
from __future__ import annotations

import logging
import os
import signal
import threading
import time

import redis as redis_lib
from celery.signals import beat_init, worker_ready

from shared.celery_broker import watch as watch_broker

log = logging.getLogger(__name__)

LEASE_SECONDS = 4.0   # the visibility timeout: a task of a dead worker runs again after this
RENEW_SECONDS = 1.0   # at most; a quarter of a shorter visibility timeout
UNACKED_INDEX = "unacked_index"  # kombu.transport.redis.Channel.unacked_index_key


def held_tags(consumer) -> list:
    """The delivery tags of every task this worker's consumer holds unacknowledged."""
    try:
        delivered = consumer.task_consumer.channel.qos._delivered
        return list(delivered.keys())
    except (AttributeError, RuntimeError):  # no channel yet / changed while copied
        return []


def renew(client, key: str, tags: list, now: float) -> int:
    """Refresh the lease of each tag still unacknowledged; return how many were renewed."""
    if not tags:
        return 0
    return client.zadd(key, {tag: now for tag in tags}, xx=True, ch=True)


def renew_interval(visibility_timeout: float) -> float:
    """Seconds between renewals: several renewals fit in one visibility timeout."""
    return max(0.05, min(RENEW_SECONDS, visibility_timeout / 4))


def _renew_forever(consumer, url: str, key: str, interval: float) -> None:
    client = redis_lib.Redis.from_url(url)
    broker_lost = False
    while True:
        time.sleep(interval)
        try:
            renew(client, key, held_tags(consumer), time.time())
        except redis_lib.RedisError as error:
            log.warning("lease renewal failed, the broker is away: %s", error)
            broker_lost = True
            continue
        if broker_lost:
            _restart_after_broker_loss()


def _restart_after_broker_loss() -> None:
    """The broker came back after an outage. A Celery worker whose consumer saw the outage
    may never consume again (observed with kombu's Redis transport after a Redis restart:
    acks fail, then the worker sits idle), so it stops warmly (its unacknowledged tasks go
    back to the queue) and its supervisor starts a fresh one."""
    log.warning("the broker is back after an outage: stopping this worker to be restarted")
    os.kill(os.getpid(), signal.SIGTERM)


def install(app) -> None:
    """Renew the leases of `app`'s worker from the moment it is ready."""
    def start(sender=None, **_kwargs):
        if sender is None or getattr(sender, "app", None) is not app:
            return
        options = app.conf.broker_transport_options or {}
        key = options.get("global_keyprefix", "") + UNACKED_INDEX
        interval = renew_interval(float(options.get("visibility_timeout", LEASE_SECONDS)))
        threading.Thread(target=_renew_forever, name="orrery-lease-renewal", daemon=True,
                         args=(sender, app.conf.broker_url, key, interval)).start()
        watch_broker(app)

    def start_beat(sender=None, **_kwargs):
        if sender is not None and getattr(sender, "app", None) is app:
            watch_broker(app)
    worker_ready.connect(start, weak=False)
    beat_init.connect(start_beat, weak=False)
