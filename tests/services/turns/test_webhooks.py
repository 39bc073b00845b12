"""Webhooks cannot be turned inward (issue 14, item 4): a URL is checked at registration,
resolved once at delivery and connected to at the checked address, and never redirected."""
from __future__ import annotations

import http.server
import socket
import threading

import pytest

from services.match.api.app import create_app
from services.turns import tasks
from services.turns.config import TurnsSettings
from services.turns.context import build
from shared.messages.webhook_target import WebhookRefused, is_public, resolve
from tests.services.match.conftest import Player

INWARD = ["http://127.0.0.1:9/hook", "http://localhost/hook", "http://[::1]/hook",
          "http://10.1.2.3/hook", "http://192.168.0.10/hook", "http://172.16.5.5/",
          "http://169.254.169.254/latest/meta-data", "http://100.64.0.1/",
          "http://0.0.0.0:8000/", "http://[::ffff:127.0.0.1]/", "http://[fd00::1]/",
          "http://224.0.0.1/"]
PUBLIC = ["http://93.184.216.34/hook", "https://[2606:4700:4700::1111]/hook?x=1"]


class Receiver:
    """A loopback HTTP server answering every POST with `status` (and `location`)."""

    def __init__(self, status: int = 204, location: str | None = None):
        self.received = []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                outer.received.append((dict(self.headers), body))
                self.send_response(status)
                if location:
                    self.send_header("Location", location)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_port
        self.url = f"http://127.0.0.1:{self.port}/orrery"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver():
    server = Receiver()
    yield server
    server.close()


def _context(settings, allow_private: bool):
    return build(TurnsSettings.from_env(base=settings, webhook_allow_private=allow_private,
                                        webhook_timeout=2.0))


@pytest.mark.parametrize("url", INWARD)
def test_loopback_private_and_reserved_addresses_are_refused(url):
    with pytest.raises(WebhookRefused):
        resolve(url, allow_private=False)
    assert resolve(url, allow_private=True).address  # allowed only when asked for


def test_public_addresses_pass_and_keep_their_path():
    target = resolve(PUBLIC[1], allow_private=False)
    assert (target.scheme, target.port, target.path) == ("https", 443, "/hook?x=1")
    assert is_public("93.184.216.34") and not is_public("::ffff:10.0.0.1")


def test_registration_refuses_inward_urls_unless_private_delivery_is_allowed(
        settings, monkeypatch):
    monkeypatch.delenv("ORRERY_WEBHOOK_ALLOW_PRIVATE", raising=False)
    client = create_app(settings).test_client()
    ana = Player(client, "Ana")
    for url in INWARD + ["http://user:pw@93.184.216.34/", "http://no-such-host.invalid/"]:
        answer = client.post("/v1/players/me/webhooks", headers=ana.headers, json={"url": url})
        assert answer.status_code == 400, url
        assert answer.get_json()["error"] == "invalid_request" and "url" in answer.get_json()["fields"]
    for url in PUBLIC:
        answer = client.post("/v1/players/me/webhooks", headers=ana.headers, json={"url": url})
        assert answer.status_code == 201, url
    monkeypatch.setenv("ORRERY_WEBHOOK_ALLOW_PRIVATE", "1")
    allowed = create_app(settings).test_client()
    answer = allowed.post("/v1/players/me/webhooks", headers=ana.headers,
                          json={"url": "http://127.0.0.1:9/hook"})
    assert answer.status_code == 201


def test_delivery_to_loopback_is_refused_without_the_setting(settings, receiver):
    status = tasks.deliver(_context(settings, False), receiver.url, "s", '{"type":"x"}')
    assert status == 0 and receiver.received == []


def test_delivery_resolves_once_and_connects_to_the_checked_address(
        settings, receiver, monkeypatch):
    """A name that answers loopback first and another address next (DNS rebinding) is
    connected to at the address that was checked; it is looked up once."""
    lookups = []
    real = socket.getaddrinfo

    def rebinding(host, port, *args, **kwargs):
        if host == "hooks.example":
            lookups.append(host)
            answer = "127.0.0.1" if len(lookups) == 1 else "10.255.255.1"
            return real(answer, port, *args, **kwargs)
        return real(host, port, *args, **kwargs)
    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    url = f"http://hooks.example:{receiver.port}/orrery"
    assert tasks.deliver(_context(settings, True), url, "s", '{"type":"x"}') == 204
    assert lookups == ["hooks.example"]
    headers, body = receiver.received[0]
    assert headers["Host"] == f"hooks.example:{receiver.port}" and body == b'{"type":"x"}'


def test_a_redirect_is_not_followed(settings, receiver):
    redirecting = Receiver(status=307, location=receiver.url)
    try:
        status = tasks.deliver(_context(settings, True), redirecting.url, "s", '{"a":1}')
    finally:
        redirecting.close()
    assert status == 307 and len(redirecting.received) == 1 and receiver.received == []


def test_a_failing_receiver_is_retried_and_a_refusing_one_is_not(settings):
    failing, refusing = Receiver(status=503), Receiver(status=404)
    try:
        with pytest.raises(tasks.Undeliverable):
            tasks.deliver(_context(settings, True), failing.url, "s", "{}")
        assert tasks.deliver(_context(settings, True), refusing.url, "s", "{}") == 404
    finally:
        failing.close()
        refusing.close()
