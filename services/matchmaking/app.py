"""The matchmaking service's composition root: `create_app(settings)` builds the Flask app."""
from __future__ import annotations

from typing import Optional

from flask import Flask

from services.matchmaking import context, errors, metrics, ratelimit
from services.matchmaking.api import Api, ops, standings, tickets
from shared.config import Settings


def create_app(settings: Optional[Settings] = None) -> Flask:
    """A matchmaking app over the Redis and namespace `settings` name."""
    settings = settings or Settings.from_env()
    app = Flask("orrery.matchmaking")
    app.config.update(
        API_TITLE="Orrery matchmaking service", API_VERSION="1", OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/", OPENAPI_JSON_PATH="openapi.json", PROPAGATE_EXCEPTIONS=False)
    ctx = context.build(settings)
    app.extensions["orrery.matchmaking"] = ctx
    metrics.install(app)
    ratelimit.install(app, ctx)
    api = Api(app, spec_kwargs={"info": {"description": (
        "Orrery's matchmaking service. Errors are {error, message, ...}; see API.md.")}})
    api.spec.components.security_scheme("bearerAuth", {"type": "http", "scheme": "bearer"})
    for blueprint in (tickets.blp, standings.leaderboards, standings.players, ops.blp):
        api.register_blueprint(blueprint)
    errors.register(app)  # after the Api, so ours replace flask-smorest's handler
    return app
