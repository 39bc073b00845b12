"""Deciding by evolving as you go: the events one command causes, each folded at once.

A rule that causes several facts often needs the state *after* the first to decide the
next (a move that reveals a tile, then a fight on it). `Transaction` keeps the events of one
command and the state they lead to, so the deciding code reads `tx.state` and never folds by
hand; `decide` returns `tx.events`.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from shared.games.kit.vocabulary import EventType


class Transaction:
    """The events caused by one command so far, and the state they lead to."""

    def __init__(self, state: Any, rng: random.Random, evolve: Callable[[Any, dict], Any]):
        self.state, self.rng, self.events = state, rng, []
        self._evolve = evolve

    def emit(self, event_type: EventType, /, **data) -> dict:
        """Record one event of `event_type` and fold it into `state`."""
        return self.record(event_type(**data))

    def record(self, event: dict) -> dict:
        """Record an event already built (by a constructor with a signature of its own)."""
        self.events.append(event)
        self.state = self._evolve(self.state, event)
        return event
