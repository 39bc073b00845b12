"""The dispatcher: the bus's news for matchmaking.

Run with `python -m services.matchmaking.consumer`. From "matches" it sends every finished
match to Celery (`matchmaking.apply_result`); from "formed-results" it settles the tickets
of a formed group (matched, with the match id). Both are idempotent, so at-least-once
delivery is harmless; a delivery is acknowledged only once handed on.
"""
from __future__ import annotations

import logging
import os
import signal
import socket
import threading
from typing import Optional

import redis as redis_lib
from marshmallow import ValidationError

from services.matchmaking import context as context_module
from services.matchmaking.tasks import APPLY_RESULT, make_celery
from shared.config import Settings
from shared.schemas.bus import MATCHES, MatchAnnouncementSchema
from shared.schemas.matchmaking import FORMED_RESULTS, FormedResultSchema

GROUP = "matchmaking"
log = logging.getLogger(__name__)
_ANNOUNCEMENT = MatchAnnouncementSchema()
_RESULT = FormedResultSchema()


def finished_match(message) -> Optional[str]:
    """The match id of an announcement that says a match is over, else None."""
    try:
        announcement = _ANNOUNCEMENT.load(message)
    except ValidationError:
        return None
    return announcement["match_id"] if announcement["status"] == "finished" else None


class Dispatcher:
    def __init__(self, ctx, celery=None, name: Optional[str] = None):
        self.ctx = ctx
        self.celery = celery or make_celery(ctx.settings)
        self.name = name or f"{socket.gethostname()}-{os.getpid()}"
        self.stopping = threading.Event()
        for topic in (MATCHES, FORMED_RESULTS):
            ctx.bus.ensure_group(topic, GROUP)

    def run_once(self, block_ms: int = 500) -> int:
        handled = 0
        for delivery in self.ctx.bus.consume(FORMED_RESULTS, GROUP, self.name, block_ms=block_ms):
            self._settle(delivery.message)
            self.ctx.bus.ack(delivery, GROUP)
            handled += 1
        for delivery in self.ctx.bus.consume(MATCHES, GROUP, self.name, block_ms=block_ms):
            match_id = finished_match(delivery.message)
            if match_id is not None:
                self.celery.send_task(APPLY_RESULT, args=[match_id])
            self.ctx.bus.ack(delivery, GROUP)
            handled += 1
        return handled

    def _settle(self, message) -> None:
        try:
            result = _RESULT.load(message)
        except ValidationError as error:
            log.warning("malformed formed-result dropped: %s", error.messages)
            return
        self.ctx.pools.settle(result)

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                self.run_once()
            except redis_lib.RedisError as error:
                log.warning("redis unavailable, retrying: %s", error)
                self.stopping.wait(1.0)

    def stop(self, *_args) -> None:
        self.stopping.set()


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    dispatcher = Dispatcher(context_module.build(Settings.from_env()))
    signal.signal(signal.SIGTERM, dispatcher.stop)
    signal.signal(signal.SIGINT, dispatcher.stop)
    log.info("matchmaking dispatcher %s started", dispatcher.name)
    dispatcher.run()


if __name__ == "__main__":
    main()
