"""One send per small response: gunicorn writes a response's headers and the first piece
of its body in one socket write instead of two.

gunicorn's `Response.write` sends the headers (`send_headers`) and then the body, two
`send` calls for every answer; on the command path that second system call (and, on the
client's side, a second wake-up) was ~5% of the match API's CPU per request (issue 15's
profile). `install()`, called from the gunicorn configs, joins them when the length is
known (the usual JSON answer); streamed (chunked) answers and later writes keep gunicorn's
own path.
"""
from __future__ import annotations

from gunicorn import util
from gunicorn.http import wsgi

_original_write = wsgi.Response.write


def _head(response) -> bytes:
    """The status line and headers exactly as gunicorn's send_headers writes them."""
    lines = response.default_headers()
    lines.extend(["%s: %s\r\n" % (k, v) for k, v in response.headers])
    return util.to_bytestring("%s\r\n" % "".join(lines), "latin-1")


def write(self, arg):
    if self.headers_sent or self.chunked or not isinstance(arg, bytes):
        return _original_write(self, arg)
    if self.response_length is not None:
        arg = arg[:max(0, self.response_length - self.sent)]
    head = _head(self)
    self.headers_sent = True
    self.sent += len(arg)
    util.write(self.sock, head + arg)


def install() -> None:
    wsgi.Response.write = write
