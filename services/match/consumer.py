"""The bus consumer: commands from the "commands" topic go down the same command path.

Run with `python -m services.match.consumer`. Every delivery is acknowledged once handled:
an applied command, a repeat (the command id makes redelivery harmless), and a refused or
malformed one alike — refusals are published on "rejections" so the sender can learn why.
A Redis outage leaves the delivery pending, to be claimed again later.
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

from services.match import context as context_module
from services.match.commands import submit
from services.match.context import MatchContext
from services.match.errors import ApiError
from services.match.queries import load_match
from services.match.schemas import load_command
from shared.config import Settings
from shared.eventlog import Delivery
from shared.schemas.bus import COMMANDS, REJECTIONS, BusCommandSchema, RejectionSchema

GROUP = "match-service"
log = logging.getLogger(__name__)
_COMMAND = BusCommandSchema()
_REJECTION = RejectionSchema()


def handle(ctx: MatchContext, message: dict) -> Optional[dict]:
    """Apply one bus command; return the rejection to publish, or None when applied."""
    try:
        request = _COMMAND.load(message if isinstance(message, dict) else {})
    except ValidationError as error:
        return _rejection(message, "invalid_request", f"Malformed bus command: {error.messages}")
    try:
        state = load_match(ctx, request["match_id"])
        command = load_command(state.game, request["command"])
        submit(ctx, request["match_id"], request["seat"], command, request["command_id"],
               request.get("expected_version"), source="bus")
    except ValidationError as error:
        return _rejection(message, "invalid_request", f"Malformed command: {error.messages}")
    except ApiError as error:
        return _rejection(message, error.code, error.message)
    return None


def _rejection(message, code: str, text: str) -> dict:
    message = message if isinstance(message, dict) else {}
    return _REJECTION.dump({
        "match_id": _text(message.get("match_id")), "seat": _int(message.get("seat")),
        "command_id": _text(message.get("command_id")), "error": code, "message": text})


def _text(value) -> Optional[str]:
    return value if isinstance(value, str) else None


def _int(value) -> Optional[int]:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class Consumer:
    """Reads the commands topic as one member of the match service's consumer group."""

    def __init__(self, ctx: MatchContext, name: Optional[str] = None):
        self.ctx = ctx
        self.name = name or f"{socket.gethostname()}-{os.getpid()}"
        self.stopping = threading.Event()
        ctx.bus.ensure_group(COMMANDS, GROUP)

    def run_once(self, block_ms: int = 1000) -> int:
        """Handle one batch of deliveries; return how many were handled."""
        deliveries = self.ctx.bus.consume(COMMANDS, GROUP, self.name, block_ms=block_ms)
        for delivery in deliveries:
            self._handle(delivery)
        return len(deliveries)

    def run(self) -> None:
        """Handle batches until `stop` is called (SIGTERM and SIGINT call it)."""
        while not self.stopping.is_set():
            try:
                self.run_once()
            except redis_lib.RedisError as error:
                log.warning("redis unavailable, retrying: %s", error)
                self.stopping.wait(1.0)

    def stop(self, *_signal_args) -> None:
        """Finish the batch in hand, then return from `run`."""
        self.stopping.set()

    def _handle(self, delivery: Delivery) -> None:
        try:
            rejection = handle(self.ctx, delivery.message)
        except redis_lib.RedisError:
            raise  # not acknowledged: the delivery stays pending and is claimed again
        except Exception:  # an engine bug must not make a poison message loop forever
            log.exception("bus command %s failed", delivery.entry_id)
            rejection = _rejection(delivery.message, "internal_error",
                                   "The command could not be handled.")
        if rejection is not None:
            key = rejection["match_id"] or "unknown"
            self.ctx.bus.publish(REJECTIONS, rejection, key=key)
            log.info("rejected bus command %s: %s", delivery.entry_id, rejection["message"])
        self.ctx.bus.ack(delivery, GROUP)


def main() -> None:
    """Consume until SIGTERM."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    consumer = Consumer(context_module.build(Settings.from_env()))
    signal.signal(signal.SIGTERM, consumer.stop)
    signal.signal(signal.SIGINT, consumer.stop)
    log.info("match consumer %s started", consumer.name)
    consumer.run()
    log.info("match consumer %s stopped", consumer.name)


if __name__ == "__main__":
    main()
