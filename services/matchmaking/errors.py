"""API.md's error table for the matchmaking service, and the handlers that ensure every
failure answers in it (never a 500 page). Mirrors services/match/errors.py, which is
generic: both belong in shared/ once moved there."""
from __future__ import annotations

import logging
from typing import Optional

import redis as redis_lib
from flask import Flask, jsonify
from werkzeug.exceptions import HTTPException

log = logging.getLogger(__name__)


class ApiError(Exception):
    status, code = 500, "internal_error"

    def __init__(self, message: str, headers: Optional[dict] = None, **extra):
        super().__init__(message)
        self.message, self.extra, self.headers = message, extra, headers or {}

    def body(self) -> dict:
        return {"error": self.code, "message": self.message, **self.extra}


class InvalidRequest(ApiError):
    status, code = 400, "invalid_request"

    def __init__(self, fields: dict, message: str = "The request does not match the schema."):
        super().__init__(message, fields=fields)


class Unauthenticated(ApiError):
    status, code = 401, "unauthenticated"


class Forbidden(ApiError):
    status, code = 403, "forbidden"


class NotFound(ApiError):
    status, code = 404, "not_found"


class AlreadyWaiting(ApiError):
    status, code = 409, "already_waiting"


class TicketClosed(ApiError):
    status, code = 409, "ticket_closed"


class RateLimited(ApiError):
    status, code = 429, "rate_limited"


class Unavailable(ApiError):
    status, code = 503, "unavailable"


def _fields(messages) -> dict:
    """webargs keys messages by location; merge them."""
    if not isinstance(messages, dict):
        return {"_request": messages}
    merged = {}
    for location, problems in messages.items():
        if isinstance(problems, dict):
            merged.update(problems)
        else:
            merged[f"_{location}"] = problems
    return merged


def from_http_exception(error: HTTPException) -> ApiError:
    data = getattr(error, "data", None) or {}
    if "messages" in data and error.code in (400, 422):
        return InvalidRequest(_fields(data["messages"]))
    if error.code == 400:
        return InvalidRequest({}, "The request could not be read.")
    if error.code == 404:
        return NotFound("There is nothing at this address.")
    mapped = ApiError(error.description or error.name)
    mapped.status = error.code or 500
    mapped.code = error.name.lower().replace(" ", "_")
    if getattr(error, "valid_methods", None):
        mapped.headers["Allow"] = ", ".join(error.valid_methods)
    return mapped


def respond(error: ApiError):
    response = jsonify(error.body())
    response.status_code = error.status
    response.headers.update(error.headers)
    return response


def register(app: Flask) -> None:
    """Install the handlers (after flask-smorest's Api, so ours win)."""
    app.register_error_handler(ApiError, respond)
    app.register_error_handler(HTTPException, lambda e: respond(from_http_exception(e)))
    for outage in (redis_lib.ConnectionError, redis_lib.TimeoutError):
        app.register_error_handler(outage, _redis_down)
    app.register_error_handler(Exception, _unexpected)


def _redis_down(error):
    log.warning("redis unavailable: %s", error)
    return respond(Unavailable("Matchmaking is unavailable; try again shortly."))


def _unexpected(error):
    log.exception("unhandled error", exc_info=error)
    return respond(ApiError("Something went wrong on our side."))
