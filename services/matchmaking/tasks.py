"""Celery tasks of the matchmaking service: apply a finished match to the standings.

Run a worker with `celery -A services.matchmaking.tasks worker`. Tasks take ids, re-read
the world (the match's log) and are idempotent (a match's result applies once), so they
are acknowledged late and retried when Redis or the game's lock is busy.
"""
from __future__ import annotations

from functools import lru_cache

import redis as redis_lib

from services.matchmaking import context as context_module
from services.matchmaking.results import result_of
from services.matchmaking.standings import StandingsBusy
from shared.infra.celery_broker import make
from shared.infra.celery_config import worker_config
from shared.infra.celery_leases import LEASE_SECONDS
from shared.infra.celery_leases import install as install_leases
from shared.config import Settings

APPLY_RESULT = "matchmaking.apply_result"


def make_celery(settings: Settings):
    """A Celery app on the Redis broker, its keys under the namespace."""
    app = make("orrery.matchmaking", settings.redis_url, settings.namespace)
    # Rating a result is idempotent (one key per match), so a lost task may simply run again.
    # A dead worker's task runs again after LEASE_SECONDS (shared/infra/celery_leases.py).
    app.conf.update(**worker_config(app.orrery_broker.keyprefix, "matchmaking", LEASE_SECONDS))
    install_leases(app)
    return app


app = make_celery(Settings.from_env())


@lru_cache(maxsize=1)
def _context():
    return context_module.build(Settings.from_env())


def apply_match(ctx, match_id: str) -> str:
    """Fold the match's log and apply its result: applied|recomputed|duplicate|unfinished."""
    result = result_of(ctx.log.read(match_id))
    if result is None:
        return "unfinished"
    return ctx.standings.apply(result)


@app.task(name=APPLY_RESULT, autoretry_for=(StandingsBusy, redis_lib.RedisError),
          retry_backoff=True, retry_backoff_max=30, max_retries=20)
def apply_result(match_id: str) -> str:
    return apply_match(_context(), match_id)
