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

A worker with a stable name (ORRERY_INSTANCE_NAME, which `make run` gives each process kind
and keeps across restarts) also writes down, with each renewal, the tags it holds. When it is
started again after dying, it knows its predecessor is gone (the supervisor starts a process
only after the last one exited), so it expires those leases at once (`take_over`) and the
transport hands the tasks out again at its next restore (every second), instead of after the
visibility timeout: with one worker of a kind, a lost task waits only for the restart.
"""
from __future__ import annotations

import logging
import os
import signal
import threading
import time

import redis as redis_lib
from celery.signals import beat_init, worker_ready

from shared.infra.celery_broker import watch as watch_broker
from shared.infra.connect import timeouts
from shared.infra.heartbeat import Heartbeat, beat_forever

log = logging.getLogger(__name__)

LEASE_SECONDS = 4.0   # the visibility timeout: a task of a dead worker runs again after this
RENEW_SECONDS = 1.0   # at most; a quarter of a shorter visibility timeout
UNACKED_INDEX = "unacked_index"  # kombu.transport.redis.Channel.unacked_index_key
HELD_TTL_SECONDS = 3600  # a held-tags record outlives any restart, not a decommissioned name


def held_key(prefix: str, instance: str) -> str:
    """Where the worker named `instance` keeps the tags it holds."""
    return f"{prefix}orrery:celery-held:{instance}"


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


def record_held(client, key: str, tags: list) -> None:
    """Write down the tags this worker holds now (read by its successor, `take_over`)."""
    pipe = client.pipeline(transaction=True)
    pipe.delete(key)
    if tags:
        pipe.sadd(key, *tags)
        pipe.expire(key, HELD_TTL_SECONDS)
    pipe.execute()


def take_over(client, index_key: str, held: str, restore=None) -> int:
    """Hand out again the tasks a dead predecessor of this name held: their leases expire
    now, and `restore(tag)` (the transport's own restore of one message) puts each back on
    its queue at once; without it the transport's next periodic restore does. Return how
    many were still held."""
    tags = [t.decode() if isinstance(t, bytes) else t for t in client.smembers(held)]
    if not tags:
        return 0
    expired = client.zadd(index_key, {tag: 0 for tag in tags}, xx=True, ch=True)
    if restore is not None:
        for tag in tags:
            restore(tag)
    client.delete(held)
    return expired


def _restorer(consumer):
    """The transport's restore of one unacknowledged message by its tag, if reachable."""
    try:
        return consumer.task_consumer.channel.qos.restore_by_tag
    except AttributeError:
        return None


def renew_interval(visibility_timeout: float) -> float:
    """Seconds between renewals: several renewals fit in one visibility timeout."""
    return max(0.05, min(RENEW_SECONDS, visibility_timeout / 4))


def _renew_forever(consumer, url: str, key: str, interval: float,
                   held: str | None = None, heartbeat_key: str | None = None) -> None:
    client = redis_lib.Redis.from_url(url, **timeouts())
    broker_lost = False
    if held is not None:
        try:
            taken = take_over(client, key, held, _restorer(consumer))
            if taken:
                log.warning("took over %d task(s) a previous worker of this name held", taken)
        except Exception as error:  # noqa: BLE001 - the lease path below still recovers them
            log.warning("could not take over a previous worker's tasks: %s", error)
    recorded = None
    # The renewal loop shows the worker is not stopped or frozen (shared/infra/heartbeat.py).
    heartbeat = Heartbeat(client, heartbeat_key)
    while True:
        time.sleep(interval)
        heartbeat.beat()
        try:
            tags = held_tags(consumer)
            renew(client, key, tags, time.time())
            if held is not None and set(tags) != recorded:
                record_held(client, held, tags)
                recorded = set(tags)
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
        prefix = options.get("global_keyprefix", "")
        interval = renew_interval(float(options.get("visibility_timeout", LEASE_SECONDS)))
        instance = os.environ.get("ORRERY_INSTANCE_NAME")
        held = held_key(prefix, instance) if instance else None
        name = instance or f"{app.main}-worker@{os.getpid()}"
        threading.Thread(target=_renew_forever, name="orrery-lease-renewal", daemon=True,
                         args=(sender, app.conf.broker_url, prefix + UNACKED_INDEX, interval,
                               held, f"{prefix}process:{name}")).start()
        watch_broker(app)

    def start_beat(sender=None, **_kwargs):
        if sender is not None and getattr(sender, "app", None) is app:
            watch_broker(app)
            beat_forever(Heartbeat())
    worker_ready.connect(start, weak=False)
    beat_init.connect(start_beat, weak=False)
