"""Operations: liveness, readiness and metrics."""
from __future__ import annotations

import redis as redis_lib
from flask import Response
from marshmallow import Schema, fields

from services.matchmaking.api import Blueprint, current
from services.matchmaking.errors import Unavailable
from services.matchmaking.metrics import exposition

blp = Blueprint("ops", __name__, description="Probes and metrics.")


class StatusSchema(Schema):
    status = fields.String(required=True)


@blp.route("/healthz", methods=["GET"])
@blp.response(200, StatusSchema)
def healthz():
    """The process is alive."""
    return {"status": "ok"}


@blp.route("/readyz", methods=["GET"])
@blp.response(200, StatusSchema)
@blp.alt_response(503, response="SERVICE_UNAVAILABLE")
def readyz():
    """Redis answers."""
    try:
        current().redis.ping()
    except (redis_lib.ConnectionError, redis_lib.TimeoutError):
        raise Unavailable("Redis does not answer.") from None
    return {"status": "ready"}


@blp.route("/metrics", methods=["GET"])
@blp.doc(responses={"200": {"description": "Prometheus text format.",
                            "content": {"text/plain": {"schema": {"type": "string"}}}}})
def metrics():
    """Prometheus metrics, with waiting tickets and wait-time percentiles per pool."""
    body, content_type = exposition(current())
    return Response(body, content_type=content_type)
