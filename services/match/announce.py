"""Announcing a match's progress on the bus, for bots, clocks and projections."""
from __future__ import annotations

from shared.eventlog import Bus
from shared.games.replay import MatchState
from shared.schemas.bus import MATCHES, MatchAnnouncementSchema

_SCHEMA = MatchAnnouncementSchema()


def _seat(index: int, seat: dict) -> dict:
    return {"seat": index, "player_id": seat.get("player_id"), "bot": seat.get("bot"),
            "level": seat.get("level")}


def announcement(state: MatchState) -> dict:
    """The message that says where a match stands now."""
    return _SCHEMA.dump({
        "match_id": state.match_id, "game": state.game, "version": state.version,
        "to_act": list(state.to_act()), "status": state.status,
        "seats": [_seat(i, seat) for i, seat in enumerate(state.seats)],
        "outcome": state.engine.outcome(state.game_state)})


def announce(bus: Bus, state: MatchState) -> None:
    """Publish the match's standing on topic "matches", keyed by match so it stays ordered."""
    bus.publish(MATCHES, announcement(state), key=state.match_id)
