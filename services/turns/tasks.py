"""The turns service's Celery tasks: ids in, the world re-read inside, idempotent.
(The "your turn" projection is no task: the turns dispatcher keeps it from the
announcements themselves, services/turns/dispatcher.py.)

    sweep()                        run by beat every second (services/turns/sweep.py)
    webhook(player_id, webhook_id, body)  one signed POST, retried with exponential backoff
    archive()                      run by beat every ORRERY_ARCHIVE_EVERY_SECONDS: matches
                                   over for ORRERY_ARCHIVE_AFTER_SECONDS move to the archive
"""
from __future__ import annotations

import http.client
import logging
from functools import lru_cache

from services.turns import notify, webhook_post
from services.turns.celery_app import ARCHIVE_TASK, SWEEP_TASK, WEBHOOK_TASK, app
from services.turns.context import TurnsContext, build
from services.turns.sweep import sweep as run_sweep
from shared.eventlog.archive.mover import Mover
from shared.messages import webhooks
from shared.messages.webhook_target import WebhookRefused
from shared.messages.webhook_target import resolve as resolve_target

log = logging.getLogger("orrery.turns")
# A retry waits in its worker until due; the worker renews its lease on it meanwhile
# (shared/infra/celery_leases.py), so a long countdown is not handed to another worker.
BACKOFF_CAP = 600


@lru_cache(maxsize=1)
def _context() -> TurnsContext:
    return build(app.turns_settings)


@app.task(name=SWEEP_TASK, ignore_result=True)
def sweep() -> None:
    report = run_sweep(_context())
    if report.timeouts_sent or report.vacations_ended:
        log.info("sweep: %d due, %d timeouts sent, %d vacations ended", report.due,
                 report.timeouts_sent, report.vacations_ended)


@lru_cache(maxsize=1)
def _mover() -> Mover:
    ctx = _context()
    return Mover(ctx.redis, ctx.keys, ctx.log.archive, ctx.settings.base.archive_after_seconds)


@app.task(name=ARCHIVE_TASK, ignore_result=True)
def archive() -> None:
    """Move every match that is due (shared/eventlog/archive/mover.py)."""
    mover = _mover()
    while mover.run().moved:  # a batch at a time, until none is left to move
        pass


class Undeliverable(Exception):
    """The receiver answered, but not with success (or cannot be reached): try again."""


def deliver(ctx: TurnsContext, url: str, secret: str, body: str) -> int:
    """POST the body, signed with the webhook's `secret`, once to the address checked for
    `url` (resolved once, never redirected); return the status; raise Undeliverable to be
    retried."""
    try:
        target = resolve_target(url, ctx.settings.webhook_allow_private)
    except WebhookRefused as error:
        log.warning("webhook %s refused: %s", url, error)
        return 0
    data = body.encode()
    headers = {"Content-Type": "application/json", "User-Agent": "orrery-webhooks/1",
               notify.SIGNATURE_HEADER: notify.sign(secret, data)}
    try:
        status = webhook_post.post(target, data, headers, ctx.settings.webhook_timeout)
    except (OSError, http.client.HTTPException) as error:
        raise Undeliverable(f"{url}: {error}") from None
    if status >= 500 or status in (408, 429):
        raise Undeliverable(f"{url} answered {status}")
    if not 200 <= status < 300:
        log.warning("webhook %s answered %s; not retried (redirects are not followed)",
                    url, status)
    return status


@app.task(name=WEBHOOK_TASK, bind=True, ignore_result=True, max_retries=None)
def webhook(self, player_id: str, webhook_id: str, body: str) -> None:
    ctx = _context()
    # Read at every try: a webhook deleted, or dropped with the token that made it, since
    # the note was queued gets nothing more.
    hook = webhooks.get(ctx.redis, ctx.keys, player_id, webhook_id)
    if hook is None:
        return
    url = hook.url
    try:
        deliver(ctx, hook.url, hook.secret, body)
    except Undeliverable as error:
        if self.request.retries >= ctx.settings.webhook_retries:
            log.warning("webhook %s given up after %d tries: %s", url,
                        self.request.retries + 1, error)
            return
        countdown = min(BACKOFF_CAP, 2 ** self.request.retries)
        raise self.retry(countdown=countdown, exc=error)
