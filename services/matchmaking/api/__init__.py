"""The HTTP edge: one flask-smorest Blueprint per resource (shared/web/api.py), documented
in /openapi.json."""
from __future__ import annotations

from flask import current_app


def current():
    """The running app's MatchmakingContext."""
    return current_app.extensions["orrery.matchmaking"]
