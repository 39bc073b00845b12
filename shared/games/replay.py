"""The fold: a match's state at version n is every event up to n, applied in order.

A match log starts with one platform event, `MatchCreated`, that names the game, its seats,
options and clock. Later platform events (timeouts, seats taken over or reclaimed,
resignations, forfeits, an abort, vacations: shared/games/platform.py) are folded by the
platform; every other event is the game's own and is folded by the game's `evolve`. After
each event the platform learns who must act, which starts and ends turns and their clocks.
Replay never calls `decide` and never draws randomness: chance is already in the events.

Every logged event carries the schema version of its data's shape ("schema"; an event
logged before versions were recorded is version 1). The fold hands `evolve` today's shape
only: an older game event is upcast first by the game's vocabulary (kit.Vocabulary.current),
so a log stored before an event's shape changed still replays.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Optional

from shared.games.kit.frozen import replace  # without __init__: run per folded event
from shared.games import platform
from shared.games.api import Game
from shared.games.platform import MATCH_CREATED, PlatformState
from shared.games.registry import get_game


@dataclass(frozen=True)
class MatchState:
    """A match as folded from its log: platform facts plus the game's own state."""

    match_id: str
    game: str
    seats: tuple
    options: dict
    clock: Optional[dict]
    created_at: Optional[str]
    version: int
    game_state: Any
    platform: PlatformState

    @property
    def engine(self) -> Game:
        return get_game(self.game)

    def _engine_outcome(self) -> Optional[dict]:
        return None if self.game_state is None else self.engine.outcome(self.game_state)

    @property
    def status(self) -> str:
        """"invited" (waiting for invited players to accept), "active", "finished" (by
        play, resignation or forfeit), "aborted" or "declined" (an invitation refused)."""
        return platform.status(self.platform, self._engine_outcome())

    @property
    def outcome(self) -> Optional[dict]:
        """The engine's outcome, or the platform's when a resignation, forfeit or abort
        decided the match; marked with `decided_by` and `bot_played`."""
        return platform.outcome(self.platform, self._engine_outcome())

    def standing(self) -> tuple:
        """(status, outcome), the engine asked for its outcome once."""
        engine_outcome = self._engine_outcome()
        return (platform.status(self.platform, engine_outcome),
                platform.outcome(self.platform, engine_outcome))

    def to_act(self) -> tuple:
        """Who must act now; nobody once the match is not active."""
        if self.game_state is None or platform.ended(self.platform):
            return ()
        return tuple(self.engine.to_act(self.game_state))

    def controller(self, seat: int) -> dict:
        """Who plays `seat` now: {player_id, name}, or {bot, level} (seated or standing in)."""
        return platform.controller(self.platform, seat)

    def deadlines(self) -> tuple:
        """Per seat, when its player's time to act runs out (epoch seconds) or None."""
        return platform.deadlines(self.platform)


def match_created(match_id: str, game: str, seats: list, options: dict,
                  clock: Optional[dict] = None, setup: Optional[int] = None,
                  invited: Optional[list] = None) -> dict:
    """The first event of every match log; `setup` counts the game events that set the
    match up (so the platform knows when the first move is made). `invited` lists the seats
    whose player must accept first: then the setup follows the last acceptance, not this."""
    data = {"match_id": match_id, "game": game, "seats": list(seats),
            "options": dict(options), "clock": clock}
    if setup is not None:
        data["setup"] = setup
    if invited:
        data["invited"] = sorted(invited)
    return {"type": MATCH_CREATED, "data": data}


def stamped(game: Game, events: Iterable[dict]) -> list:
    """`events` as they are to be logged: each with its schema version as the game's
    vocabulary declares it now (platform events: 1)."""
    vocabulary = game.vocabulary
    return [{**event, "schema": vocabulary.schema_version(event["type"])
             if vocabulary.accepts(event["type"]) else 1}
            for event in events]


def current(game: Game, event: dict) -> dict:
    """A logged game event (of a type the game declares) in today's shape: upcast from
    its stored schema version."""
    return game.vocabulary.current(event, event.get("schema"))


def apply(state: Optional[MatchState], event: dict) -> MatchState:
    """Fold one logged event (with or without its envelope fields) into the match state."""
    if state is None:
        if event["type"] != MATCH_CREATED:
            raise ValueError(f"a match log must start with {MATCH_CREATED}, not {event['type']}")
        data = event["data"]
        return MatchState(match_id=data["match_id"], game=data["game"],
                          seats=tuple(data["seats"]), options=dict(data["options"]),
                          clock=data.get("clock"), created_at=event.get("at"),
                          version=1, game_state=None,
                          platform=platform.created(data, event.get("at")))
    version = state.version + 1
    game_state, facts = state.game_state, state.platform
    if platform.is_platform(event["type"]):
        facts = platform.evolve(facts, event, version)
    else:
        _check_declared(state.engine, event)
        game_state = state.engine.evolve(state.game_state, current(state.engine, event))
        facts = platform.game_event(facts, event, version)
    after = replace(state, version=version, game_state=game_state, platform=facts)
    return replace(after, platform=platform.turns(facts, after.to_act(), version))


def _check_declared(engine: Game, event: dict) -> None:
    """A game folds only the event types its vocabulary declares: anything else is a log
    this game could not have written (ValueError, before its evolve sees it)."""
    if not engine.vocabulary.accepts(event["type"]):
        raise ValueError(f"unknown event type {event['type']!r}: {engine.spec.title} "
                         "declares no such event, so this log was not written by it")


def fold(events: Iterable[dict], start: Optional[MatchState] = None,
         upto: Optional[int] = None) -> Optional[MatchState]:
    """Rebuild the match after `upto` events (all when None), optionally from a snapshot."""
    state = start
    for event in events:
        if upto is not None and state is not None and state.version >= upto:
            break
        state = apply(state, event)
    return state
