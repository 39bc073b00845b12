"""What a seat may see of a logged event: the one gate every outgoing event passes."""
from __future__ import annotations

from typing import Iterable, Optional

from shared.games import platform
from shared.games.replay import MatchState


def redact(state: MatchState, event: dict, seat: Optional[int],
           finished: Optional[bool] = None) -> dict:
    """`event` ({v, type, schema, data, at}) as `seat` (None: spectator) may see it now.

    `state` is the match as it is now: once it is finished every event is public. Platform
    events (MatchCreated, timeouts, resignations, ...) hold nothing hidden. The cause a
    batch records (a seat's command) is never shown here: a command may name what only its
    seat sees (a card in hand); the whole log, causes included, is public once the match is
    over (GET /log). `finished`: state.status == "finished", when the caller knows it.
    """
    if "cause" in event:
        event = {key: value for key, value in event.items() if key != "cause"}
    if finished is None:
        finished = state.status == "finished"
    if platform.is_platform(event["type"]) or finished:
        return event
    seen = state.engine.redact({"type": event["type"], "data": event["data"]}, seat)
    return {**event, "type": seen["type"], "data": seen["data"]}


def redact_all(state: MatchState, events: Iterable[dict], seat: Optional[int]) -> list:
    """Every event of `events`, redacted for `seat` (the match's status asked once)."""
    finished = state.status == "finished"
    return [redact(state, event, seat, finished) for event in events]
