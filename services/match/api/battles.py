"""/v1/battle-groups: several matches at once, linked by wormholes (multi-battle)."""
from __future__ import annotations

from services.match import context
from services.match.schemas import BattleGroupSchema, CreateBattleGroupSchema
from services.match.wormholes.groups import create_group, group_view
from shared.web.api import BEARER, OPTIONAL_BEARER, Blueprint
from shared.web.auth import required_player

blp = Blueprint("battle-groups", __name__, url_prefix="/v1/battle-groups",
                description="Battle groups: matches linked by wormholes (multi-battle).")


@blp.route("", methods=["POST"])
@blp.arguments(CreateBattleGroupSchema, arg_name="body")
@blp.response(201, BattleGroupSchema)
@blp.errors(400, 401, 403, 404, 409)
@blp.doc(security=BEARER)
def create(body):
    """Create a battle group and its tables (matches); the caller must hold a seat at each.
    Each table is an ordinary match: play it through /v1/matches."""
    ctx = context.current()
    return create_group(ctx, required_player(ctx.tokens), body)


@blp.route("/<group_id>", methods=["GET"])
@blp.response(200, BattleGroupSchema)
@blp.errors(404)
@blp.doc(security=OPTIONAL_BEARER)
def get_group(group_id):
    """The group's tables: their match ids by table number."""
    return group_view(context.current(), group_id)
