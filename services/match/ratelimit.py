"""Rate limiting: a fixed one-minute window per player (valid token) or client address.

Counting by the token's player rather than the raw token means forged or random tokens
cannot each get a fresh allowance; they are counted by address. Probes and /metrics are
never limited. Behind a proxy, configure the WSGI server so remote_addr is the client's.
"""
from __future__ import annotations

import time

from flask import Flask, request

from services.match.auth import bearer_token
from services.match.errors import RateLimited, Unauthenticated

EXEMPT = frozenset({"/healthz", "/readyz", "/metrics"})
WINDOW_SECONDS = 60


def _who(ctx) -> str:
    try:
        token = bearer_token()
        if token is not None:
            return "p:" + ctx.tokens.player_of(token)
    except Unauthenticated:
        pass  # the view will refuse it; count it by address meanwhile
    return "ip:" + (request.remote_addr or "unknown")


def check(ctx) -> None:
    """Count this request in its window; raise RateLimited past the limit."""
    now = time.time()
    window = int(now // WINDOW_SECONDS)
    key = ctx.keys.rate(_who(ctx), window)
    pipe = ctx.redis.pipeline(transaction=False)
    pipe.incr(key)
    pipe.expire(key, WINDOW_SECONDS * 2)
    count, _ = pipe.execute()
    if count > ctx.settings.rate_limit_per_minute:
        retry = str(max(1, int(WINDOW_SECONDS - now % WINDOW_SECONDS)))
        raise RateLimited("Too many requests; slow down and try again shortly.",
                          headers={"Retry-After": retry})


def install(app: Flask, ctx) -> None:
    """Limit every request but the exempt ones; a limit of 0 turns limiting off."""
    if ctx.settings.rate_limit_per_minute <= 0:
        return

    @app.before_request
    def _limit():
        if request.path not in EXEMPT:
            check(ctx)
