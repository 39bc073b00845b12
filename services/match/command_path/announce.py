"""Announcing a match's progress on the bus, for bots, clocks and projections.

Every announcement goes to "matches" (the turns dispatcher projects each one); the same
message also goes to "bot-matches" when a bot plays a seat (the bot dispatcher) and to
"finished-matches" once the match is over (matchmaking), in one round trip, so those
consumers spend nothing on the appends that are none of their business. A command's
announcement goes with its append, in the append script's round trip, on one Redis
(`outgoing`, given to EventLog.write); a cluster publishes it after the append.
"""
from __future__ import annotations

from shared.messages.announcements import announcement
from shared.eventlog import Bus
from shared.eventlog.bus import Outgoing
from shared.games.replay import MatchState
from shared.schemas.bus import BOT_MATCHES, FINISHED_MATCHES, MATCHES

__all__ = ["announce", "announcement", "outgoing", "topics_of"]


def topics_of(announced: dict) -> list:
    """The topics an announcement goes to."""
    topics = [MATCHES]
    if any(seat.get("bot") for seat in announced["seats"]):
        topics.append(BOT_MATCHES)
    if announced["status"] == "finished":
        topics.append(FINISHED_MATCHES)
    return topics


def outgoing(bus: Bus, state: MatchState) -> Outgoing:
    """The match's standing as a bus message, keyed by match so it stays ordered on each
    topic, not sent yet."""
    announced = announcement(state)
    return bus.outgoing(topics_of(announced), announced, key=state.match_id)


def announce(bus: Bus, state: MatchState) -> None:
    """Publish the match's standing now."""
    bus.send(outgoing(bus, state))
