"""/v1/players/me: the caller's matches ("your turn" first), live notifications across all
their matches, webhooks and vacations (API.md, "A player's own matches")."""
from __future__ import annotations

import re
import time

from flask import current_app, request

from services.match import context
from services.match.command_path import vacation
from services.match.api.streams import live_response
from services.match.api.live import player_feed
from services.match.queries import load_match
from services.match.schemas import (MyMatchesQuerySchema, MyMatchesSchema,
                                    NewWebhookSchema, VacationRequestSchema, VacationSchema,
                                    WebhookRequestSchema, WebhooksSchema)
from shared.messages import notifications, webhooks
from shared.games.clock import iso
from services.match.api.players import blp
from shared.web.api import BEARER
from shared.web.auth import GENERATION_FIELD, required_caller, required_player
from shared.web.errors import ApiError, InvalidRequest, NotFound, Unauthenticated
from shared.messages.webhook_target import WebhookRefused
from shared.messages.webhook_target import resolve as resolve_target

# The routes are the players resource's (/v1/players/me/...), on its blueprint.

_FEED_ID = re.compile(r"([0-9]{1,20})-([0-9]{1,20})", re.ASCII)
_STREAM_ID_MAX = 2 ** 64 - 1  # each part of a Redis stream id is an unsigned 64-bit number
_SSE_DOC = {"200": {"description": "Server-Sent Events: the caller's notifications "
                                   "(your_turn, match_over); each id is a feed position.",
                    "content": {"text/event-stream": {"schema": {"type": "string"}}}}}


class TooManyWebhooks(ApiError):
    status, code = 409, "too_many_webhooks"


@blp.route("/me/matches", methods=["GET"])
@blp.arguments(MyMatchesQuerySchema, location="query", arg_name="query")
@blp.response(200, MyMatchesSchema)
@blp.errors(400, 401)
@blp.doc(security=BEARER)
def my_matches(query):
    """The caller's matches; with to_act=true only those where they must act, oldest
    deadline first (the "your turn" projection kept by services/turns)."""
    ctx = context.current()
    player = required_player(ctx.tokens)
    if query["to_act"]:
        return {"matches": notifications.to_act(ctx.redis, ctx.keys, player, query["limit"])}
    return _page(ctx, player, query["limit"], query.get("status"), query.get("cursor"))


# With a status filter, a page reads at most this many of the player's matches (newest
# first) looking for `limit` of that status, then hands back a cursor to go on from.
SCAN_PER_PAGE = 1000


def _page(ctx, player: str, limit: int, status, cursor) -> dict:
    """A page of the player's matches, newest first, older than `cursor` (a creation time:
    matches are listed by it), only those in `status` when given."""
    high = f"({cursor}" if cursor else "+inf"
    wanted = limit if status is None else SCAN_PER_PAGE
    listed = ctx.redis.zrevrangebyscore(ctx.keys.player_matches(player), high, "-inf",
                                        start=0, num=wanted, withscores=True)
    matches, last = [], None
    for member, score in listed:
        last = score
        state = load_match(ctx, member.decode())
        if status is None or state.status == status:
            matches.append(_summary(state, player))
            if len(matches) == limit:
                break
    more = len(listed) == wanted or len(matches) == limit
    return {"matches": matches, "next": repr(last) if more and last is not None else None}


def _summary(state, player: str) -> dict:
    seats = [i for i, s in enumerate(state.seats) if s.get("player_id") == player]
    to_act = [s for s in seats if s in state.to_act()]
    seat = to_act[0] if to_act else seats[0]
    deadline = state.deadlines()[seat]
    return {"match_id": state.match_id, "game": state.game, "seat": seat,
            "version": state.version, "status": state.status, "to_act": bool(to_act),
            "deadline": iso(deadline), "turn_began_at_version": state.platform.since[seat]}


@blp.route("/me/live", methods=["GET"])
@blp.errors(400, 401, 429, 503)
@blp.doc(security=BEARER, responses=_SSE_DOC)
def my_live():
    """The caller's notifications across all matches, as Server-Sent Events."""
    ctx = context.current()
    player = required_player(ctx.tokens)
    after = request.headers.get("Last-Event-ID")
    if after is not None and not _feed_position(after.strip()):
        raise InvalidRequest({"Last-Event-ID": ["Must be a feed position like 1700000000000-0."]})
    after = after and after.strip()
    return live_response(lambda limits: player_feed(ctx, player, after, limits))


def _feed_position(text: str) -> bool:
    """A stream id Redis accepts: two unsigned 64-bit numbers (a larger one made the stream
    fail after its 200)."""
    parts = _FEED_ID.fullmatch(text)
    return parts is not None and all(int(p) <= _STREAM_ID_MAX for p in parts.groups())


@blp.route("/me/webhooks", methods=["POST"])
@blp.arguments(WebhookRequestSchema, arg_name="body")
@blp.response(201, NewWebhookSchema)
@blp.errors(400, 401, 409)
@blp.doc(security=BEARER)
def add_webhook(body):
    """Register a URL that receives a signed POST whenever it becomes the caller's turn
    (public addresses only: loopback and private ones are refused with a 400). It belongs to
    the token that registered it: revoking that token drops it. Its secret is shown once."""
    ctx = context.current()
    player, generation = required_caller(ctx.tokens)
    try:
        resolve_target(body["url"], current_app.config["WEBHOOK_ALLOW_PRIVATE"])
    except WebhookRefused as error:
        raise InvalidRequest({"url": [str(error)]}, str(error)) from None
    try:
        hook = webhooks.register(ctx.redis, ctx.keys, player, body["url"], generation,
                                 GENERATION_FIELD)
    except webhooks.Revoked:
        raise Unauthenticated("This token was revoked; use a newer one.") from None
    except webhooks.TooMany:
        raise TooManyWebhooks(f"A player may register at most {webhooks.MAX_WEBHOOKS} "
                              "webhooks; delete one first (DELETE /v1/players/me/webhooks/"
                              "{id}).") from None
    return {**hook.shown(), "secret": hook.secret,
            "signature_header": notifications.SIGNATURE_HEADER}


@blp.route("/me/webhooks", methods=["GET"])
@blp.response(200, WebhooksSchema)
@blp.errors(401)
@blp.doc(security=BEARER)
def list_webhooks():
    """The caller's webhooks (their secrets are shown only when registered)."""
    ctx = context.current()
    player = required_player(ctx.tokens)
    return {"webhooks": [hook.shown() for hook in webhooks.listed(ctx.redis, ctx.keys, player)]}


@blp.route("/me/webhooks/<webhook_id>", methods=["DELETE"])
@blp.response(204)
@blp.errors(401, 404)
@blp.doc(security=BEARER)
def delete_webhook(webhook_id):
    """Remove one of the caller's webhooks: it receives nothing more."""
    ctx = context.current()
    player = required_player(ctx.tokens)
    if not webhooks.remove(ctx.redis, ctx.keys, player, webhook_id[:64]):
        raise NotFound(f"You have no webhook {webhook_id!r}.")


def _allowance() -> int:
    return current_app.config["VACATION_DAYS_PER_YEAR"]


@blp.route("/me/vacation", methods=["GET"])
@blp.response(200, VacationSchema)
@blp.errors(401)
@blp.doc(security=BEARER)
def get_vacation():
    """Whether the caller is on vacation, and the days left this year."""
    ctx = context.current()
    return vacation.status(ctx, required_player(ctx.tokens), _allowance(), time.time())


@blp.route("/me/vacation", methods=["POST"])
@blp.arguments(VacationRequestSchema, arg_name="body")
@blp.response(201, VacationSchema)
@blp.errors(400, 401, 409, 422)
@blp.doc(security=BEARER)
def start_vacation(body):
    """Stop the caller's clocks in every active correspondence match for `days` days."""
    ctx = context.current()
    return vacation.start(ctx, required_player(ctx.tokens), body["days"], _allowance())


@blp.route("/me/vacation", methods=["DELETE"])
@blp.response(200, VacationSchema)
@blp.errors(401, 409)
@blp.doc(security=BEARER)
def end_vacation():
    """End the caller's vacation now; whole days not used are given back."""
    ctx = context.current()
    return vacation.end(ctx, required_player(ctx.tokens), _allowance())
