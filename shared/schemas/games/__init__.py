"""Each game's command schema at the HTTP edge, derived from the game's vocabulary.

A game declares its commands once (shared/games/kit/vocabulary.py); this module turns the
declaration into a marshmallow schema whose check *is* the declaration's check (so the edge
and the engine can never disagree on a shape), and whose OpenAPI description is the
declaration's JSON Schema, discriminated by `type`.
"""
from __future__ import annotations

import functools

from marshmallow import Schema, ValidationError, fields, validates_schema, INCLUDE

from shared.games.registry import get_game


class _CommandField(fields.Dict):
    """A command object; its OpenAPI entry is set per game from the vocabulary."""


@functools.lru_cache(maxsize=None)
def command_schema_class(game: str) -> type:
    """The marshmallow schema class of `game`'s commands (UnknownGame for no such game)."""
    vocabulary = get_game(game).vocabulary

    class GameCommand(Schema):
        class Meta:
            unknown = INCLUDE  # every field is checked by the declaration below

        type = fields.String(required=True)

        @validates_schema(pass_original=True)
        def _declared_shape(self, data, original, **kwargs):
            problems = vocabulary.command_problems(original)
            if problems:
                raise ValidationError({k: [v] for k, v in problems.items()})

    GameCommand.__name__ = f"{vocabulary.game_title.title().replace(' ', '').replace('-', '')}Command"
    GameCommand.json_schema = staticmethod(vocabulary.command_json_schema)
    return GameCommand


def command_schema(game: str) -> Schema:
    """An instance of `game`'s command schema (loading keeps no state on it)."""
    return command_schema_class(game)()


def command_json_schemas() -> dict:
    """Per game, its commands as JSON Schema (oneOf discriminated by `type`), for /openapi.json."""
    from shared.games.registry import games
    return {name: game.vocabulary.command_json_schema() for name, game in games().items()
            if game.vocabulary is not None}
