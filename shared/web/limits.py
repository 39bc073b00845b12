"""Bounds on what a request body may be, checked before anything parses it.

A body larger than `MAX_BODY_BYTES` is refused by werkzeug while it is read (413, our JSON
through shared/web/errors.py); a JSON body nested deeper than `MAX_JSON_DEPTH` is refused
here, before a parser recurses into it (100,000 levels made Python's JSON parser raise
RecursionError: a 500). No Orrery command or request needs more than a few levels.
"""
from __future__ import annotations

from flask import Flask, request

from shared.web.errors import InvalidRequest

MAX_BODY_BYTES = 64 * 1024
MAX_JSON_DEPTH = 32
_OPENERS = frozenset(b"[{")
_CLOSERS = frozenset(b"]}")


def json_depth(body: bytes) -> int:
    """The deepest nesting of arrays and objects in a JSON text (strings skipped; it need
    not be valid JSON: the parser judges that afterwards)."""
    if body.count(b"[") + body.count(b"{") <= MAX_JSON_DEPTH:
        return body.count(b"[") + body.count(b"{")  # an upper bound, and small: done
    depth = deepest = 0
    in_string = escaped = False
    for byte in body:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in _OPENERS:
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_JSON_DEPTH:
                    return deepest  # enough to refuse; no need to read on
        elif byte in _CLOSERS:
            depth -= 1
    return deepest


def install(app: Flask) -> None:
    """Bound every request body of `app`."""
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY_BYTES

    @app.before_request
    def _bounded_json():
        if request.is_json and json_depth(request.get_data(cache=True)) > MAX_JSON_DEPTH:
            raise InvalidRequest({"_json": [f"The body nests deeper than {MAX_JSON_DEPTH} "
                                            "levels."]}, "The request body is too deep.")
