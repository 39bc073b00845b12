"""Cross-origin access for the browser client: the page is served by the match service, so
its calls to another service (matchmaking, on another port) are cross-origin and need the
browser's permission (CORS). Only the origins listed may call; bearer tokens travel in the
Authorization header, never in cookies, so no credentials mode is needed."""
from __future__ import annotations

import os

from flask import Flask, request

DEFAULT_ORIGINS = "http://127.0.0.1:8000,http://localhost:8000"


def allowed_origins() -> frozenset:
    """ORRERY_WEB_ORIGINS: comma-separated origins the browser client is served from."""
    raw = os.environ.get("ORRERY_WEB_ORIGINS", DEFAULT_ORIGINS)
    return frozenset(o.strip().rstrip("/") for o in raw.split(",") if o.strip())


def install(app: Flask, origins: frozenset) -> None:
    """Answer preflights and mark responses readable by the listed origins."""

    @app.after_request
    def _allow(response):
        origin = request.headers.get("Origin")
        if origin in origins:
            response.headers["Access-Control-Allow-Origin"] = origin
            response.headers["Access-Control-Allow-Headers"] = "Authorization, Content-Type"
            response.headers["Access-Control-Allow-Methods"] = "GET, POST, DELETE, OPTIONS"
            response.headers["Access-Control-Max-Age"] = "600"
            response.headers.add("Vary", "Origin")
        return response
