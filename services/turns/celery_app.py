"""The turns service's Celery application: Redis broker, no result backend, late acks (as
services/bot/celery_app.py), and a beat schedule that sweeps the clocks every second and
moves the matches that have been over long enough to the archive every minute.

The archive's move rides on this beat because it is the platform's one scheduler: Celery
beat is how Orrery runs periodic work, `make run` already starts it, and the move is an
idempotent task like the sweep (shared/eventlog/archive/mover.py), so a run lost with a
worker is made good by the next. It goes to the webhook queue, never the clock queue, so
that a long move never delays a deadline.

Deadlines are never Celery countdowns (a Redis broker may run an overdue ETA task twice, and
loses none of them only as long as a worker holds it): they are a sorted set, swept by
`orrery.turns.sweep`, which is idempotent, so a deadline that passed while every worker was
down is handled by the first sweep after one comes back.

    celery -A services.turns.celery_app worker --concurrency=2
    celery -A services.turns.celery_app beat -s data/turns-beat-schedule
"""
from __future__ import annotations

from celery import Celery
from kombu import Queue

from services.turns.config import TurnsSettings
from shared.infra.celery_broker import make as make_celery
from shared.infra.celery_config import worker_config
from shared.infra.celery_leases import install as install_leases

SWEEP_TASK = "orrery.turns.sweep"
WEBHOOK_TASK = "orrery.turns.webhook"
ARCHIVE_TASK = "orrery.archive.move"
SWEEP_EXPIRES = 5.0  # seconds: a loaded worker may take a few to reach a sweep


def make_app(settings: TurnsSettings | None = None) -> Celery:
    """A Celery app (with its beat schedule) configured for `settings`."""
    settings = settings or TurnsSettings.from_env()
    app = make_celery("orrery-turns", settings.base.redis_url, settings.base.namespace,
                      include=["services.turns.tasks"])
    app.conf.update(
        **worker_config(app.orrery_broker.keyprefix, settings.queue,
                        settings.visibility_timeout),
        # The worker reads both queues (kombu alternates between them), so a sweep never
        # waits behind webhook deliveries.
        task_queues=[Queue(settings.queue), Queue(settings.clock_queue)],
        task_routes={WEBHOOK_TASK: {"queue": settings.queue},
                     SWEEP_TASK: {"queue": settings.clock_queue},
                     ARCHIVE_TASK: {"queue": settings.queue}},
        beat_schedule={"sweep-clocks": {
            "task": SWEEP_TASK, "schedule": settings.sweep_seconds,
            # A sweep not run soon is superseded by a later one (each is idempotent).
            "options": {"queue": settings.clock_queue,
                        "expires": max(SWEEP_EXPIRES, settings.sweep_seconds)}},
            "archive": {
                "task": ARCHIVE_TASK, "schedule": settings.base.archive_every_seconds,
                # A run not started by the next is superseded by it.
                "options": {"queue": settings.queue,
                            "expires": settings.base.archive_every_seconds}}},
    )
    app.turns_settings = settings
    install_leases(app)
    return app


app = make_app()
