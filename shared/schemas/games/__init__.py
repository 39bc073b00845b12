"""Each game's command schema (shape only; the rules are the engine's to check)."""
from importlib import import_module

from marshmallow import Schema


def command_schema(game: str) -> Schema:
    """The marshmallow schema that checks the shape of a command for `game`."""
    module = import_module(f"shared.schemas.games.{game}")
    return module.COMMAND_SCHEMA()
