"""The engine surface every game implements, and the errors it may raise.

A game is a decider (ARCHITECTURE.md): `setup` and `decide` turn intentions into facts
(events), drawing any randomness from the `rng` they are given and writing what it produced
into the events; `evolve` folds one fact into state and never fails, never validates, never
rolls. Everything here is pure: no Redis, no HTTP, no clock.

Events and commands are plain JSON-able dicts:
    event   = {"type": "OutpostPlaced", "data": {...}}
    command = {"type": "take_action_card", ...}
State is whatever immutable value the game chooses; it never leaves the engine except
through `view`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, Sequence

Event = dict
Command = dict
Seat = int
State = Any


class RuleError(Exception):
    """A command the rules refuse. `rule` names the rule in words a player understands;
    `key`, when given, names the message (the same in every language)."""

    def __init__(self, rule: str, key: Optional[str] = None):
        super().__init__(rule)
        self.rule = rule
        self.key = key


class IllegalCommand(RuleError):
    """The command breaks a rule of the game as it stands now (HTTP 422)."""


class MalformedCommand(IllegalCommand):
    """The command does not have the shape of any of the game's commands (HTTP 400): a
    missing, extra or mistyped field. Checked before any rule (kit/vocabulary.py)."""

    def __init__(self, rule: str, fields: Mapping[str, str], kind: Optional[str] = None):
        super().__init__(rule, key="malformed")
        self.fields = dict(fields)
        self.kind = kind


class NotYourTurn(RuleError):
    """The seat is not one of those who must act now (HTTP 409)."""


class InvalidOptions(Exception):
    """Match options the game does not accept (HTTP 400)."""

    def __init__(self, fields: Mapping[str, str]):
        super().__init__("; ".join(f"{k}: {v}" for k, v in fields.items()))
        self.fields = dict(fields)


@dataclass(frozen=True)
class OptionSpec:
    """One option a game accepts at match creation, described as data for the edge."""

    kind: str  # "choice" | "int" | "bool"
    default: Any
    description: str
    choices: tuple = ()
    minimum: Optional[int] = None
    maximum: Optional[int] = None

    def as_json(self) -> dict:
        out = {"type": self.kind, "default": self.default, "description": self.description}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out


@dataclass(frozen=True)
class GameSpec:
    """What a game is, independent of any match: its name, seat counts and options."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: Mapping[str, OptionSpec] = field(default_factory=dict)
    # Whether a seat may be kept from seeing part of the state (hands, decks, secret bids):
    # such a game must supply a sampler (the contract suite enforces it) and its views and
    # events are checked for leaks.
    hides_information: bool = False

    def resolve_options(self, given: Mapping[str, Any]) -> dict:
        """Fill defaults and check every option against its spec; raise InvalidOptions."""
        errors, resolved = {}, {}
        for name in given:
            if name not in self.options:
                errors[name] = "Unknown option."
        for name, spec in self.options.items():
            value = given.get(name, spec.default)
            problem = _option_problem(spec, value)
            if problem:
                errors[name] = problem
            resolved[name] = value
        if errors:
            raise InvalidOptions(errors)
        return resolved


def _option_problem(spec: OptionSpec, value: Any) -> Optional[str]:
    if spec.kind == "bool":
        return None if isinstance(value, bool) else "Must be true or false."
    if spec.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            return "Must be an integer."
        if spec.minimum is not None and value < spec.minimum:
            return f"Must be at least {spec.minimum}."
        if spec.maximum is not None and value > spec.maximum:
            return f"Must be at most {spec.maximum}."
        return None
    if spec.kind == "choice":
        return None if value in spec.choices else f"Must be one of {list(spec.choices)}."
    return f"Unsupported option kind {spec.kind!r}."


@dataclass(frozen=True)
class Game:
    """A registered game: its spec and the pure functions of the engine surface.

    setup(options, seats, rng) -> [event]        the facts that start a match
    decide(state, seat, command, rng) -> [event] raises IllegalCommand / NotYourTurn
    evolve(state, event) -> state                state is None before the first event
    legal_commands(state, seat) -> [command]     empty when the seat is not to act
    to_act(state) -> tuple[seat]                 () when nobody must act
    outcome(state) -> None | {"ranks": [...], "scores": [...], ...}
    view(state, seat|None) -> dict               what that seat (None: spectator) may see
    redact(event, seat|None) -> event            the event as that seat may see it

    For AI opponents, each game may also supply:
    heuristic(state, seat) -> float              how good the state looks for that seat
    sampler(state, seat, rng) -> state           a state consistent with what `seat` sees,
                                                 its hidden parts drawn afresh (determinization)

    Every game declares its `vocabulary` (kit.Vocabulary); its `decide` checks the shape
    of a command against it before any rule (kit.checked_decide).

    For play-by-turn clocks, a game where a seat may pass supplies:
    pass_command(state, seat) -> command | None  the command that passes the seat's turn, or
                                                 None when it cannot pass now; a game without
                                                 it cannot take the `skip` timeout policy

    For multi-battle (matches linked in a battle group), a game may supply:
    departure(logged event) -> None | {"table", ...}  what that event sends to another table
    arrival(state, transfer, rng) -> [event]     what a transfer from another table causes
    destination(command) -> None | table         the table a command would send to (so that
                                                 /legal leaves out tables that cannot take it)

    For the page's move labels, a game may supply:
    costs(state, seat, commands) -> [dict|None]  per legal command of `seat`, what it costs
                                                 or gives in the game's terms (energy, moves,
                                                 Budget points), from what that seat may see;
                                                 /legal sends it beside the commands, and the
                                                 secrecy contract holds it to the same proof
    """

    spec: GameSpec
    setup: Callable[[Mapping[str, Any], int, random.Random], list]
    decide: Callable[[State, Seat, Command, random.Random], list]
    evolve: Callable[[State, Event], State]
    legal_commands: Callable[[State, Seat], list]
    to_act: Callable[[State], tuple]
    outcome: Callable[[State], Optional[dict]]
    view: Callable[[State, Optional[Seat]], dict]
    redact: Callable[[Event, Optional[Seat]], Event]
    # The game's command and event types, declared once (shared/games/kit/vocabulary.py):
    # the shape check, the edge's schema and the event types the fold accepts come from it.
    vocabulary: Any
    heuristic: Optional[Callable[[State, Seat], float]] = None
    sampler: Optional[Callable[[State, Seat, random.Random], State]] = None
    pass_command: Optional[Callable[[State, Seat], Optional[Command]]] = None
    # Multi-battle (linked matches, services/match/wormholes/groups.py): what a logged event sends
    # to another match, if anything ({"table", ...}: its table in the group and the cargo),
    # and the events a transfer from another match causes here (raises IllegalCommand).
    departure: Optional[Callable[[Event], Optional[dict]]] = None
    arrival: Optional[Callable[[State, dict, random.Random], list]] = None
    destination: Optional[Callable[[Command], Optional[int]]] = None
    costs: Optional[Callable[[State, Seat, Sequence[Command]], list]] = None
