"""The HTTP edge: one flask-smorest Blueprint per resource, documented in /openapi.json."""
from __future__ import annotations

import http

import flask_smorest
from webargs.flaskparser import FlaskParser

from shared.schemas.errors import ErrorSchema


class Parser(FlaskParser):
    """webargs answers a body that does not match its schema with 400, as API.md says."""

    DEFAULT_VALIDATION_STATUS = 400


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = Parser()

    def errors(self, *statuses: int):
        """Document the error responses a view may give (and 429, which any may give)."""
        def decorate(view):
            for status in sorted(set(statuses) | {429}, reverse=True):
                view = self.alt_response(status, response=http.HTTPStatus(status).name)(view)
            return view
        return decorate


class Api(flask_smorest.Api):
    """flask-smorest's Api, documenting our error body; our handlers produce it."""

    ERROR_SCHEMA = ErrorSchema


BEARER = [{"bearerAuth": []}]
OPTIONAL_BEARER = [{}, {"bearerAuth": []}]
