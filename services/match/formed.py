"""Formed groups from matchmaking become matches (bus topic "formed" -> "formed-results").

`handle_formed` is the policy: check the message, put the seats in a fair random order
(recorded in the log, since MatchCreated lists the seats in that order), ask `create_match`
for the match, and return the answer to publish. The match id comes from matchmaking, so a
redelivered group finds its match already made instead of making a second one.
`FormedConsumer` is the effect around it, for the match service's consumer process.
"""
from __future__ import annotations

import logging
import random
from typing import Callable, Optional

import redis as redis_lib
from marshmallow import ValidationError

from services.match.errors import ApiError
from shared.eventlog import VersionConflict
from shared.schemas.matchmaking import (
    FORMED, FORMED_RESULTS, FormedGroupSchema, FormedResultSchema)

GROUP = "match-service"
log = logging.getLogger(__name__)
_GROUP = FormedGroupSchema()
_RESULT = FormedResultSchema()
_FAIR = random.SystemRandom()


def seat_order(seats: list, rng: Optional[random.Random] = None) -> list:
    """The seats shuffled uniformly: who moves first is nobody's advantage by arrival."""
    shuffled = list(seats)
    (rng or _FAIR).shuffle(shuffled)
    return shuffled


def _answer(message: dict, match_id=None, error=None, text=None) -> dict:
    message = message if isinstance(message, dict) else {}
    seats = message.get("seats") if isinstance(message.get("seats"), list) else []
    return _RESULT.dump({
        "group_id": str(message.get("group_id", "")), "pool": str(message.get("pool", "")),
        "ticket_ids": [s["ticket_id"] for s in seats
                       if isinstance(s, dict) and isinstance(s.get("ticket_id"), str)],
        "match_id": match_id, "error": error, "message": text})


def handle_formed(message: dict, *, create_match: Callable[[dict], str],
                  rng: Optional[random.Random] = None) -> dict:
    """Create the match for a formed group; return the "formed-results" message.

    `create_match(request)` makes the match (or finds it made, for a repeat) and returns its
    id; request = {match_id, game, seats, options, clock, matchmaking: {mode, group_id,
    ticket_ids}} with seats as [{player_id} | {bot, level}] in playing order.
    """
    try:
        group = _GROUP.load(message if isinstance(message, dict) else {})
    except ValidationError as error:
        return _answer(message, error="invalid_request", text=f"Malformed group: {error.messages}")
    seats = seat_order(group["seats"], rng)
    request = {
        "match_id": group["match_id"], "game": group["game"], "options": group["options"],
        "clock": group["clock"],
        "seats": [{"player_id": s["player_id"]} if "player_id" in s
                  else {"bot": s["bot"], "level": s["level"]} for s in seats],
        "matchmaking": {"mode": group["mode"], "group_id": group["group_id"],
                        "ticket_ids": [s["ticket_id"] for s in seats if "ticket_id" in s]}}
    try:
        match_id = create_match(request)
    except ApiError as error:
        return _answer(message, error=error.code, text=error.message)
    return _answer(message, match_id=match_id)


def creator(ctx) -> Callable[[dict], str]:
    """`create_match` over the match service's creation path (services/match/creation.py):
    the first player in the group creates it; a match id already used is a repeat."""
    from services.match import creation

    def create_match(request: dict) -> str:
        if ctx.log.version(request["match_id"]) > 0:
            return request["match_id"]
        caller = next(s["player_id"] for s in request["seats"] if "player_id" in s)
        try:
            creation.create_match(ctx, caller, request, match_id=request["match_id"],
                                  provenance=request["matchmaking"])
        except VersionConflict:  # a concurrent delivery of the same group made it first
            pass
        return request["match_id"]
    return create_match


class FormedConsumer:
    """Reads "formed" in the match service's consumer group and answers on "formed-results"."""

    def __init__(self, ctx, name: str, create_match: Optional[Callable[[dict], str]] = None):
        self.ctx = ctx
        self.name = name
        self.create_match = create_match or creator(ctx)
        ctx.bus.ensure_group(FORMED, GROUP)

    def run_once(self, block_ms: int = 1000) -> int:
        deliveries = self.ctx.bus.consume(FORMED, GROUP, self.name, block_ms=block_ms)
        for delivery in deliveries:
            try:
                answer = handle_formed(delivery.message, create_match=self.create_match)
            except redis_lib.RedisError:
                raise  # not acknowledged: the delivery stays pending and is claimed again
            except Exception:  # a bug must not make a poison message loop forever
                log.exception("formed group %s failed", delivery.entry_id)
                answer = _answer(delivery.message, error="internal_error",
                                 text="The match could not be created.")
            self.ctx.bus.publish(FORMED_RESULTS, answer, key=answer["group_id"] or "unknown")
            self.ctx.bus.ack(delivery, GROUP)
        return len(deliveries)

