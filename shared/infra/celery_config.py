"""The Celery settings every Orrery worker shares (bots, turns, matchmaking).

Tasks are idempotent (STYLE #11), so they are acknowledged late and run again when a worker
dies; no task returns a result. Every broker key carries the namespace, so two test runs
(or tenants) on one Redis never share a queue.
"""
from __future__ import annotations

# Kombu's Redis transport looks for unacknowledged messages past their visibility timeout
# every `unacked_restore_interval` x `unacked_restore_throttle` seconds (100 s by default);
# sweeping at a third of the timeout (1-10 s) bounds redelivery to about 4/3 of it.
MAX_RESTORE_INTERVAL = 10
# The transport restores under a Redis mutex held for milliseconds; its default expiry (300 s)
# would, if a worker died holding it, stop every restore for five minutes.
RESTORE_MUTEX_SECONDS = 5
BROKER_TIMEOUT_SECONDS = 5
BROKER_CONNECT_TIMEOUT_SECONDS = 2


def transport_options(keyprefix: str, visibility_timeout: float) -> dict:
    """Redis transport options: keys under `keyprefix` (the namespace, and on a Redis
    Cluster the broker's slot tag: shared/infra/celery_broker.py), and redelivery soon after the
    timeout."""
    return {"global_keyprefix": keyprefix, "visibility_timeout": visibility_timeout,
            "unacked_restore_interval": max(1, min(MAX_RESTORE_INTERVAL,
                                                   int(visibility_timeout / 3))),
            "unacked_restore_throttle": 1, "unacked_mutex_expire": RESTORE_MUTEX_SECONDS,
            # A broker that hangs fails a send (a dispatcher's, a worker's) within seconds
            # instead of holding it; kombu's blocking pop waits 1 s, well inside this.
            "socket_timeout": BROKER_TIMEOUT_SECONDS,
            "socket_connect_timeout": BROKER_CONNECT_TIMEOUT_SECONDS}


def worker_config(keyprefix: str, queue: str, visibility_timeout: float) -> dict:
    """The `app.conf` settings of an Orrery Celery app whose tasks go to `queue`."""
    return dict(
        task_ignore_result=True,
        result_backend=None,
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_default_queue=queue,
        task_serializer="json",
        accept_content=["json"],
        broker_transport_options=transport_options(keyprefix, visibility_timeout),
        broker_connection_retry_on_startup=True,
        worker_send_task_events=False,
        task_send_sent_event=False,
        worker_enable_remote_control=False,  # no pidbox fanout keys shared between runs
        worker_hijack_root_logger=False,
    )
