"""Announcing a match's progress on the bus, for bots, clocks and projections."""
from __future__ import annotations

from shared.announcements import announcement
from shared.eventlog import Bus
from shared.games.replay import MatchState
from shared.schemas.bus import MATCHES

__all__ = ["announce", "announcement"]


def announce(bus: Bus, state: MatchState) -> None:
    """Publish the match's standing on topic "matches", keyed by match so it stays ordered."""
    bus.publish(MATCHES, announcement(state), key=state.match_id)
