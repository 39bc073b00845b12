"""A fixed one-minute window per player (valid token) or client address; 0 turns it off."""
from __future__ import annotations

import time

from flask import Flask, request

from services.matchmaking.auth import bearer_token
from services.matchmaking.errors import RateLimited, Unauthenticated

EXEMPT = frozenset({"/healthz", "/readyz", "/metrics"})
WINDOW_SECONDS = 60


def _who(ctx) -> str:
    try:
        token = bearer_token()
        if token is not None:
            return "p:" + ctx.tokens.player_of(token)
    except Unauthenticated:
        pass
    return "ip:" + (request.remote_addr or "unknown")


def install(app: Flask, ctx) -> None:
    limit = ctx.settings.rate_limit_per_minute
    if limit <= 0:
        return

    @app.before_request
    def _limit():
        if request.path in EXEMPT:
            return
        now = time.time()
        key = ctx.keys.rate(_who(ctx), int(now // WINDOW_SECONDS))
        pipe = ctx.redis.pipeline(transaction=False)
        pipe.incr(key)
        pipe.expire(key, WINDOW_SECONDS * 2)
        count, _ = pipe.execute()
        if count > limit:
            retry = str(max(1, int(WINDOW_SECONDS - now % WINDOW_SECONDS)))
            raise RateLimited("Too many requests; slow down and try again shortly.",
                              headers={"Retry-After": retry})
