"""The pairing loop: `python -m services.matchmaking.loop`.

Every second, for each pool: take the pool's lock (so several loops may run, one pass per
pool at a time), run one pass (pure pairing wrapped by Redis reads and writes), relay the
formed groups to the bus.
"""
from __future__ import annotations

import logging
import os
import signal
import threading
import time
import uuid

import redis as redis_lib

from services.matchmaking import context as context_module
from shared.config import Settings
from shared.eventlog import Keys
from shared.infra.heartbeat import Heartbeat, instance_name

INTERVAL_SECONDS = 1.0
log = logging.getLogger(__name__)


class PairingLoop:
    def __init__(self, ctx, interval: float = INTERVAL_SECONDS):
        self.ctx = ctx
        self.interval = interval
        self.token = uuid.uuid4().hex
        self.stopping = threading.Event()

    def run_once(self) -> int:
        """One pass over every pool this loop could lock; return the groups formed."""
        formed = 0
        for pool in self.ctx.pools.pools():
            lock = self.ctx.keys.lock(pool)
            if not self.ctx.redis.set(lock, self.token, nx=True, px=int(self.interval * 5000)):
                continue
            try:
                result = self.ctx.pools.run_pass(pool)
                formed += len(result.groups)
                if result.groups or result.expired:
                    log.info("%s: %d groups, %d expired, %d waiting", pool,
                             len(result.groups), len(result.expired), len(result.waiting))
            finally:
                self.ctx.redis.eval("if redis.call('GET', KEYS[1]) == ARGV[1] then "
                                    "return redis.call('DEL', KEYS[1]) end return 0",
                                    1, lock, self.token)
        return formed

    def run(self) -> None:
        heartbeat = Heartbeat(self.ctx.redis, Keys(self.ctx.keys.namespace).process(
            instance_name(f"matchmaking-loop@{os.getpid()}")))
        while not self.stopping.is_set():
            started = time.monotonic()
            try:
                self.run_once()
            except redis_lib.RedisError as error:
                log.warning("redis unavailable, retrying: %s", error)
            heartbeat.beat()  # after every pass, an outage's too (shared/infra/heartbeat.py)
            self.stopping.wait(max(0.0, self.interval - (time.monotonic() - started)))

    def stop(self, *_args) -> None:
        self.stopping.set()


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    loop = PairingLoop(context_module.build(Settings.from_env()))
    signal.signal(signal.SIGTERM, loop.stop)
    signal.signal(signal.SIGINT, loop.stop)
    loop.run()


if __name__ == "__main__":
    main()
