"""The fold: a match's state at version n is every event up to n, applied in order.

A match log starts with one platform event, `MatchCreated`, that names the game, its seats
and options; every later event is the game's own and is folded by the game's `evolve`.
Replay never calls `decide` and never draws randomness: chance is already in the events.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable, Optional

from shared.games.api import Game
from shared.games.registry import get_game

MATCH_CREATED = "MatchCreated"


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

    @property
    def engine(self) -> Game:
        return get_game(self.game)

    @property
    def status(self) -> str:
        return "finished" if self.engine.outcome(self.game_state) is not None else "active"

    def to_act(self) -> tuple:
        return tuple(self.engine.to_act(self.game_state))


def match_created(match_id: str, game: str, seats: list, options: dict,
                  clock: Optional[dict] = None) -> dict:
    """The first event of every match log."""
    return {"type": MATCH_CREATED, "data": {
        "match_id": match_id, "game": game, "seats": list(seats),
        "options": dict(options), "clock": clock}}


def apply(state: Optional[MatchState], event: dict) -> MatchState:
    """Fold one logged event (with or without its envelope fields) into the match state."""
    if state is None:
        if event["type"] != MATCH_CREATED:
            raise ValueError(f"a match log must start with {MATCH_CREATED}, not {event['type']}")
        data = event["data"]
        return MatchState(match_id=data["match_id"], game=data["game"],
                          seats=tuple(data["seats"]), options=dict(data["options"]),
                          clock=data.get("clock"), created_at=event.get("at"),
                          version=1, game_state=None)
    engine = get_game(state.game)
    return replace(state, version=state.version + 1,
                   game_state=engine.evolve(state.game_state, event))


def fold(events: Iterable[dict], start: Optional[MatchState] = None,
         upto: Optional[int] = None) -> Optional[MatchState]:
    """Rebuild the match after `upto` events (all when None), optionally from a snapshot."""
    state = start
    for event in events:
        if upto is not None and state is not None and state.version >= upto:
            break
        state = apply(state, event)
    return state
