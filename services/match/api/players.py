"""/v1/players: a player is a name and the token that acts for it."""
from __future__ import annotations

import time
import uuid

from services.match import context
from services.match.schemas import NewPlayerSchema, PlayerSchema
from shared.web.api import Blueprint

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
    name = body["name"].strip()
    ctx.redis.hset(ctx.keys.player(player_id), mapping={"name": name, "created_at": time.time()})
    return {"player_id": player_id, "name": name, "token": ctx.tokens.issue(player_id)}
