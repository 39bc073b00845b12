"""One webhook POST to a checked destination (shared/messages/webhook_target.py).

The connection goes to the address that was checked, not to the host name (which could
resolve elsewhere the second time); https still verifies the certificate against the host
name (SNI). http.client follows no redirects: a 3xx is an answer like any other.
"""
from __future__ import annotations

import http.client
import socket
import ssl

from shared.messages.webhook_target import Target


class _PinnedHTTPConnection(http.client.HTTPConnection):
    def __init__(self, target: Target, timeout: float):
        super().__init__(target.host, target.port, timeout=timeout)
        self._address = target.address

    def connect(self):
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    def __init__(self, target: Target, timeout: float):
        super().__init__(target.host, target.port, timeout=timeout,
                         context=ssl.create_default_context())
        self._address = target.address

    def connect(self):
        raw = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(raw, server_hostname=self.host)


def post(target: Target, body: bytes, headers: dict, timeout: float) -> int:
    """POST `body` to `target`; return the HTTP status (OSError when unreachable)."""
    kind = _PinnedHTTPSConnection if target.scheme == "https" else _PinnedHTTPConnection
    connection = kind(target, timeout)
    try:
        connection.request("POST", target.path, body=body,
                           headers={**headers, "Content-Length": str(len(body))})
        return connection.getresponse().status
    finally:
        connection.close()
