"""Announcing a match's progress on the bus, for bots, clocks and projections."""
from __future__ import annotations

from shared.eventlog import Bus
from shared.games import platform
from shared.games.replay import MatchState
from shared.schemas.bus import MATCHES, MatchAnnouncementSchema

_SCHEMA = MatchAnnouncementSchema()


def _seat(state: MatchState, index: int) -> dict:
    """A seat as announced: its player, and the bot that plays it now if one does (a seated
    bot, or one standing in for a player who timed out or left: then `taken_over`)."""
    seated, now = state.seats[index], state.controller(index)
    seat = {"seat": index, "player_id": seated.get("player_id"), "bot": now.get("bot"),
            "level": now.get("level")}
    if seated.get("player_id") is not None and now.get("bot"):
        seat["taken_over"] = True
    return seat


def announcement(state: MatchState) -> dict:
    """The message that says where a match stands now. Deadlines are not in it: consumers
    that need them (services/turns) re-read the log, the one source of truth."""
    return _SCHEMA.dump({
        "match_id": state.match_id, "game": state.game, "version": state.version,
        "to_act": list(state.to_act()), "status": state.status,
        "seats": [_seat(state, i) for i in range(len(state.seats))],
        "outcome": state.outcome})


def announce(bus: Bus, state: MatchState) -> None:
    """Publish the match's standing on topic "matches", keyed by match so it stays ordered."""
    bus.publish(MATCHES, announcement(state), key=state.match_id)
