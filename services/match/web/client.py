"""The browser client: static files under services/match/web/static, served at `/`.

Plain HTML, CSS and JavaScript ES modules, so there is no build step and what is in the
repository is exactly what the browser runs. `/config.json` tells the page what it cannot
know by itself: where the matchmaking service answers (another port, or another host).
"""
from __future__ import annotations

import os
from pathlib import Path

from flask import Blueprint, jsonify, send_from_directory

STATIC = Path(__file__).resolve().parent / "static"

blp = Blueprint("web", __name__, static_folder=str(STATIC), static_url_path="/static")


def matchmaking_url() -> str:
    """ORRERY_MATCHMAKING_URL, else the address `make run` binds matchmaking to."""
    explicit = os.environ.get("ORRERY_MATCHMAKING_URL")
    if explicit:
        return explicit.rstrip("/")
    return "http://" + os.environ.get("ORRERY_MATCHMAKING_BIND", "127.0.0.1:8001")


@blp.route("/")
def index():
    """The single page; everything else is routed in the browser (#/match/<id> ...)."""
    response = send_from_directory(STATIC, "index.html")
    response.headers["Cache-Control"] = "no-cache"
    return response


@blp.route("/config.json")
def config():
    """What the page needs to know about the deployment."""
    return jsonify({"matchmaking_url": matchmaking_url()})
