"""Formed groups from matchmaking become matches (bus topic "formed" -> "formed-results").

`handle_formed` is the policy: check the message, put the seats in a fair random order
(recorded in the log, since MatchCreated lists the seats in that order), ask `create_match`
for the match, and return the answer to publish. The match id comes from matchmaking, so a
redelivered group finds its match already made instead of making a second one.
`subscription` is the effect around it, read by the match service's consumer process
(services/match/bus/consumer.py); `FormedConsumer` reads it alone.
"""
from __future__ import annotations

import random
from typing import Callable, Optional

from marshmallow import ValidationError

from services.match.command_path import creation
from shared.eventlog import Delivery
from shared.eventlog.consumer import BusConsumer, Subscription
from shared.schemas.matchmaking import (
    FORMED, FORMED_RESULTS, FormedGroupSchema, FormedResultSchema)
from shared.web.errors import ApiError

GROUP = "match-service"
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
                        "ticket_ids": [s["ticket_id"] for s in seats if "ticket_id" in s],
                        # per seat in playing order: the player's rating (None for a bot)
                        "ratings": [s.get("rating") for s in seats]}}
    try:
        match_id = create_match(request)
    except ApiError as error:
        return _answer(message, error=error.code, text=error.message)
    return _answer(message, match_id=match_id)


def creator(ctx) -> Callable[[dict], str]:
    """`create_match` over the match service's creation path (services/match/command_path/creation.py).

    Matchmaking, not a player, creates the match (caller None), so a group of bots only is
    served too; the group's match id makes a repeated or concurrent delivery a no-op."""
    def create_match(request: dict) -> str:
        creation.create_match(ctx, None, request, match_id=request["match_id"],
                              provenance=request["matchmaking"])
        return request["match_id"]
    return create_match


def subscription(ctx, create_match: Optional[Callable[[dict], str]] = None) -> Subscription:
    """The "formed" topic, read in the match service's group: each group's answer goes to
    "formed-results"."""
    create_match = create_match or creator(ctx)

    def answer(delivery: Delivery, reply: dict) -> None:
        ctx.bus.publish(FORMED_RESULTS, reply, key=reply["group_id"] or "unknown")

    def create(delivery: Delivery) -> None:
        answer(delivery, handle_formed(delivery.message, create_match=create_match))

    def failed(delivery: Delivery) -> None:
        answer(delivery, _answer(delivery.message, error="internal_error",
                                 text="The match could not be created."))
    return Subscription(FORMED, GROUP, create, on_failure=failed)


class FormedConsumer(BusConsumer):
    """Reads "formed" alone (the match service's consumer reads it beside "commands")."""

    def __init__(self, ctx, name: str, create_match: Optional[Callable[[dict], str]] = None):
        super().__init__(ctx.bus, [subscription(ctx, create_match)], name=name)
        self.ctx = ctx
