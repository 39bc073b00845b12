"""A finished match's result, read from its log alone (pure: events in, result out).

Ratings and reliability are derived from these results only, so rebuilding them from the
match logs gives the same standings as keeping them up to date from the bus.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from shared.games.replay import MATCH_CREATED, fold

# Event types that show a player failing their seat (shared/games/platform.py): a missed
# turn, and a seat handed to a bot after a timeout (SeatAbandoned is not written today).
TIMEOUT_EVENTS = frozenset({"TurnTimedOut"})
ABANDON_EVENTS = frozenset({"SeatTakenOver", "SeatAbandoned"})
RANKED = "ranked"


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished match: who sat there and how they did."""

    player_id: Optional[str]     # None for a bot
    name: Optional[str]
    rank: int
    timeouts: int = 0
    abandons: int = 0


@dataclass(frozen=True)
class MatchResult:
    """What ratings need of a finished match."""

    match_id: str
    game: str
    mode: str                    # "ranked" | "casual" ("casual" when not from matchmaking)
    finished_at: str             # the time of the log's last event (ISO 8601, UTC)
    seats: tuple

    @property
    def order_key(self) -> str:
        """Results are applied in this order, live and when rebuilding."""
        return f"{self.finished_at}|{self.match_id}"

    @property
    def humans(self) -> tuple:
        return tuple(seat for seat in self.seats if seat.player_id is not None)

    @property
    def rated(self) -> bool:
        """Ranked matches between two or more different people (each in one seat) count."""
        players = [seat.player_id for seat in self.humans]
        return self.mode == RANKED and len(players) >= 2 and len(set(players)) == len(players)


def mode_of(created: dict) -> str:
    """The matchmaking mode a MatchCreated event records ("casual" when none)."""
    provenance = created["data"].get("matchmaking") or {}
    return provenance.get("mode") if provenance.get("mode") == RANKED else "casual"


def _faults(events: Sequence[dict], seats: int, kinds: frozenset) -> list:
    counts = [0] * seats
    for event in events:
        seat = event["data"].get("seat") if isinstance(event.get("data"), dict) else None
        if event["type"] in kinds and isinstance(seat, int) and 0 <= seat < seats:
            counts[seat] += 1
    return counts


def result_of(events: Sequence[dict]) -> Optional[MatchResult]:
    """The result of the match whose whole log is `events`; None unless it is finished."""
    if not events or events[0]["type"] != MATCH_CREATED:
        return None
    state = fold(events)
    if state.status != "finished":  # still going, or aborted (an aborted match rates nobody)
        return None
    outcome = state.outcome  # the engine's, or decided by resignation or forfeit

    n = len(state.seats)
    timeouts = _faults(events, n, TIMEOUT_EVENTS)
    abandons = _faults(events, n, ABANDON_EVENTS)
    seats = tuple(SeatResult(player_id=seat.get("player_id"), name=seat.get("name"),
                             rank=int(outcome["ranks"][i]), timeouts=timeouts[i],
                             abandons=abandons[i])
                  for i, seat in enumerate(state.seats))
    return MatchResult(match_id=state.match_id, game=state.game, mode=mode_of(events[0]),
                       finished_at=events[-1].get("at") or "", seats=seats)
