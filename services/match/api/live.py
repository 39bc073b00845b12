"""Live updates: a match's events as Server-Sent Events, as they are appended.

The stream blocks on XREAD of the match's own stream (no polling) over the stream's own
Redis connection (`Limits.waiter`, closed with the stream: live_slots.py), sends a comment
as a heartbeat so proxies keep the connection (and a client that went away is found out
when the write fails), and ends when the match is over and everything is sent, after
`idle_seconds` with nothing to send, or after `max_seconds`, so a connection is never held
forever (EventSource clients reconnect with Last-Event-ID and lose nothing).
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Callable, Iterator, Optional

from services.match.redaction import redact

BATCH = 200


@dataclass(frozen=True)
class Limits:
    """How long a stream may live, and what it waits with."""

    max_seconds: float        # a stream ends after this, whatever happens
    heartbeat_seconds: float  # a comment is sent after this long without a message
    idle_seconds: float       # a stream ends after this long without a message
    waiter: object            # the Redis client the stream blocks on (its own connection)
    on_heartbeat: Callable[[], None] = lambda: None  # renews the stream's slot


def _ends(limits: Limits, started: float, last_sent: float) -> float:
    """When the stream must end: its limit, or its idle timeout from the last message."""
    return min(started + limits.max_seconds, last_sent + limits.idle_seconds)


def message(event: dict) -> str:
    """One SSE message: its id is the event's version."""
    data = json.dumps(event, separators=(",", ":"))
    return f"id: {event['v']}\nevent: {event['type']}\ndata: {data}\n\n"


def stream(ctx, match_id: str, seat: Optional[int], after: int,
           limits: Limits) -> Iterator[str]:
    """Every event after version `after`, redacted for `seat`, then new ones as they come."""
    started = last_sent = time.monotonic()
    cursor = after
    yield "retry: 2000\n\n"
    while True:
        state = ctx.store.load(match_id)
        events = ctx.log.read(match_id, from_version=cursor, limit=BATCH)
        for event in events:
            # `state` may be older than `event`: it only ever redacts more, never less.
            yield message(redact(state, event, seat))
            cursor = event["v"]
        if events:
            last_sent = time.monotonic()
            continue
        if state.status != "active" and cursor >= state.version:
            return
        remaining = _ends(limits, started, last_sent) - time.monotonic()
        if remaining <= 0:
            return
        if not _wait(ctx, limits.waiter, match_id, cursor,
                     min(limits.heartbeat_seconds, remaining)):
            limits.on_heartbeat()
            yield ": heartbeat\n\n"


def _wait(ctx, waiter, match_id: str, cursor: int, seconds: float) -> bool:
    """Block until the log grows past `cursor` or `seconds` pass; True when it grew."""
    # Log entries have ids "<version>-1", so reading after "<cursor>-1" is the next version.
    reply = waiter.xread({ctx.keys.events(match_id): f"{cursor}-1"}, count=1,
                         block=max(1, int(seconds * 1000)))
    return bool(reply)


def feed_message(entry_id: str, note: dict) -> str:
    """One SSE message of a player's feed: its id is the feed entry's id."""
    data = json.dumps(note, separators=(",", ":"))
    return f"id: {entry_id}\nevent: {note.get('type', 'notification')}\ndata: {data}\n\n"


def player_feed(ctx, player_id: str, after: Optional[str], limits: Limits) -> Iterator[str]:
    """The player's notifications ("your turn", "match over") after feed entry `after`
    (from now on when None), as they come: one blocking XREAD per wait, no polling."""
    started = last_sent = time.monotonic()
    key = ctx.keys.player_feed(player_id)
    cursor = after or "$"
    yield "retry: 2000\n\n"
    while True:
        remaining = _ends(limits, started, last_sent) - time.monotonic()
        if remaining <= 0:
            return
        reply = limits.waiter.xread({key: cursor}, count=BATCH, block=max(
            1, int(min(limits.heartbeat_seconds, remaining) * 1000)))
        if not reply:
            limits.on_heartbeat()
            yield ": heartbeat\n\n"
            continue
        last_sent = time.monotonic()
        for entry_id, fields in reply[0][1]:
            cursor = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
            yield feed_message(cursor, json.loads(fields[b"m"]))
