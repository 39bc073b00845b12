"""API.md's error table as exceptions, and the handlers that turn anything into it.

Every outcome other than a view's one success shape is an `ApiError`; the handlers below
also translate flask-smorest's validation errors, unknown routes and Redis outages, so that
no input gets a 500 or a body in another format. A service adds its own codes by
subclassing `ApiError` (matchmaking's `already_waiting`, `ticket_closed`).
"""
from __future__ import annotations

import logging
import re
from typing import Optional

import redis as redis_lib
from flask import Flask, current_app, jsonify
from werkzeug.exceptions import HTTPException

log = logging.getLogger(__name__)


class ApiError(Exception):
    """An error answered as `{"error": code, "message": ..., **extra}` with `status`."""

    status = 500
    code = "internal_error"

    def __init__(self, message: str, headers: Optional[dict] = None, **extra):
        super().__init__(message)
        self.message = message
        self.extra = extra
        self.headers = headers or {}

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


class VersionConflict(ApiError):
    status, code = 409, "version_conflict"

    def __init__(self, current_version: int):
        super().__init__(f"The match is at version {current_version}; nothing was appended.",
                         current_version=current_version)


class NotYourTurn(ApiError):
    status, code = 409, "not_your_turn"


class CommandIdReused(ApiError):
    status, code = 409, "command_id_reused"

    def __init__(self, command_id: str):
        super().__init__(f"The command_id {command_id!r} was already used by this seat for a "
                         "different command; nothing was appended. Use a new id for a new "
                         "command.")


class IllegalCommand(ApiError):
    status, code = 422, "illegal_command"


class BodyTooLarge(ApiError):
    status, code = 413, "body_too_large"


class RateLimited(ApiError):
    status, code = 429, "rate_limited"


class Unavailable(ApiError):
    status, code = 503, "unavailable"


# Seconds a client is asked to wait after a 503 for Redis: a restart or failover takes a
# few, and a hung Redis fails each request within the command timeout, so retrying sooner
# only adds load.
RETRY_AFTER = "2"


def _snake(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _validation_fields(messages) -> dict:
    """webargs keys messages by location ({"json": {...}, "query": {...}}); merge them."""
    if not isinstance(messages, dict):
        return {"_request": messages}
    merged = {}
    for location, problems in messages.items():
        if isinstance(problems, dict):
            merged.update(problems)
        else:  # e.g. {"json": ["Invalid JSON body."]}
            merged[f"_{location}"] = problems
    return merged


def from_http_exception(error: HTTPException) -> ApiError:
    """Our error for werkzeug's (and flask-smorest's) HTTP exceptions."""
    data = getattr(error, "data", None) or {}
    if "messages" in data and error.code in (400, 422):
        return InvalidRequest(_validation_fields(data["messages"]))
    if error.code == 400:
        return InvalidRequest({}, "The request could not be read.")
    if error.code == 404:
        return NotFound("There is nothing at this address.")
    if error.code == 413:
        limit = current_app.config.get("MAX_CONTENT_LENGTH")
        return BodyTooLarge(f"The request body is larger than the {limit} bytes this "
                            "service accepts.")
    mapped = ApiError(error.description or error.name)
    mapped.status, mapped.code = error.code or 500, _snake(error.name)
    if getattr(error, "valid_methods", None):
        mapped.headers["Allow"] = ", ".join(error.valid_methods)
    return mapped


def respond(error: ApiError):
    """The JSON response for an ApiError."""
    response = jsonify(error.body())
    response.status_code = error.status
    response.headers.update(error.headers)
    return response


def register(app: Flask, unavailable: str) -> None:
    """Install the handlers; call after flask-smorest's Api so ours replace its handler.

    `unavailable` is the message of the 503 answered while Redis is down.
    """
    def redis_down(error: Exception):
        log.warning("redis unavailable: %s", error)
        return respond(Unavailable(unavailable, headers={"Retry-After": RETRY_AFTER}))

    app.register_error_handler(ApiError, respond)
    app.register_error_handler(HTTPException, lambda e: respond(from_http_exception(e)))
    for outage in (redis_lib.ConnectionError, redis_lib.TimeoutError):
        app.register_error_handler(outage, redis_down)
    app.register_error_handler(Exception, _unexpected)


def _unexpected(error: Exception):
    # A bug, never an input problem; still answered in our format, and logged in full.
    log.exception("unhandled error", exc_info=error)
    return respond(ApiError("Something went wrong on our side."))
