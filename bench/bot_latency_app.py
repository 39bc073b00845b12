"""The bot Celery app with a stopwatch: each task's start time goes to a Redis hash.

Used by bench.bot_latency as the worker's app (`celery -A bench.bot_latency_app worker`).
"""
import time

from celery.signals import task_prerun

from services.bot.celery_app import app
from shared.infra.connect import connect

_redis = None


def started_key(namespace: str) -> str:
    return f"{namespace}bench:bot:started"


@task_prerun.connect
def _stamp(task_id=None, **_):
    global _redis
    if _redis is None:
        _redis = connect(app.bot_settings.base.redis_url)
    _redis.hset(started_key(app.bot_settings.base.namespace), task_id, repr(time.time()))


__all__ = ["app", "started_key"]
