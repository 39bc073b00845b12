"""/v1/games: the games this server hosts and the options each accepts."""
from __future__ import annotations

from services.match.glossary import glossary
from services.match.schemas import GamesSchema, GlossarySchema
from shared.games import bot_levels
from shared.games.registry import games
from shared.web.errors import NotFound
from shared.web.api import Blueprint

blp = Blueprint("games", __name__, url_prefix="/v1/games",
                description="The games hosted, with their seat counts and options.")


def describe(game) -> dict:
    """A game as the API shows it."""
    spec = game.spec
    return {"name": spec.name, "title": spec.title, "min_players": spec.min_players,
            "max_players": spec.max_players,
            "options": {name: option.as_json() for name, option in spec.options.items()},
            "bot_levels": bot_levels.scale(spec.name)}


@blp.route("", methods=["GET"])
@blp.response(200, GamesSchema)
@blp.errors()
def list_games():
    """Every game the server hosts, and the bots and bot levels any seat may be."""
    return {"games": [describe(game) for _, game in sorted(games().items())],
            "bots": list(bot_levels.BOTS), "bot_levels": bot_levels.scale()}


@blp.route("/<string:game>/glossary", methods=["GET"])
@blp.response(200, GlossarySchema)
@blp.errors(404)
def game_glossary(game):
    """The game's names for what its events and commands name by id (cards, colonies,
    techs, factions), in each language, from its data files: what a client shows."""
    if game not in games():
        raise NotFound(f"No game {game!r} is hosted here (GET /v1/games lists them).")
    return {"game": game, **glossary(game)}
