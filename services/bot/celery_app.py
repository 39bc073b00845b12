"""The bot service's Celery application: Redis broker, no result backend, late acks.

A task is acknowledged only once it has run (`task_acks_late`), and requeued if its worker
process dies (`task_reject_on_worker_lost`); a worker killed outright leaves the message
unacknowledged in Redis, and the transport hands it to another worker once
`visibility_timeout` has passed (keep it above the longest move: level 3 thinks 2 s). That is safe because the task is idempotent (tasks.py).
Every broker key carries the namespace prefix (`global_keyprefix`, kombu >= 5.3) and the
queue name carries it too, so two Orrery namespaces on one Redis never share a task.

    celery -A services.bot.celery_app worker --pool=prefork --concurrency=2
"""
from __future__ import annotations

from celery import Celery

from services.bot.config import BotSettings

MOVE_TASK = "orrery.bot.move"


def transport_options(settings: BotSettings) -> dict:
    """Redis transport options: namespaced keys, and redelivery soon after the timeout.

    Kombu sweeps for overdue unacknowledged messages every `unacked_restore_interval`
    seconds times `unacked_restore_throttle` (100 s by default); sweeping at a third of the
    visibility timeout (1-10 s) on every tick bounds redelivery to about 4/3 of the timeout.
    """
    timeout = settings.visibility_timeout
    return {"global_keyprefix": settings.base.namespace, "visibility_timeout": timeout,
            "unacked_restore_interval": max(1, min(10, int(timeout / 3))),
            "unacked_restore_throttle": 1}


def make_app(settings: BotSettings | None = None) -> Celery:
    """A Celery app configured for `settings` (from the environment by default)."""
    settings = settings or BotSettings.from_env()
    app = Celery("orrery-bot", broker=settings.base.redis_url, include=["services.bot.tasks"])
    app.conf.update(
        task_ignore_result=True,
        result_backend=None,
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_default_queue=settings.queue,
        task_routes={MOVE_TASK: {"queue": settings.queue}},
        task_serializer="json",
        accept_content=["json"],
        broker_transport_options=transport_options(settings),
        broker_connection_retry_on_startup=True,
        worker_concurrency=settings.worker_concurrency,
        worker_send_task_events=False,
        task_send_sent_event=False,
        worker_enable_remote_control=False,  # no pidbox fanout keys shared between runs
    )
    app.bot_settings = settings
    return app


app = make_app()
