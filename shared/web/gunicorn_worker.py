"""gunicorn's gevent worker with a cap on each client's open connections.

A client address holding `ORRERY_CONNECTIONS_PER_CLIENT` (100) connections to a worker has
its next one closed as soon as it is accepted, before a byte of it is read: the cheapest
refusal there is, so one client opening thousands of connections costs the worker little
and never takes the connections (`worker_connections`) everyone else needs. What a
connection may then take is bounded by gunicorn (headers within `keepalive` seconds) and by
shared/web/guard.py (the body within ORRERY_BODY_SECONDS).

Behind a proxy every connection comes from the proxy's address: set the cap to 0 (off) and
let the proxy cap clients instead (deploy/proxy.conf).
"""
from __future__ import annotations

import os

from gunicorn.workers.ggevent import GeventWorker

PER_CLIENT = int(os.environ.get("ORRERY_CONNECTIONS_PER_CLIENT", "100"))


class CappedGeventWorker(GeventWorker):
    """A GeventWorker refusing a client's connections past PER_CLIENT open at once."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.open_by_client: dict = {}  # one greenlet at a time touches it: no lock
        self.refused = 0

    def handle(self, listener, client, addr):
        who = addr[0] if isinstance(addr, tuple) else "local"
        held = self.open_by_client.get(who, 0)
        if PER_CLIENT > 0 and held >= PER_CLIENT:
            self.refused += 1
            client.close()
            return
        self.open_by_client[who] = held + 1
        try:
            super().handle(listener, client, addr)
        finally:
            left = self.open_by_client[who] - 1
            if left:
                self.open_by_client[who] = left
            else:
                del self.open_by_client[who]
