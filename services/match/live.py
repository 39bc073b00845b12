"""Live updates: a match's events as Server-Sent Events, as they are appended.

The stream blocks on XREAD of the match's own stream (no polling), sends a comment as a
heartbeat so proxies keep the connection, and ends when the match is over and everything
is sent, or after `max_seconds` so a gunicorn thread is never held forever (EventSource
clients reconnect with Last-Event-ID and lose nothing).
"""
from __future__ import annotations

import json
import time
from typing import Iterator, Optional

from services.match.redaction import redact

BATCH = 200


def message(event: dict) -> str:
    """One SSE message: its id is the event's version."""
    data = json.dumps(event, separators=(",", ":"))
    return f"id: {event['v']}\nevent: {event['type']}\ndata: {data}\n\n"


def stream(ctx, match_id: str, seat: Optional[int], after: int, max_seconds: float,
           heartbeat_seconds: float) -> Iterator[str]:
    """Every event after version `after`, redacted for `seat`, then new ones as they come."""
    deadline = time.monotonic() + max_seconds
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
            continue
        if state.status != "active" and cursor >= state.version:
            return
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return
        if not _wait(ctx, match_id, cursor, min(heartbeat_seconds, remaining)):
            yield ": heartbeat\n\n"


def _wait(ctx, match_id: str, cursor: int, seconds: float) -> bool:
    """Block until the log grows past `cursor` or `seconds` pass; True when it grew."""
    # Log entries have ids "<version>-1", so reading after "<cursor>-1" is the next version.
    reply = ctx.redis.xread({ctx.keys.events(match_id): f"{cursor}-1"}, count=1,
                            block=max(1, int(seconds * 1000)))
    return bool(reply)


def feed_message(entry_id: str, note: dict) -> str:
    """One SSE message of a player's feed: its id is the feed entry's id."""
    data = json.dumps(note, separators=(",", ":"))
    return f"id: {entry_id}\nevent: {note.get('type', 'notification')}\ndata: {data}\n\n"


def player_feed(ctx, player_id: str, after: Optional[str], max_seconds: float,
                heartbeat_seconds: float) -> Iterator[str]:
    """The player's notifications ("your turn", "match over") after feed entry `after`
    (from now on when None), as they come: one blocking XREAD per wait, no polling."""
    deadline = time.monotonic() + max_seconds
    key = ctx.keys.player_feed(player_id)
    cursor = after or "$"
    yield "retry: 2000\n\n"
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return
        reply = ctx.redis.xread({key: cursor}, count=BATCH,
                                block=max(1, int(min(heartbeat_seconds, remaining) * 1000)))
        if not reply:
            yield ": heartbeat\n\n"
            continue
        for entry_id, fields in reply[0][1]:
            cursor = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
            yield feed_message(cursor, json.loads(fields[b"m"]))
