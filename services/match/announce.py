"""Announcing a match's progress on the bus, for bots, clocks and projections.

Every announcement goes to "matches" (the turns dispatcher projects each one); the same
message also goes to "bot-matches" when a bot plays a seat (the bot dispatcher) and to
"finished-matches" once the match is over (matchmaking), in one round trip, so those
consumers spend nothing on the appends that are none of their business.
"""
from __future__ import annotations

from shared.announcements import announcement
from shared.eventlog import Bus
from shared.games.replay import MatchState
from shared.schemas.bus import BOT_MATCHES, FINISHED_MATCHES, MATCHES

__all__ = ["announce", "announcement", "topics_of"]


def topics_of(announced: dict) -> list:
    """The topics an announcement goes to."""
    topics = [MATCHES]
    if any(seat.get("bot") for seat in announced["seats"]):
        topics.append(BOT_MATCHES)
    if announced["status"] == "finished":
        topics.append(FINISHED_MATCHES)
    return topics


def announce(bus: Bus, state: MatchState) -> None:
    """Publish the match's standing, keyed by match so it stays ordered on each topic."""
    announced = announcement(state)
    bus.publish_all(topics_of(announced), announced, key=state.match_id)
