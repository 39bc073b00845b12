"""Operations: liveness, readiness and metrics, the same three routes on every service."""
from __future__ import annotations

from typing import Callable

import redis as redis_lib
from flask import Response
from marshmallow import Schema, fields

from shared.web.api import Blueprint
from shared.web.errors import Unavailable


class StatusSchema(Schema):
    status = fields.String(required=True)


def blueprint(redis: Callable[[], object], exposition: Callable[[], tuple]) -> Blueprint:
    """The "ops" blueprint: /healthz, /readyz (pings `redis()`), /metrics (`exposition()`
    gives the text and its content type)."""
    blp = Blueprint("ops", __name__, description="Probes and metrics.")

    @blp.route("/healthz", methods=["GET"])
    @blp.response(200, StatusSchema)
    def healthz():
        """The process is alive."""
        return {"status": "ok"}

    @blp.route("/readyz", methods=["GET"])
    @blp.response(200, StatusSchema)
    @blp.alt_response(503, response="SERVICE_UNAVAILABLE")
    def readyz():
        """Redis answers, so the service can serve."""
        try:
            redis().ping()
        except (redis_lib.ConnectionError, redis_lib.TimeoutError):
            raise Unavailable("Redis does not answer.") from None
        return {"status": "ready"}

    @blp.route("/metrics", methods=["GET"])
    @blp.doc(responses={"200": {"description": "Prometheus text format.",
                                "content": {"text/plain": {"schema": {"type": "string"}}}}})
    def metrics():
        """Prometheus metrics."""
        body, content_type = exposition()
        return Response(body, content_type=content_type)

    return blp
