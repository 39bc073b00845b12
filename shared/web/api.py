"""The flask-smorest setup every service shares: one Blueprint per resource, documented in
/openapi.json with our error body, bad shapes answered 400 `invalid_request` (not 422)."""
from __future__ import annotations

import functools
import http
from typing import Iterable

import flask_smorest
import marshmallow as ma
import marshmallow.decorators  # noqa: F401 (ma.decorators)
from flask import Flask, current_app, request
from webargs import missing
from webargs.flaskparser import FlaskParser, is_json_request
from werkzeug.wrappers import Response

from shared.schemas.errors import ErrorSchema
from shared.web import errors, guard, limits, text
from shared.web.json_provider import JsonProvider, parse_json

BEARER = [{"bearerAuth": []}]
OPTIONAL_BEARER = [{}, {"bearerAuth": []}]


class Parser(FlaskParser):
    """webargs answers a body that does not match its schema with 400, as API.md says.

    A view's arguments are declared with schema classes (so /openapi.json names them);
    webargs would build a new instance of the class on every request, so one instance per
    class is kept (loading keeps no state on the schema: flask-smorest shares its
    response schemas across requests the same way)."""

    DEFAULT_VALIDATION_STATUS = 400

    def _get_schema(self, argmap, req):
        if isinstance(argmap, type) and issubclass(argmap, ma.Schema):
            return _instance(argmap)
        return super()._get_schema(argmap, req)

    def _raw_load_json(self, req):
        """FlaskParser's, read through orjson where it reads alike (json_provider.py)."""
        if not is_json_request(req):
            return missing
        return parse_json(req.get_data(cache=True))


_SCALARS = (int, float, str, bool, type(None))


def _loaded_from_nothing(schema: ma.Schema, options: dict):
    """What `schema` loads from an empty query, when that is a dict of plain values (so a
    copy of it is as good as loading again); None when it is not, or when loading nothing
    is refused (then every request is loaded, and refused, as before)."""
    if any(callable(field.load_default) for field in schema.load_fields.values()) or any(
            schema._hooks[hook] for hook in (ma.decorators.PRE_LOAD, ma.decorators.POST_LOAD)):
        return None  # what it loads from nothing may differ from one request to the next
    try:
        loaded = schema.load({}, **options)
    except ma.ValidationError:
        return None
    if type(loaded) is not dict or not all(type(v) in _SCALARS for v in loaded.values()):
        return None
    return loaded


@functools.lru_cache(maxsize=None)
def _instance(schema_class: type) -> ma.Schema:
    return schema_class()


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = Parser()

    def errors(self, *statuses: int):
        """Document the error responses a view may give (and 429, which any may give)."""
        def decorate(view):
            for status in sorted(set(statuses) | {429}, reverse=True):
                view = self.alt_response(status, response=http.HTTPStatus(status).name)(view)
            return view
        return decorate

    def lean_route(self, rule: str, *, methods: list, arguments: tuple = (),
                   response: tuple, errors: tuple = (), doc: dict | None = None):
        """A route documented exactly as flask-smorest's decorators document it, served
        without their wrappers: for the hot routes (a command, /legal, the view).

        `arguments`: (argument name, schema class, location) in the order the view's
        `@blp.arguments` would be stacked (top first); `response`: (status, schema
        class); `errors`, `doc`: as `@blp.errors` and `@blp.doc`. The arguments are
        parsed by the same webargs parser (so bad input gets the same 400 body) and the
        answer dumped by the same schema; what is skipped is a dozen wrapper calls per
        request (each asks Flask's `ensure_sync` again) and the per-request lookups of
        flask-smorest's response handling: 40-120 µs of a command's CPU when measured again
        after the rest of the command path was cut (docs/BENCHMARKS.md), so it stays.

        The view returns what the schema dumps, or a response it made itself with
        `view.answer(value)` (dumped and written as the route would): the command route
        makes its answer while its append is on its way to Redis."""
        status, response_schema = response
        dump = _instance(response_schema).dump

        def answer(value):
            made = current_app.json.response(dump(value))
            made.status_code = status
            return made

        def decorate(view):
            documented = view
            if doc:
                documented = self.doc(**doc)(documented)
            documented = self.errors(*errors)(documented)
            documented = self.response(status, response_schema)(documented)
            for name, schema, location in reversed(arguments):
                documented = self.arguments(schema, location=location,
                                            arg_name=name)(documented)
            self.route(rule, methods=methods)(documented)  # the rule and its documentation
            endpoint = documented.__name__

            loaders = [(name, self._loader(schema, location))
                       for name, schema, location in arguments]

            def lean(**view_args):
                req = request._get_current_object()  # once, not a proxy lookup per read
                for name, load in loaders:
                    view_args[name] = load(req)
                made = view(**view_args)
                if isinstance(made, Response):
                    return made  # made by the view with its `answer` (below)
                return answer(made)

            lean.__name__ = lean.__qualname__ = f"lean_{endpoint}"
            # What the route answers with `value`, as lean would write it (dumped by the
            # response schema, its status), for a view that makes its answer before it
            # returns (the command route, while its append is on its way to Redis).
            view.answer = answer
            # Flask calls the lean view for the endpoint (app.view_functions is Flask's
            # public map); registered after the documented one, it replaces it.
            self.record(lambda state: state.app.view_functions.__setitem__(
                f"{state.name_prefix}.{state.name}.{endpoint}".lstrip("."), lean))
            return view
        return decorate

    def _loader(self, schema_class: type, location: str):
        """What parses one argument of a lean route: what webargs' `parse` does for a query
        or a JSON body (its own location loader, then the schema's load with webargs'
        `unknown` for the location, errors answered with the same 400 body), without its
        per-request lookups; any other location goes through `parse` itself."""
        parser, schema = self.ARGUMENTS_PARSER, _instance(schema_class)
        fetch = {"query": parser.load_querystring, "json": parser.load_json}.get(location)
        if fetch is None:
            return lambda req: parser.parse(schema_class, req, location=location)
        unknown = parser.DEFAULT_UNKNOWN_BY_LOCATION.get(location)
        options = {"unknown": unknown} if unknown else {}

        def load(req):
            data = fetch(req, schema)  # a bad JSON body: 400 {"_json": [...]} here
            try:
                return schema.load({} if data is missing else data, **options)
            except ma.ValidationError as error:
                raise errors.InvalidRequest(error.messages) from None
        if location != "query":
            return load
        nothing = _loaded_from_nothing(schema, options)
        if nothing is None:
            return load

        def load_query(req):
            # Most requests carry no query: what the schema makes of none is the same
            # every time (its defaults), so it is loaded once and copied.
            if req.environ.get("QUERY_STRING"):
                return load(req)
            return dict(nothing)
        return load_query


class Api(flask_smorest.Api):
    """flask-smorest's Api, documenting our error body; our handlers produce it."""

    ERROR_SCHEMA = ErrorSchema


def serve(app: Flask, *, title: str, description: str, blueprints: Iterable,
          unavailable: str) -> Api:
    """Document and register `blueprints` on `app`, then install the error handlers (after
    the Api, so ours replace flask-smorest's). `unavailable`: the 503 message when Redis is
    down."""
    app.config.update(
        API_TITLE=title, API_VERSION="1", OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/", OPENAPI_JSON_PATH="openapi.json",
        # Let errors reach our handlers in tests too, so tests see what clients see.
        PROPAGATE_EXCEPTIONS=False)
    app.json = JsonProvider(app)  # Flask's JSON text, written by orjson
    api = Api(app, spec_kwargs={"info": {"description": (
        f"{description} Errors are {{error, message, ...}}; see API.md.")}})
    api.spec.components.security_scheme("bearerAuth", {"type": "http", "scheme": "bearer"})
    limits.install(app)
    text.install(app)
    app.wsgi_app = guard.BodyDeadline(app.wsgi_app)  # a slow body is a 408, not a held worker
    app.request_class = guard.BufferedRequest  # its body is the one BodyDeadline read
    _remember_sync(app)
    for blueprint in blueprints:
        api.register_blueprint(blueprint)
    errors.register(app, unavailable)
    return api


SYNC_CACHE_LIMIT = 4096  # views and hooks are registered once; never grow without bound


def _remember_sync(app: Flask) -> None:
    """Flask asks `inspect.iscoroutinefunction` of the view and of every request hook on
    every request (`ensure_sync`, a dozen calls a request here, ~5% of a command's CPU in
    issue 15's profile); the answer never changes for a function, so it is kept."""
    known: dict = {}
    decide = app.ensure_sync

    def ensure_sync(function):
        try:
            return known[function]
        except KeyError:
            answer = decide(function)
            if len(known) < SYNC_CACHE_LIMIT:
                known[function] = answer
            return answer
        except TypeError:  # unhashable: ask every time
            return decide(function)

    app.ensure_sync = ensure_sync
