"""Notifications: what a player is told when it becomes their turn, or a match ends.

Each goes to the player's feed (a capped stream read by GET /v1/players/me/live) and, for
every webhook the player registered, to a Celery delivery task (never in the path of a
move: the projection task enqueues it after the move was appended and announced).
A webhook body is signed with HMAC-SHA256 under the player's secret:
`X-Orrery-Signature: sha256=<hex of hmac(secret, body)>`.
"""
from __future__ import annotations

import json
import time
import uuid

from shared.notifications import SIGNATURE_HEADER, sign, webhook_secret  # noqa: F401

FEED_MAXLEN = 1000


def your_turn(entry) -> dict:
    return {"type": "your_turn", **entry.data}


def match_over(state, player_id: str) -> dict:
    seats = [i for i, s in enumerate(state.seats) if s.get("player_id") == player_id]
    return {"type": "match_over", "match_id": state.match_id, "game": state.game,
            "version": state.version, "status": state.status, "seats": seats,
            "outcome": state.outcome}


def publish(redis, keys, player_id: str, note: dict) -> list:
    """Add the note to the player's feed; return the webhook deliveries to enqueue as
    (url, body) pairs — each body carries a delivery id so a receiver can drop repeats."""
    note = {**note, "delivery_id": uuid.uuid4().hex, "sent_at": time.time()}
    text = json.dumps(note, separators=(",", ":"))
    redis.xadd(keys.player_feed(player_id), {"m": text}, maxlen=FEED_MAXLEN, approximate=True)
    if note["type"] != "your_turn":
        return []
    urls = redis.hkeys(keys.player_webhooks(player_id))
    return [(url.decode(), text) for url in urls]
