"""Operations: liveness, readiness and metrics, the same three routes on every service."""
from __future__ import annotations

from typing import Callable, Optional

import redis as redis_lib
from flask import Response
from marshmallow import Schema, fields

from shared.infra.connect import probe_for
from shared.web.api import Blueprint
from shared.web.errors import RETRY_AFTER, Unavailable


class StatusSchema(Schema):
    status = fields.String(required=True)


def blueprint(redis: Callable[[], object], exposition: Callable[[], tuple],
              redis_url: Optional[str] = None) -> Blueprint:
    """The "ops" blueprint: /healthz, /readyz (pings the Redis of `redis()`), /metrics
    (`exposition()` gives the text and its content type).

    Given `redis_url`, /readyz pings over a client of its own with short timeouts and no
    retry (shared/infra/connect.py: probe_for), so it fails within 2 s when Redis hangs
    instead of waiting out the service's command timeout and its retry."""
    blp = Blueprint("ops", __name__, description="Probes and metrics.")
    probes: list = []

    def probe():
        if redis_url is None:
            return redis()
        if not probes:
            probes.append(probe_for(redis(), redis_url))
        return probes[0]

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
            probe().ping()
        except redis_lib.RedisError:
            raise Unavailable("Redis does not answer.",
                              headers={"Retry-After": RETRY_AFTER}) from None
        return {"status": "ready"}

    @blp.route("/metrics", methods=["GET"])
    @blp.doc(responses={"200": {"description": "Prometheus text format.",
                                "content": {"text/plain": {"schema": {"type": "string"}}}}})
    def metrics():
        """Prometheus metrics."""
        body, content_type = exposition()
        return Response(body, content_type=content_type)

    return blp
