"""The response of a live route: a slot taken (live_slots.py), given back when the response
closes (ended, or the client went away); the stream waits through the process's live hub
(live_hub.py), one Redis connection per process and node for every stream."""
from __future__ import annotations

from typing import Callable, Iterator

from flask import Response, current_app, request

from services.match import context
from services.match.api.live import Limits
from services.match.api.live_hub import LiveHub
from services.match.api.live_slots import LiveSlots
from shared.web.auth import current_caller, current_player

SLOTS = "orrery.live"
HUB = "orrery.live-hub"
WAITER_NAME = "orrery-live-"  # + the namespace: CLIENT LIST shows the hub's connections


def install(app, ctx) -> None:
    """Give `app` its live-stream slots, as its configuration bounds them."""
    app.extensions[SLOTS] = LiveSlots(
        ctx.redis, ctx.keys, per_client=app.config["LIVE_PER_CLIENT"],
        per_process=app.config["LIVE_PER_PROCESS"],
        lease_seconds=3 * app.config["SSE_HEARTBEAT_SECONDS"] + 5)
    app.extensions[HUB] = LiveHub(ctx.redis, ctx.settings.redis_url,
                                  WAITER_NAME + ctx.keys.namespace)


def client_of(ctx) -> str:
    """Who a stream counts against: the token's player, else the remote address."""
    player = current_player(ctx.tokens)
    return f"player:{player}" if player else f"addr:{request.remote_addr or 'unknown'}"


def _token_check(ctx):
    """What a stream opened with a token asks between waits: does that token still stand
    (it ends within a second of a revocation)? None for a spectator's stream."""
    caller = current_caller(ctx.tokens)
    if caller is None:
        return None
    player_id, generation = caller
    return lambda: ctx.tokens.still_valid(player_id, generation)


def live_response(body: Callable[[Limits], Iterator[str]]) -> Response:
    """A text/event-stream response of `body(limits)`; 429/503 when no slot is free."""
    ctx = context.current()
    config = current_app.config
    slot = current_app.extensions[SLOTS].acquire(client_of(ctx))
    try:
        limits = Limits(max_seconds=config["SSE_MAX_SECONDS"],
                        heartbeat_seconds=config["SSE_HEARTBEAT_SECONDS"],
                        idle_seconds=config["SSE_IDLE_SECONDS"],
                        hub=current_app.extensions[HUB], on_heartbeat=slot.renew,
                        still_valid=_token_check(ctx))
        response = Response(body(limits), mimetype="text/event-stream",
                            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    except BaseException:
        slot.release()
        raise
    response.call_on_close(slot.release)
    return response
