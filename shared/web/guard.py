"""Slow request bodies, bounded before the app sees a request (both APIs).

gunicorn drops a client that sends its headers too slowly, but once the headers are in, the
app reads the body as the client sends it: one client sending a byte now and then on
thousands of connections held every worker's connections (and the match API stopped
answering, `/healthz` included). `BodyDeadline`, around each service's WSGI app, reads the
whole body before the app runs, within `body_seconds` in all (ORRERY_BODY_SECONDS, 10 s: at
most 64 KB, so at least 6.4 KB/s); a body not in by then is answered 408 `request_timeout`,
and one announced over the limit 413, and the connection is closed after either, so
gunicorn never waits to read the rest of a body it will not use. How many connections one client may hold is the
worker's to cap (shared/web/gunicorn_worker.py).
"""
from __future__ import annotations

import io
import json
import os
import socket
import time

from flask import Request
from werkzeug.wsgi import ClosingIterator

from shared.web.limits import MAX_BODY_BYTES

BODY_SECONDS = float(os.environ.get("ORRERY_BODY_SECONDS", "10"))
BODY = "orrery.body"  # the environ key of the body's bytes, once read here
_CHUNK = 16 * 1024


class BodyTooSlow(Exception):
    """The body did not arrive within its time."""


def _refusal(environ, start_response, status: str, code: str, message: str):
    """The refusal's answer; once it is sent, the connection is shut for reading, so
    gunicorn finds no next request there instead of reading the rest of the body."""
    body = json.dumps({"error": code, "message": message}).encode()
    start_response(status, [("Content-Type", "application/json"),
                            ("Content-Length", str(len(body)))])
    sock = environ.get("gunicorn.socket")

    def shut():
        try:
            sock.shutdown(socket.SHUT_RD)
        except OSError:
            pass
    return ClosingIterator([body], [shut] if sock is not None else [])


def _too_large(environ, start_response):
    return _refusal(environ, start_response, "413 Request Entity Too Large", "body_too_large",
                    f"A request body may be at most {MAX_BODY_BYTES} bytes.")


def _gevent_timeout():
    """gevent's Timeout when this process runs gevent (gunicorn's gevent workers), else None."""
    try:
        from gevent import monkey, Timeout
    except ImportError:
        return None
    return Timeout if monkey.is_module_patched("socket") else None


class BodyDeadline:
    """WSGI middleware: the request body in memory within its time, or a refusal."""

    def __init__(self, app, body_seconds: float = BODY_SECONDS):
        self.app = app
        self.body_seconds = body_seconds

    def __call__(self, environ, start_response):
        refused = self._read_body(environ, start_response)
        return refused if refused is not None else self.app(environ, start_response)

    def _read_body(self, environ, start_response):
        """Read the body into memory within the time allowed; a refusal when it cannot be."""
        length = environ.get("CONTENT_LENGTH") or ""
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if not chunked and (not length.isdigit() or int(length) == 0):
            return None  # no body (a malformed length is the app's to refuse)
        if length.isdigit() and int(length) > MAX_BODY_BYTES:
            return _too_large(environ, start_response)
        try:
            body = self._timed_read(environ, int(length) if length.isdigit() else None)
        except (BodyTooSlow, socket.timeout, TimeoutError):
            return _refusal(environ, start_response, "408 Request Timeout",
                            "request_timeout", "The request body did not arrive within "
                            f"{self.body_seconds:g} s.")
        if body is None:
            return _too_large(environ, start_response)
        environ["wsgi.input"] = io.BytesIO(body)
        environ[BODY] = body
        environ["CONTENT_LENGTH"] = str(len(body))
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        return None

    def _timed_read(self, environ, length):
        """The body's bytes (None when over the limit), read within `body_seconds` in all:
        under gevent by one Timeout over the whole read; otherwise each read of the socket
        is given what time is left."""
        timeout = _gevent_timeout()
        if timeout is not None:
            with timeout(self.body_seconds, BodyTooSlow):
                return self._read(environ, length, None)
        return self._read(environ, length, time.monotonic() + self.body_seconds)

    def _read(self, environ, length, deadline):
        stream, sock = environ["wsgi.input"], environ.get("gunicorn.socket")
        kept = sock.gettimeout() if sock is not None and deadline is not None else None
        chunks, total = [], 0
        try:
            while length is None or total < length:
                if deadline is not None and sock is not None:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise BodyTooSlow()
                    sock.settimeout(left)
                want = _CHUNK if length is None else min(_CHUNK, length - total)
                chunk = stream.read(want)
                if not chunk:
                    break
                chunks.append(chunk)
                total += len(chunk)
                if total > MAX_BODY_BYTES:
                    return None
        finally:
            if sock is not None and deadline is not None:
                sock.settimeout(kept)
        return b"".join(chunks)


class BufferedRequest(Request):
    """Flask's request, whose body (`get_data`) is the bytes `BodyDeadline` already read,
    instead of reading them again through werkzeug's stream wrappers (a tenth of a bare
    request's CPU). The stream still holds the same bytes, and form parsing reads them
    from here as werkzeug does from its own cache: the same body either way."""

    def __init__(self, environ, *args, **kwargs):
        super().__init__(environ, *args, **kwargs)
        body = environ.get(BODY)
        if body is not None:
            self._cached_data = body
