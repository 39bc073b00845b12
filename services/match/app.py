"""The match service's composition root: `create_app(settings)` builds the Flask app."""
from __future__ import annotations

import os
from typing import Optional

from flask import Flask

from services.match import context, errors, metrics, ratelimit
from services.match.api import Api, games, matches, ops, players
from shared.config import Settings


def _config(app: Flask) -> None:
    app.config.update(
        API_TITLE="Orrery match service", API_VERSION="1", OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/", OPENAPI_JSON_PATH="openapi.json",
        SSE_MAX_SECONDS=float(os.environ.get("ORRERY_SSE_MAX_SECONDS", "300")),
        SSE_HEARTBEAT_SECONDS=15.0,
        # Let errors reach our handlers in tests too, so tests see what clients see.
        PROPAGATE_EXCEPTIONS=False)


def _api(app: Flask) -> Api:
    api = Api(app, spec_kwargs={"info": {"description": (
        "Orrery's match service. Errors are {error, message, ...}; see API.md.")}})
    api.spec.components.security_scheme("bearerAuth", {"type": "http", "scheme": "bearer"})
    for blueprint in (players.blp, games.blp, matches.blp, ops.blp):
        api.register_blueprint(blueprint)
    return api


def create_app(settings: Optional[Settings] = None) -> Flask:
    """A match service app over the Redis and namespace `settings` name."""
    settings = settings or Settings.from_env()
    app = Flask("orrery.match")
    _config(app)
    ctx = context.build(settings)
    app.extensions["orrery.match"] = ctx
    metrics.install(app)
    ratelimit.install(app, ctx)
    _api(app)
    errors.register(app)  # after the Api, so ours replace flask-smorest's handler
    return app
