"""A game's vocabulary, declared once: every command type and every event type it knows.

Everything else is derived from these declarations, never listed again:
- the shape check a command passes before any rule (`Vocabulary.check_command`, a 400 at the
  HTTP edge, whose marshmallow schema and OpenAPI entry are built from the same fields);
- the event types the fold accepts (`Vocabulary.accepts`), each event's schema version, and
  the upcasters that carry a stored event of an older shape to today's;
- the constructors games call to make commands (`CommandType(...)`) and events
  (`EventType(...)`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Optional

from shared.games.api import MalformedCommand
from shared.games.kit.fields import Field, record_problems, record_schema

Upcaster = Callable[[dict], dict]  # an event's data at version n -> at version n + 1


@dataclass(frozen=True)
class CommandType:
    """A request a seat may send: its `type` name and the fields it carries."""

    name: str
    fields: Mapping[str, Field] = field(default_factory=dict)
    doc: str = ""

    def __call__(self, **values) -> dict:
        """The command as JSON-able data (fields left out stay out)."""
        return {"type": self.name, **values}

    def problems(self, command: Mapping) -> dict:
        """Per field, why `command` does not have this type's shape (empty when it does)."""
        return record_problems(self.fields, {k: v for k, v in command.items() if k != "type"})

    def json_schema(self) -> dict:
        schema = record_schema(self.fields)
        schema["properties"] = {"type": {"type": "string", "enum": [self.name]},
                                **schema["properties"]}
        schema["required"] = ["type", *schema["required"]]
        if self.doc:
            schema["description"] = self.doc
        return schema


@dataclass(frozen=True)
class EventType:
    """A fact a game records: its stable past-tense name and the version of its data's shape.

    `upcasters[i]` turns this event's data at version i + 1 into version i + 2, so a log
    written when the shape was older still folds: the fold only ever sees today's shape."""

    name: str
    doc: str = ""
    version: int = 1
    upcasters: tuple = ()

    def __post_init__(self):
        if len(self.upcasters) != self.version - 1:
            raise ValueError(f"{self.name} is at version {self.version}: it needs "
                             f"{self.version - 1} upcaster(s), not {len(self.upcasters)}")

    def __call__(self, **data) -> dict:
        return {"type": self.name, "data": data}

    def upcast(self, data: dict, stored_version: int) -> dict:
        """The data of this event as written at `stored_version`, in today's shape."""
        if not 1 <= stored_version <= self.version:
            raise ValueError(f"{self.name} has no schema version {stored_version} "
                             f"(known: 1 to {self.version})")
        for upcaster in self.upcasters[stored_version - 1:]:
            data = upcaster(data)
        return data


class Vocabulary:
    """A game's command and event types, each declared once."""

    def __init__(self, game_title: str, commands: Iterable[CommandType],
                 events: Iterable[EventType]):
        self.game_title = game_title
        self.commands = _by_name(commands, "command")
        self.events = _by_name(events, "event")

    def accepts(self, event_type: str) -> bool:
        """Whether the fold knows this event type."""
        return event_type in self.events

    def schema_version(self, event_type: str) -> int:
        return self.events[event_type].version

    def current(self, event: dict, stored_version: Optional[int]) -> dict:
        """`event` (as stored, at `stored_version`; None means 1, the shape before versions
        were recorded) in today's shape."""
        declared = self.events.get(event["type"])
        if declared is None:
            raise ValueError(f"{self.game_title} has no event type {event['type']!r}")
        version = stored_version or 1
        if version == declared.version:
            return event
        return {**event, "data": declared.upcast(event["data"], version)}

    def command_problems(self, command) -> dict:
        """Per field, why `command` is not a well-formed command of this game (empty if it is)."""
        if not isinstance(command, dict):
            return {"command": "Must be an object."}
        kind = command.get("type")
        if not isinstance(kind, str) or kind not in self.commands:
            return {"type": f"Must be one of {sorted(self.commands)}."}
        return self.commands[kind].problems(command)

    def check_command(self, command) -> None:
        """Raise MalformedCommand unless `command` has one of this game's shapes."""
        problems = self.command_problems(command)
        if problems:
            kind = command.get("type") if isinstance(command, dict) else None
            raise MalformedCommand(
                f"This is not a well-formed {self.game_title} command "
                f"({'; '.join(f'{k}: {v}' for k, v in sorted(problems.items()))}).",
                problems, kind=kind if isinstance(kind, str) else None)

    def command_json_schema(self) -> dict:
        """Every command as one JSON Schema, discriminated by `type` (for /openapi.json)."""
        names = sorted(self.commands)
        return {"oneOf": [self.commands[n].json_schema() for n in names],
                "discriminator": {"propertyName": "type"}}


def _by_name(declared: Iterable, what: str) -> dict:
    out = {}
    for item in declared:
        if item.name in out:
            raise ValueError(f"the {what} type {item.name!r} is declared twice")
        out[item.name] = item
    return out


def checked_decide(vocabulary: Vocabulary, decide: Callable) -> Callable:
    """`decide` behind the shape check: a malformed command never reaches a rule."""
    def checked(state, seat, command, rng):
        vocabulary.check_command(command)
        return decide(state, seat, command, rng)
    checked.__doc__ = decide.__doc__
    # For callers whose commands come from legal_commands (bot searches): the rules alone.
    checked.__wrapped__ = decide
    return checked
