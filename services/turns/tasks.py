"""The turns service's Celery tasks: ids in, the world re-read inside, idempotent.

    project(match_id)              re-read the match, update the "your turn" projection,
                                   notify players whose turn is new (feed + webhooks)
    sweep()                        run by beat every second (services/turns/sweep.py)
    webhook(player_id, url, body)  one signed POST, retried with exponential backoff
"""
from __future__ import annotations

import ipaddress
import logging
import socket
import urllib.error
import urllib.parse
import urllib.request
from functools import lru_cache

from services.turns import notify
from services.turns.celery_app import PROJECT_TASK, SWEEP_TASK, WEBHOOK_TASK, app
from services.turns.context import TurnsContext, build
from services.turns.projection import project as write_projection
from services.turns.sweep import sweep as run_sweep
from shared.eventlog.store import MatchNotFound

log = logging.getLogger("orrery.turns")
BACKOFF_CAP = 600  # seconds: below the broker's visibility timeout, so no retry runs twice


@lru_cache(maxsize=1)
def _context() -> TurnsContext:
    return build(app.turns_settings)


def project_match(ctx: TurnsContext, match_id: str, notify_players: bool = True):
    """Update the projection from the match as it is now; notify new turns and ends."""
    try:
        state = ctx.store.load(match_id)
    except MatchNotFound:
        return None
    projected = write_projection(ctx.redis, ctx.keys, state)
    if projected.stale or not notify_players:
        return projected
    for entry in projected.new_turns:
        _notify(ctx, entry.player_id, notify.your_turn(entry))
    if projected.ended:
        for entry in projected.entries:
            _notify(ctx, entry.player_id, notify.match_over(state, entry.player_id))
    return projected


def _notify(ctx: TurnsContext, player_id: str, note: dict) -> None:
    for url, body in notify.publish(ctx.redis, ctx.keys, player_id, note):
        webhook.apply_async(args=(player_id, url, body), queue=ctx.settings.queue)


@app.task(name=PROJECT_TASK, ignore_result=True)
def project(match_id: str) -> None:
    project_match(_context(), match_id)


@app.task(name=SWEEP_TASK, ignore_result=True)
def sweep() -> None:
    report = run_sweep(_context())
    if report.timeouts_sent or report.vacations_ended:
        log.info("sweep: %d due, %d timeouts sent, %d vacations ended", report.due,
                 report.timeouts_sent, report.vacations_ended)


class Undeliverable(Exception):
    """The receiver answered, but not with success (or cannot be reached): try again."""


def _allowed(url: str, allow_private: bool) -> bool:
    """http(s) only; loopback and private addresses only when allowed (SSRF guard)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return False
    if allow_private:
        return True
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or 443)
    except socket.gaierror:
        return False
    return all(ipaddress.ip_address(info[4][0]).is_global for info in infos)


def deliver(ctx: TurnsContext, player_id: str, url: str, body: str) -> int:
    """POST the signed body once; return the status; raise Undeliverable to be retried."""
    if not _allowed(url, ctx.settings.webhook_allow_private):
        log.warning("webhook %s refused: not a public http(s) address", url)
        return 0
    data = body.encode()
    secret = notify.webhook_secret(ctx.redis, ctx.keys, player_id)
    request = urllib.request.Request(url, data=data, method="POST", headers={
        "Content-Type": "application/json", notify.SIGNATURE_HEADER: notify.sign(secret, data),
        "User-Agent": "orrery-webhooks/1"})
    try:
        with urllib.request.urlopen(request, timeout=ctx.settings.webhook_timeout) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        if error.code < 500 and error.code not in (408, 429):
            log.warning("webhook %s answered %s; not retried", url, error.code)
            return error.code
        raise Undeliverable(f"{url} answered {error.code}") from None
    except (urllib.error.URLError, OSError) as error:
        raise Undeliverable(f"{url}: {error}") from None


@app.task(name=WEBHOOK_TASK, bind=True, ignore_result=True, max_retries=None)
def webhook(self, player_id: str, url: str, body: str) -> None:
    ctx = _context()
    try:
        deliver(ctx, player_id, url, body)
    except Undeliverable as error:
        if self.request.retries >= ctx.settings.webhook_retries:
            log.warning("webhook %s given up after %d tries: %s", url,
                        self.request.retries + 1, error)
            return
        countdown = min(BACKOFF_CAP, 2 ** self.request.retries)
        raise self.retry(countdown=countdown, exc=error)
