"""The bus consumer: commands from the "commands" topic go down the same command path (seat
commands through `submit`; the platform's own, marked source "system", e.g. a timeout from
the clock sweep, through `submit_system`, which checks them against the log), and
groups formed by matchmaking (the "formed" topic) become matches (services/match/bus/formed.py).

Run with `python -m services.match.bus.consumer`. Every delivery is acknowledged once handled:
an applied command, a repeat (the command id makes redelivery harmless), and a refused or
malformed one alike — refusals are published on "rejections" so the sender can learn why.
A Redis outage leaves the delivery pending, to be claimed again later.
"""
from __future__ import annotations

import logging
from typing import Optional

from marshmallow import ValidationError

from services.match import context as context_module
from services.match.bus import formed
from services.match.wormholes import relay as wormhole_relay
from services.match.command_path.commands import submit, submit_system
from services.match.context import MatchContext
from services.match.queries import load_match
from services.match.schemas import load_command
from shared.config import Settings
from shared.eventlog import Delivery
from shared.eventlog.consumer import BusConsumer, Subscription, serve
from shared.infra.faults import pause_point
from shared.schemas.bus import (COMMANDS, REJECTIONS, SYSTEM, BusCommandSchema,
                                RejectionSchema, SystemCommandSchema)
from shared.web.errors import ApiError

GROUP = "match-service"
log = logging.getLogger(__name__)
_COMMAND = BusCommandSchema()
_REJECTION = RejectionSchema()
_SYSTEM = SystemCommandSchema()


def handle(ctx: MatchContext, message: dict) -> Optional[dict]:
    """Apply one bus command; return the rejection to publish, or None when applied."""
    if isinstance(message, dict) and message.get("source") == SYSTEM:
        return handle_system(ctx, message)
    try:
        request = _COMMAND.load(message if isinstance(message, dict) else {})
    except ValidationError as error:
        return _rejection(message, "invalid_request", f"Malformed bus command: {error.messages}")
    try:
        state = load_match(ctx, request["match_id"])
        command = load_command(state.game, request["command"])
        submit(ctx, request["match_id"], request["seat"], command, request["command_id"],
               request.get("expected_version"), source="bus", state=state)
    except ValidationError as error:
        return _rejection(message, "invalid_request", f"Malformed command: {error.messages}")
    except ApiError as error:
        return _rejection(message, error.code, error.message)
    return None


def handle_system(ctx: MatchContext, message: dict) -> Optional[dict]:
    """Apply one system command (no seat speaks: the bus is internal and trusted, but the
    command is still checked against the log); return the rejection, or None."""
    try:
        request = _SYSTEM.load(message)
        load_match(ctx, request["match_id"])
        point = f"commands:{request['command'].get('type')}"  # crash tests (shared/infra/faults.py)
        pause_point(f"{point}:before-apply")
        submit_system(ctx, request["match_id"], request["command"], request["command_id"])
        pause_point(f"{point}:applied")
    except ValidationError as error:
        return _rejection(message, "invalid_request", f"Malformed system command: {error.messages}")
    except ApiError as error:
        return _rejection(message, error.code, error.message)
    return None


def _rejection(message, code: str, text: str) -> dict:
    message = message if isinstance(message, dict) else {}
    return _REJECTION.dump({
        "match_id": _text(message.get("match_id")), "seat": _int(message.get("seat")),
        "command_id": _text(message.get("command_id")),
        "expected_version": _int(message.get("expected_version")), "error": code,
        "message": text})


def _text(value) -> Optional[str]:
    return value if isinstance(value, str) else None


def _int(value) -> Optional[int]:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def commands(ctx: MatchContext) -> Subscription:
    """The "commands" topic: apply each command, publish the rejection of any refused."""
    def apply(delivery: Delivery) -> None:
        _reject(ctx, delivery, handle(ctx, delivery.message))

    def failed(delivery: Delivery) -> None:
        _reject(ctx, delivery, _rejection(delivery.message, "internal_error",
                                          "The command could not be handled."))
    return Subscription(COMMANDS, GROUP, apply, on_failure=failed)


def _reject(ctx: MatchContext, delivery: Delivery, rejection: Optional[dict]) -> None:
    if rejection is not None:
        ctx.bus.publish(REJECTIONS, rejection, key=rejection["match_id"] or "unknown")
        log.info("rejected bus command %s: %s", delivery.entry_id, rejection["message"])


class Consumer(BusConsumer):
    """The match service's consumer process: bus commands, groups formed by matchmaking
    (services/match/bus/formed.py), read in the match service's consumer group, and the
    sweep that relays multi-battle departures a dead process left on its log only
    (services/match/wormholes/relay.py; their arrivals are system commands)."""

    def __init__(self, ctx: MatchContext, name: Optional[str] = None):
        super().__init__(ctx.bus, [commands(ctx), formed.subscription(ctx)], name=name)
        self.ctx = ctx
        self.sweeper = wormhole_relay.Sweeper(ctx)

    def run_once(self, block_ms: Optional[int] = 1000) -> int:
        self.sweeper.sweep_if_due()
        return super().run_once(block_ms)


def main() -> None:
    """Consume until SIGTERM."""
    serve(Consumer(context_module.build(Settings.from_env())), "match consumer")


if __name__ == "__main__":
    main()
