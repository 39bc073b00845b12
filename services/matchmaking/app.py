"""The matchmaking service's composition root: `create_app(settings)` builds the Flask app."""
from __future__ import annotations

from typing import Optional

from flask import Flask

from services.matchmaking import context, metrics
from services.matchmaking.api import standings, tickets
from shared.config import Settings
from shared.web import api, cors, ops, ratelimit
from shared.web.auth import checked_secret
from shared.web import metrics as web_metrics


def create_app(settings: Optional[Settings] = None) -> Flask:
    """A matchmaking app over the Redis and namespace `settings` name."""
    settings = settings or Settings.from_env()
    checked_secret(settings.secret)  # it reads tokens: never with a secret anyone knows
    app = Flask("orrery.matchmaking")
    ctx = context.build(settings)
    app.extensions["orrery.matchmaking"] = ctx
    web_metrics.install(app, metrics.REQUESTS)
    cors.install(app, cors.allowed_origins())  # the browser client calls from the match service
    ratelimit.install(app, redis=ctx.redis, tokens=ctx.tokens, key=ctx.keys.rate,
                      limit=settings.rate_limit_per_minute)
    probes = ops.blueprint(redis=lambda: ctx.redis,
                           exposition=lambda: metrics.exposition(ctx),
                           redis_url=settings.redis_url)
    api.serve(app, title="Orrery matchmaking service",
              description="Orrery's matchmaking service.",
              blueprints=(tickets.blp, standings.leaderboards, standings.players, probes),
              unavailable="Matchmaking is unavailable; try again shortly.")
    return app
