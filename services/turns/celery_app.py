"""The turns service's Celery application: Redis broker, no result backend, late acks (as
services/bot/celery_app.py), and a beat schedule that sweeps the clocks every second.

Deadlines are never Celery countdowns (a Redis broker may run an overdue ETA task twice, and
loses none of them only as long as a worker holds it): they are a sorted set, swept by
`orrery.turns.sweep`, which is idempotent, so a deadline that passed while every worker was
down is handled by the first sweep after one comes back.

    celery -A services.turns.celery_app worker --concurrency=2
    celery -A services.turns.celery_app beat -s data/turns-beat-schedule
"""
from __future__ import annotations

from celery import Celery

from services.turns.config import TurnsSettings

PROJECT_TASK = "orrery.turns.project"
SWEEP_TASK = "orrery.turns.sweep"
WEBHOOK_TASK = "orrery.turns.webhook"


def make_app(settings: TurnsSettings | None = None) -> Celery:
    settings = settings or TurnsSettings.from_env()
    app = Celery("orrery-turns", broker=settings.base.redis_url,
                 include=["services.turns.tasks"])
    app.conf.update(
        task_ignore_result=True,
        result_backend=None,
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_default_queue=settings.queue,
        task_routes={name: {"queue": settings.queue}
                     for name in (PROJECT_TASK, SWEEP_TASK, WEBHOOK_TASK)},
        task_serializer="json",
        accept_content=["json"],
        broker_transport_options={"global_keyprefix": settings.base.namespace,
                                  "visibility_timeout": settings.visibility_timeout},
        broker_connection_retry_on_startup=True,
        worker_send_task_events=False,
        task_send_sent_event=False,
        worker_enable_remote_control=False,
        worker_hijack_root_logger=False,
        beat_schedule={"sweep-clocks": {
            "task": SWEEP_TASK, "schedule": settings.sweep_seconds,
            # A sweep not run within a second is superseded by the next one.
            "options": {"queue": settings.queue, "expires": max(1.0, settings.sweep_seconds)}}},
    )
    app.turns_settings = settings
    return app


app = make_app()
