"""The bot task: ids in, the world re-read inside, idempotent (Celery's guide; STYLE.md #11)."""
from __future__ import annotations

import logging
from functools import lru_cache

from services.bot.celery_app import MOVE_TASK, app
from services.bot.context import BotContext, build
from services.bot.turns import take_turn

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
