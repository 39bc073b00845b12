"""The bot task: ids in, the world re-read inside, idempotent (Celery's guide; STYLE.md #11)."""
from __future__ import annotations

import logging
from functools import lru_cache

from services.bot import analysis
from services.bot.celery_app import ANALYSE_TASK, MOVE_TASK, app
from services.bot.context import BotContext, build
from services.bot.turns import take_turn
from shared.eventlog.store import MatchNotFound
from shared.messages.analysis import store, stored

log = logging.getLogger("orrery.bot")


@lru_cache(maxsize=1)
def _context() -> BotContext:
    """One context per worker process (Redis clients reconnect after a fork)."""
    return build(app.bot_settings)


@app.task(name=MOVE_TASK, ignore_result=True)
def move(match_id: str, seat: int, version: int, attempt: int = 0) -> None:
    """Play `seat`'s turn in `match_id` at `version`, unless it is no longer due (`attempt`
    counts the refused commands before this one: services/bot/refusals.py)."""
    log.info("bot turn started match=%s seat=%s version=%s attempt=%s", match_id, seat,
             version, attempt)
    result = take_turn(_context(), match_id, seat, version, attempt)
    if result.message is None:
        log.info("bot turn skipped match=%s seat=%s version=%s: %s",
                 match_id, seat, version, result.skipped)
    else:
        log.info("bot turn played match=%s seat=%s version=%s in %.3fs (%d iterations%s)",
                 match_id, seat, version, result.seconds, result.iterations,
                 ", a legal command drawn at random" if result.fallback else "")


@app.task(name=ANALYSE_TASK, ignore_result=True)
def analyse(match_id: str) -> None:
    """Compute and store the post-game analysis of `match_id` (idempotent: a stored one is
    kept; a match in progress is never analysed, its log holds what seats have not seen)."""
    ctx = _context()
    if stored(ctx.redis, ctx.keys, match_id) is not None:
        return
    try:
        match = ctx.store.load(match_id)
    except MatchNotFound:
        log.info("analysis of match %s skipped: no such match", match_id)
        return
    if match.status not in analysis.OVER:
        log.info("analysis of match %s skipped: it is %s", match_id, match.status)
        return
    events = ctx.log.read(match_id, to_version=match.version)
    store(ctx.redis, ctx.keys, match_id, analysis.analyse(match_id, events))
    log.info("analysis of match %s stored (%d events)", match_id, len(events))
