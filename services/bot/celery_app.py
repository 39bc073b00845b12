"""The bot service's Celery application: Redis broker, no result backend, late acks.

A task is acknowledged only once it has run (`task_acks_late`), and requeued if its worker
process dies (`task_reject_on_worker_lost`); a worker killed outright leaves the message
unacknowledged in Redis, and the transport hands it to another worker once
`visibility_timeout` has passed since the dead worker last renewed its lease on it (a live
worker renews the tasks it holds every second: shared/infra/celery_leases.py, so a long move is
never run twice and a lost one waits about 4 s).
That is safe because the task is idempotent (tasks.py). Shared settings: shared/infra/celery_config.py.
Every broker key carries the namespace prefix (`global_keyprefix`, kombu >= 5.3) and the
queue name carries it too, so two Orrery namespaces on one Redis never share a task.

    celery -A services.bot.celery_app worker --pool=prefork --concurrency=2
"""
from __future__ import annotations

from services.bot.config import BotSettings
from shared.infra.celery_broker import make as make_celery
from shared.infra.celery_config import transport_options as shared_transport_options
from shared.infra.celery_config import worker_config
from shared.infra.celery_leases import install as install_leases

MOVE_TASK = "orrery.bot.move"
ANALYSE_TASK = "orrery.bot.analyse"  # a finished match's post-game analysis (analysis.py)


def transport_options(settings: BotSettings, keyprefix: str | None = None) -> dict:
    """The Redis transport options the bot worker runs with (keys under `keyprefix`: the
    namespace, and on a Redis Cluster the broker's slot tag: shared/infra/celery_broker.py)."""
    return shared_transport_options(settings.base.namespace if keyprefix is None else keyprefix,
                                    settings.visibility_timeout)


def make_app(settings: BotSettings | None = None):
    """A Celery app configured for `settings` (from the environment by default)."""
    settings = settings or BotSettings.from_env()
    app = make_celery("orrery-bot", settings.base.redis_url, settings.base.namespace,
                      include=["services.bot.tasks"])
    app.conf.update(
        **worker_config(app.orrery_broker.keyprefix, settings.queue,
                        settings.visibility_timeout),
        task_routes={MOVE_TASK: {"queue": settings.queue},
                     ANALYSE_TASK: {"queue": settings.queue}},
        worker_concurrency=settings.worker_concurrency,
    )
    app.bot_settings = settings
    install_leases(app)
    return app


app = make_app()
