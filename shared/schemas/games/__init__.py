"""Each game's command schema at the HTTP edge, derived from the game's vocabulary.

A game declares its commands once (shared/games/kit/vocabulary.py); this module turns the
declaration into a marshmallow schema whose check *is* the declaration's check (so the edge
and the engine can never disagree on a shape), and whose OpenAPI description is the
declaration's JSON Schema, discriminated by `type`.
"""
from __future__ import annotations

import functools
import re

from marshmallow import INCLUDE, Schema, ValidationError, fields, validates_schema

from shared.games.registry import games, get_game


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

    GameCommand.__name__ = f"{_pascal(game)}Command"
    return GameCommand


def command_schema(game: str) -> Schema:
    """An instance of `game`'s command schema (loading keeps no state on it)."""
    return command_schema_class(game)()


def _ref(component: str) -> dict:
    return {"$ref": f"#/components/schemas/{component}"}


class GameCommandField(fields.Dict):
    """A command of the match's game (checked against its vocabulary by the view, which knows
    the game) or a platform command: /openapi.json describes it as any of the games' command
    components or the platform's (registered by `document_commands`)."""

    def __init__(self, **kwargs):
        alternatives = [_ref(f"{_pascal(name)}Command") for name in sorted(games())]
        kwargs["metadata"] = {**kwargs.get("metadata", {}),
                              "anyOf": alternatives + [_ref("PlatformCommand")]}
        super().__init__(**kwargs)


def _pascal(name: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[^A-Za-z0-9]+", name) if part)


def openapi_schema(schema):
    """A JSON Schema in OpenAPI 3.0's dialect: "may be null" is `nullable`, not a null type."""
    if isinstance(schema, list):
        return [openapi_schema(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    options = schema.get("anyOf")
    if isinstance(options, list) and len(options) == 2 and {"type": "null"} in options:
        other = next(o for o in options if o != {"type": "null"})
        rest = {k: v for k, v in schema.items() if k != "anyOf"}
        return {**openapi_schema(other), **openapi_schema(rest), "nullable": True}
    return {key: openapi_schema(value) for key, value in schema.items()}


def document_commands(api, platform_commands) -> None:
    """Register every game's commands as /openapi.json components — one per command type
    (`ExordiumChooseStart`) and one per game (`ExordiumCommand`: a oneOf discriminated by
    `type`) — and the platform's commands (`PlatformCommand`), which GameCommandField names."""
    components = api.spec.components
    for name, game in sorted(games().items()):
        prefix = _pascal(name)
        mapping = {}
        for kind, declared in sorted(game.vocabulary.commands.items()):
            component = f"{prefix}{_pascal(kind)}"
            components.schema(component, component=openapi_schema(declared.json_schema()))
            mapping[kind] = _ref(component)["$ref"]
        components.schema(f"{prefix}Command", component={
            "description": f"A command of {game.spec.title}.",
            "oneOf": [{"$ref": ref} for ref in mapping.values()],
            "discriminator": {"propertyName": "type", "mapping": mapping}})
    components.schema("PlatformCommand", component={
        "description": "A command every game accepts, decided by the platform.",
        "type": "object", "additionalProperties": False, "required": ["type"],
        "properties": {"type": {"type": "string", "enum": list(platform_commands)}}})
