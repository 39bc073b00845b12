"""Rate limiting: a fixed one-minute window per player (valid token) or client address.

Counting by the token's player rather than the raw token means forged or random tokens
cannot each get a fresh allowance; they are counted by address. Probes and /metrics are
never limited. Behind a proxy, configure the WSGI server so remote_addr is the client's.
"""
from __future__ import annotations

import time
from typing import Callable

from flask import Flask, request

from shared.web.auth import Tokens, bearer_token
from shared.web.errors import RateLimited, Unauthenticated

EXEMPT = frozenset({"/healthz", "/readyz", "/metrics"})
WINDOW_SECONDS = 60


def _who(tokens: Tokens) -> str:
    try:
        token = bearer_token()
        if token is not None:
            return "p:" + tokens.player_of(token)
    except Unauthenticated:
        pass  # the view will refuse it; count it by address meanwhile
    return "ip:" + (request.remote_addr or "unknown")


def check(redis, tokens: Tokens, key: Callable[[str, int], str], limit: int) -> None:
    """Count this request in its window; raise RateLimited past `limit`."""
    now = time.time()
    counter = key(_who(tokens), int(now // WINDOW_SECONDS))
    pipe = redis.pipeline(transaction=False)
    pipe.incr(counter)
    pipe.expire(counter, WINDOW_SECONDS * 2)
    count, _ = pipe.execute()
    if count > limit:
        retry = str(max(1, int(WINDOW_SECONDS - now % WINDOW_SECONDS)))
        raise RateLimited("Too many requests; slow down and try again shortly.",
                          headers={"Retry-After": retry})


def install(app: Flask, *, redis, tokens: Tokens, key: Callable[[str, int], str],
            limit: int) -> None:
    """Limit every request but the exempt ones to `limit` a minute; 0 turns limiting off.

    `key(who, window)` names the Redis counter (each service keeps its own key space).
    """
    if limit <= 0:
        return

    @app.before_request
    def _limit():
        if request.path not in EXEMPT:
            check(redis, tokens, key, limit)
