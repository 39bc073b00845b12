"""/v1/players: a player is a name and the token that acts for it."""
from __future__ import annotations

import time
import uuid

from services.match import context
from services.match.schemas import (NewPlayerSchema, NewTokenRequestSchema, PlayerSchema,
                                    TokenSchema)
from shared.web.api import BEARER, Blueprint
from shared.web.auth import required_caller

blp = Blueprint("players", __name__, url_prefix="/v1/players",
                description="Players and their bearer tokens.")


@blp.route("", methods=["POST"])
@blp.arguments(NewPlayerSchema, arg_name="body")
@blp.response(201, PlayerSchema)
@blp.errors(400)
def create_player(body):
    """Register a player; the token returned acts for them from now on."""
    ctx = context.current()
    player_id = uuid.uuid4().hex
    name = body["name"]  # already NFC and stripped (shared/schemas/names.py)
    ctx.redis.hset(ctx.keys.player(player_id), mapping={"name": name, "created_at": time.time()})
    return {"player_id": player_id, "name": name, "token": ctx.tokens.issue(player_id)}


@blp.route("/me/tokens", methods=["POST"])
@blp.arguments(NewTokenRequestSchema, arg_name="body")
@blp.response(201, TokenSchema)
@blp.errors(400, 401)
@blp.doc(security=BEARER)
def new_token(body):
    """Issue a fresh token for the caller (with revoke_others, every older one stops
    working, with the webhooks and live streams they opened: the way to rotate a token that
    may have leaked)."""
    ctx = context.current()
    player_id, generation = required_caller(ctx.tokens)
    if body["revoke_others"]:
        return {"token": ctx.tokens.rotate(player_id, generation)}
    return {"token": ctx.tokens.issue(player_id)}


@blp.route("/me/tokens", methods=["DELETE"])
@blp.response(204)
@blp.errors(401)
@blp.doc(security=BEARER)
def revoke_tokens():
    """Every token issued to the caller so far stops working, this one included, with the
    webhooks and live streams they opened."""
    ctx = context.current()
    ctx.tokens.revoke(*required_caller(ctx.tokens))
