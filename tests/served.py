"""An app served over real HTTP on loopback (werkzeug's threaded server, a thread per
request), for tests that fire concurrent requests or hold streams open: what the test
client, one call at a time in the test's thread, cannot show."""
from __future__ import annotations

import threading
from contextlib import contextmanager

import requests
from werkzeug.serving import make_server


@contextmanager
def served(app):
    """Serve `app` on a free loopback port; yield its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    server.block_on_close = False  # its request threads are daemons: a held stream ends
                                   # with the test, not when its heartbeat comes round
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


class Caller:
    """A registered player calling a served app: `call(method, path, **kwargs)`."""

    def __init__(self, base: str, name: str):
        self.base = base
        body = requests.post(f"{base}/v1/players", json={"name": name}, timeout=10).json()
        self.player_id, self.token = body["player_id"], body["token"]

    @property
    def headers(self) -> dict:
        return {"Authorization": f"Bearer {self.token}"}

    def call(self, method: str, path: str, token: str | None = None, **kwargs):
        headers = {"Authorization": f"Bearer {token or self.token}"}
        return requests.request(method, self.base + path, headers=headers, timeout=30,
                                **kwargs)


def fire(count: int, request) -> list:
    """Call `request(i)` for i in range(count) from `count` threads released together;
    return the answers in order."""
    answers: list = [None] * count
    gate = threading.Barrier(count)

    def one(i):
        gate.wait()
        answers[i] = request(i)
    threads = [threading.Thread(target=one, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers
