"""Live updates: a match's events as Server-Sent Events, as they are appended.

The stream waits for its match's log to grow through the process's live hub (one blocking
XREAD per process and Redis node for every stream: live_hub.py; no polling) and reads what
is new itself, from its own last version, sends a comment as a heartbeat so proxies keep
the connection (and a client that went away is found out when the write fails), and ends
when the match is over and everything is sent, after `idle_seconds` with nothing to send,
or after `max_seconds`, so a connection is never held forever (EventSource clients
reconnect with Last-Event-ID and lose nothing). A stream opened with a token also ends
within a second of that token's revocation: it waits at most `check_seconds` at a time and
asks whether the token still stands (one read of the player's generation per process and
0.4 s, shared/web/auth.py).
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Callable, Iterator, Optional

from services.match.redaction import redact
from shared.web.auth import STREAM_CHECK_SECONDS

BATCH = 200


@dataclass(frozen=True)
class Limits:
    """How long a stream may live, and what it waits with."""

    max_seconds: float        # a stream ends after this, whatever happens
    heartbeat_seconds: float  # a comment is sent after this long without a message
    idle_seconds: float       # a stream ends after this long without a message
    hub: object               # the process's LiveHub (live_hub.py): what the stream waits on
    on_heartbeat: Callable[[], None] = lambda: None  # renews the stream's slot
    # A stream opened with a token ends once the token is revoked: between waits of at most
    # `check_seconds` it asks `still_valid` (None: a spectator's stream, nothing to check).
    still_valid: Optional[Callable[[], bool]] = None
    check_seconds: float = STREAM_CHECK_SECONDS

    def wait_seconds(self, remaining: float, since_beat: float) -> float:
        """How long the next blocking read may last: until the stream's end, its next
        heartbeat, or (opened with a token) its next check of that token."""
        wait = min(remaining, max(0.0, self.heartbeat_seconds - since_beat))
        return wait if self.still_valid is None else min(wait, self.check_seconds)

    def revoked(self) -> bool:
        return self.still_valid is not None and not self.still_valid()


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
    with limits.hub.subscribe(ctx.keys.events(match_id)) as followed:
        yield from _stream(ctx, match_id, seat, after, limits, followed)


def _stream(ctx, match_id, seat, after, limits, followed) -> Iterator[str]:
    started = last_sent = last_beat = time.monotonic()
    cursor = after
    look = True  # read the log: at the start, when woken, and at each heartbeat
    yield "retry: 2000\n\n"
    while True:
        if limits.revoked():
            return
        if look:
            state = ctx.store.load(match_id)
            events = ctx.log.read(match_id, from_version=cursor, limit=BATCH)
            for event in events:
                # `state` may be older than `event`: it only ever redacts more, never less.
                yield message(redact(state, event, seat))
                cursor = event["v"]
            if events:
                last_sent = last_beat = time.monotonic()
                continue
            if state.status != "active" and cursor >= state.version:
                return
        now = time.monotonic()
        remaining = _ends(limits, started, last_sent) - now
        if remaining <= 0:
            return
        # Log entries have ids "<version>-1": an entry after "<cursor>-1" is a new version.
        look = followed.wait(f"{cursor}-1", limits.wait_seconds(remaining, now - last_beat))
        if not look and time.monotonic() - last_beat >= limits.heartbeat_seconds:
            limits.on_heartbeat()
            last_beat = time.monotonic()
            look = True  # a wake-up the hub missed costs a heartbeat's wait at most
            yield ": heartbeat\n\n"


def feed_message(entry_id: str, note: dict) -> str:
    """One SSE message of a player's feed: its id is the feed entry's id."""
    data = json.dumps(note, separators=(",", ":"))
    return f"id: {entry_id}\nevent: {note.get('type', 'notification')}\ndata: {data}\n\n"


def player_feed(ctx, player_id: str, after: Optional[str], limits: Limits) -> Iterator[str]:
    """The player's notifications ("your turn", "match over") after feed entry `after`
    (from now on when None), as they come: waits through the live hub (at most
    `check_seconds` at a time, to see the token's revocation), no polling of the feed."""
    key = ctx.keys.player_feed(player_id)
    with limits.hub.subscribe(key) as followed:
        yield from _feed(ctx, key, after or _newest(ctx.redis, key), limits, followed)


def _newest(redis, key: str) -> str:
    """The feed's last entry id ("0-0" when empty): where a stream "from now on" starts."""
    newest = redis.xrevrange(key, count=1)
    if not newest:
        return "0-0"
    entry_id = newest[0][0]
    return entry_id.decode() if isinstance(entry_id, bytes) else entry_id


def _feed(ctx, key: str, cursor: str, limits: Limits, followed) -> Iterator[str]:
    started = last_sent = last_beat = time.monotonic()
    look = True  # read the feed: at the start, when woken, and at each heartbeat
    yield "retry: 2000\n\n"
    while True:
        if limits.revoked():
            return
        now = time.monotonic()
        remaining = _ends(limits, started, last_sent) - now
        if remaining <= 0:
            return
        # What is new, not blocking: XRANGE from `cursor` exclusive (Redis 6.2), which a
        # cluster client routes by its key (its XREAD asks a node for the keys first).
        entries = ctx.redis.xrange(key, min=f"({cursor}", count=BATCH) if look else []
        if entries:
            last_sent = last_beat = time.monotonic()
            for entry_id, fields in entries:
                cursor = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
                yield feed_message(cursor, json.loads(fields[b"m"]))
            continue
        look = followed.wait(cursor, limits.wait_seconds(remaining, now - last_beat))
        if not look and time.monotonic() - last_beat >= limits.heartbeat_seconds:
            limits.on_heartbeat()
            last_beat = time.monotonic()
            look = True  # a wake-up the hub missed costs a heartbeat's wait at most
            yield ": heartbeat\n\n"
