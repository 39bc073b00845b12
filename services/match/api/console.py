"""/console: the operator console, for whoever holds ORRERY_OPERATOR_TOKEN.

Without that setting every /console address is a 404, as if there were none; with it, the
page is served and its data (/console/api/...) answers only a request carrying the token
(`Authorization: Bearer <token>`), a 404 otherwise. Players never reach it. Outside
/openapi.json, like the browser client: it is no part of the public API.
"""
from __future__ import annotations

import hmac
import os

from flask import Blueprint, abort, jsonify, request, send_from_directory
from marshmallow import Schema, ValidationError, fields, validate

from services.match import context
from services.match.console import readings
from services.match.web.client import STATIC
from shared.web.errors import InvalidRequest

TOKEN_VARIABLE = "ORRERY_OPERATOR_TOKEN"

blp = Blueprint("console", __name__)


class InspectArgs(Schema):
    version = fields.Integer(validate=validate.Range(min=1), load_default=None)
    after = fields.Integer(validate=validate.Range(min=0), load_default=0)


def _token() -> str:
    return os.environ.get(TOKEN_VARIABLE, "")


def _allowed() -> None:
    """404 unless the console is on and the request carries its token."""
    token = _token()
    given = request.headers.get("Authorization", "")
    if not token or not hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
        abort(404)


@blp.route("/console")
def page():
    if not _token():
        abort(404)
    response = send_from_directory(STATIC, "console.html")
    response.headers["Cache-Control"] = "no-cache"
    return response


@blp.route("/console/api/overview")
def overview():
    _allowed()
    return jsonify(readings.overview(context.current()))


@blp.route("/console/api/matches/<match_id>")
def inspect(match_id: str):
    _allowed()
    try:
        args = InspectArgs().load(request.args.to_dict())
    except ValidationError as error:
        raise InvalidRequest(error.messages) from None
    return jsonify(readings.inspect(context.current(), match_id, args["version"], args["after"]))
