"""The match service's composition root: `create_app(settings)` builds the Flask app."""
from __future__ import annotations

import os
from typing import Optional

from flask import Flask

from services.match import context, metrics
from services.match.web import client as webclient
from services.match.api import battles, console, games, matches, me, players, streams  # noqa: F401 (me: routes on players)
from services.match.schemas import PLATFORM_COMMANDS
from shared.config import Settings
from shared.schemas.games import document_commands
from shared.messages.webhook_target import allow_private_from_env
from shared.web import api, ops, ratelimit
from shared.web.auth import checked_secret
from shared.web import metrics as web_metrics


def create_app(settings: Optional[Settings] = None) -> Flask:
    """A match service app over the Redis and namespace `settings` name."""
    settings = settings or Settings.from_env()
    checked_secret(settings.secret)  # a server that signs tokens never starts without one
    app = Flask("orrery.match", static_folder=None)  # the client's files: webclient.py
    app.config.update(
        SSE_MAX_SECONDS=float(os.environ.get("ORRERY_SSE_MAX_SECONDS", "300")),
        SSE_HEARTBEAT_SECONDS=float(os.environ.get("ORRERY_SSE_HEARTBEAT_SECONDS", "15")),
        # Live streams are bounded (services/match/api/live_slots.py): a stream with nothing to
        # send for SSE_IDLE_SECONDS ends (the client reconnects with Last-Event-ID).
        SSE_IDLE_SECONDS=float(os.environ.get("ORRERY_SSE_IDLE_SECONDS", "120")),
        LIVE_PER_CLIENT=int(os.environ.get("ORRERY_LIVE_PER_CLIENT", "20")),
        LIVE_PER_PROCESS=int(os.environ.get("ORRERY_LIVE_PER_PROCESS", "1500")),
        VACATION_DAYS_PER_YEAR=int(os.environ.get("ORRERY_VACATION_DAYS_PER_YEAR", "30")),
        WEBHOOK_ALLOW_PRIVATE=allow_private_from_env())
    ctx = context.build(settings)
    app.extensions["orrery.match"] = ctx
    streams.install(app, ctx)
    web_metrics.install(app, metrics.REQUESTS, metrics.REQUEST_SECONDS)
    ratelimit.install(app, redis=ctx.redis, tokens=ctx.tokens, key=ctx.keys.rate,
                      limit=settings.rate_limit_per_minute)
    probes = ops.blueprint(redis=lambda: ctx.redis, exposition=web_metrics.exposition,
                           redis_url=settings.redis_url)
    served = api.serve(app, title="Orrery match service",
                       description="Orrery's match service.",
                       blueprints=(players.blp, games.blp, matches.blp, battles.blp, probes),
                       unavailable="The match store is unavailable; try again shortly.")
    # Each game's commands, from its vocabulary, as components the command body refers to.
    document_commands(served, PLATFORM_COMMANDS)
    app.register_blueprint(webclient.blp)  # the browser client, outside /openapi.json
    app.register_blueprint(console.blp)    # the operator console, likewise (404 unless on)
    return app
