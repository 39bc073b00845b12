"""The announcement: where a match stands after an append, as published on topic "matches".

Every consumer of the topic acts on the announcement alone, without re-reading the log: the
bot dispatcher (which bot seat must act), the turns dispatcher (the "your turn" projection:
who must act, each seat's deadline and the version its turn began) and matchmaking (which
match finished). The match service builds it from the state it just folded; the turns
rebuild builds the same message from a log, so live and rebuilt projections agree.
Its shape is MatchAnnouncementSchema (shared/schemas/bus.py); it is built here as a plain
dict because this runs on every append and the data is the service's own (a test checks
that it validates against the schema).
"""
from __future__ import annotations

from shared.games import platform
from shared.games.replay import MatchState


def _seat(state: MatchState, index: int, deadline) -> dict:
    """A seat as announced: its player, the bot that plays it now if one does (a seated bot,
    or one standing in for a player who timed out or left: then `taken_over`), whether it is
    out, when its time runs out and the version its current turn began."""
    facts = state.platform
    seated, now = state.seats[index], platform.controller(facts, index)
    seat = {"seat": index, "player_id": seated.get("player_id"), "bot": now.get("bot"),
            "level": now.get("level"), "out": facts.out[index], "deadline": deadline,
            "turn_began_at_version": facts.since[index] if facts.since else None}
    if seated.get("player_id") is not None and now.get("bot"):
        seat["taken_over"] = True
    return seat


def announcement(state: MatchState) -> dict:
    """The message that says where `state`'s match stands now."""
    deadlines = state.deadlines()
    status, outcome = state.standing()
    return {"match_id": state.match_id, "game": state.game, "version": state.version,
            "to_act": list(state.to_act()), "status": status,
            "created_at": state.platform.created_at,
            "seats": [_seat(state, i, deadlines[i]) for i in range(len(state.seats))],
            "outcome": outcome}
