"""gunicorn's own refusals in our error format.

gunicorn answers a request it will not read (a request line over its limit, too many or too
long headers, a malformed request line or header) before the app sees it, with an HTML page.
`install()`, called from each gunicorn config, makes those answers API.md's JSON error body
instead: same status, `{"error", "message"}`, so a client parses every answer the same way.
"""
from __future__ import annotations

import json

from gunicorn import util

CODES = {400: "invalid_request", 403: "forbidden", 431: "request_header_fields_too_large",
         500: "internal_error", 501: "not_implemented"}
_MESSAGE_LIMIT = 300  # gunicorn's message may quote the request; never echo much of it


def response(status: int, reason: str, detail: str) -> bytes:
    """The whole HTTP response for one of gunicorn's refusals."""
    message = "The server could not read this request"
    message += f": {detail[:_MESSAGE_LIMIT]}" if detail else "."
    body = json.dumps({"error": CODES.get(status, "invalid_request"),
                       "message": message}).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n")
    return head.encode("latin-1") + body


def write_json_error(sock, status_int, reason, mesg) -> None:
    """Replaces gunicorn.util.write_error (the workers call it through the module)."""
    util.write_nonblock(sock, response(int(status_int), str(reason), str(mesg or "")))


def install() -> None:
    util.write_error = write_json_error
