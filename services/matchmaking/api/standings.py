"""/v1/leaderboards and /v1/players/{id}/ratings: public standings."""
from __future__ import annotations

from services.matchmaking.api import current
from services.matchmaking.ratings import reliability
from services.matchmaking.schemas import LeaderboardSchema, PageSchema, PlayerRatingsSchema
from shared.games.registry import games
from shared.web.api import Blueprint
from shared.web.errors import NotFound

leaderboards = Blueprint("leaderboards", __name__, url_prefix="/v1/leaderboards",
                         description="The best rated players of each game.")
players = Blueprint("ratings", __name__, url_prefix="/v1/players",
                    description="A player's ratings and reliability.")


@leaderboards.route("/<string:game>", methods=["GET"])
@leaderboards.arguments(PageSchema, location="query", arg_name="page")
@leaderboards.response(200, LeaderboardSchema)
@leaderboards.errors(400, 404)
def leaderboard(page, game):
    """Players with a rated match, best first (rating: a conservative estimate)."""
    if game not in games():
        raise NotFound(f"There is no game {game!r}.")
    rows = current().standings.leaderboard(game, page["limit"], page["offset"])
    return {"game": game, "entries": [
        {"player_id": s.player_id, "name": s.name, "rating": s.rating, "rank": rank,
         "matches": s.rated_matches, "provisional": s.provisional} for rank, s in rows]}


@players.route("/<string:player_id>/ratings", methods=["GET"])
@players.response(200, PlayerRatingsSchema)
@players.errors(404)
def player_ratings(player_id):
    """The player's rating in every game they have played, and their reliability."""
    if not 1 <= len(player_id) <= 64:
        raise NotFound("There is no such player.")
    ctx = current()
    standings = ctx.standings
    found = [(game, standings.get(game, player_id)) for game in sorted(games())
             if standings.known(game, player_id)]
    # A registered player who has not played yet has no ratings; anyone else is no player.
    if not found and not ctx.redis.exists(ctx.log.keys.player(player_id)):
        raise NotFound(f"There is no player {player_id!r}.")
    matches = sum(s.matches for _, s in found)
    penalty = sum(s.penalty for _, s in found)
    return {"player_id": player_id, "reliability": reliability(matches, penalty),
            "ratings": [{"game": game, "rating": s.rating, "mu": s.mu, "sigma": s.sigma,
                         "matches": s.rated_matches, "provisional": s.provisional,
                         "reliability": s.reliability} for game, s in found]}
