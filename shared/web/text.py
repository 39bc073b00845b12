"""Text a request may carry: Unicode scalar values only.

JSON lets a string escape a lone UTF-16 surrogate (`"\\ud800"`), and Flask's JSON reader
also takes UTF-8-encoded surrogates; Python keeps such a string, but nothing can encode it
again (writing it to Redis raised UnicodeEncodeError: a 500). A path or query string can
carry bytes that are not UTF-8 at all. `install()` refuses all of these with 400
`invalid_request` before any view runs, on every route of a service, whatever the field.

A player's name has its own rule (shared/schemas/names.py).
"""
from __future__ import annotations

from urllib.parse import unquote_to_bytes

from flask import Flask, request

from shared.web.errors import InvalidRequest


def is_scalar_text(text: str) -> bool:
    """Whether `text` is made of Unicode scalar values only (so it encodes as UTF-8)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def bad_strings(value, where: str = "") -> list:
    """The JSON paths (dotted) of every string (key or value) in `value` that is not valid
    Unicode text."""
    found = []
    stack = [(value, where)]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if not is_scalar_text(item):
                found.append(path or "_json")
        elif isinstance(item, dict):
            for key, inner in item.items():
                if isinstance(key, str) and not is_scalar_text(key):
                    found.append(f"{path}.<key>" if path else "<key>")
                    continue
                stack.append((inner, f"{path}.{key}" if path else str(key)))
        elif isinstance(item, list):
            stack.extend((inner, f"{path}.{i}" if path else str(i)) for i, inner in enumerate(item))
    return sorted(found)


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")  # strict: surrogates encoded in UTF-8 are refused as well
    except UnicodeDecodeError:
        return False
    return True


def _may_hold_bad_text(body: bytes) -> bool:
    """A cheap test of the raw body: only an escape (`\\u`) or a byte that is not ASCII can
    make a bad string, so most bodies (ASCII JSON without escapes) are never walked."""
    return b"\\u" in body or not body.isascii()


def check_request() -> None:
    """Raise InvalidRequest if the request's path, query or JSON body carries text that is
    not valid Unicode (invalid UTF-8, or a lone surrogate however written)."""
    environ = request.environ
    # WSGI gives the path as the raw bytes (percent-decoded) in latin-1.
    if not _is_utf8(environ.get("PATH_INFO", "").encode("latin-1", "replace")):
        raise InvalidRequest({"_path": ["The path is not valid UTF-8."]},
                             "The request's path is not valid UTF-8.")
    query = environ.get("QUERY_STRING", "")
    if query and not _is_utf8(unquote_to_bytes(query.replace("+", " "))):
        raise InvalidRequest({"_query": ["The query string is not valid UTF-8."]},
                             "The request's query string is not valid UTF-8.")
    if not request.is_json:
        return
    body = request.get_data(cache=True)
    if not body or not _may_hold_bad_text(body):
        return
    if not _is_utf8(body):
        raise InvalidRequest({"_json": ["The body is not valid UTF-8."]},
                             "The request body is not valid UTF-8.")
    data = request.get_json(silent=True)  # invalid JSON: the view's parser answers it
    bad = bad_strings(data) if data is not None else []
    if bad:
        raise InvalidRequest({path: ["Not valid Unicode text (a lone surrogate)."]
                              for path in bad}, "The request carries text that is not "
                                                "valid Unicode.")


def install(app: Flask) -> None:
    """Refuse, on every route of `app`, requests carrying text that is not valid Unicode."""
    app.before_request(check_request)
