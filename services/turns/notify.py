"""Notifications: what a player is told when it becomes their turn, or a match ends.

Each goes to the player's feed (a capped stream read by GET /v1/players/me/live: written by
the projection, services/turns/projection.py, in the same script as the turn) and, for
every webhook the player registered, to a Celery delivery task (never in the path of a
move: the turns dispatcher enqueues it after the move was appended and announced).
A webhook body is signed with HMAC-SHA256 under that webhook's own secret:
`X-Orrery-Signature: sha256=<hex of hmac(secret, body)>`.
"""
from __future__ import annotations

import json
import time
import uuid

from shared.messages.notifications import SIGNATURE_HEADER, sign  # noqa: F401

FEED_MAXLEN = 1000


def your_turn(entry) -> dict:
    return {"type": "your_turn", **entry.data}


def match_over(announced: dict, player_id: str) -> dict:
    seats = [s["seat"] for s in announced["seats"] if s.get("player_id") == player_id]
    return {"type": "match_over", "match_id": announced["match_id"], "game": announced["game"],
            "version": announced["version"], "status": announced["status"], "seats": seats,
            "outcome": announced.get("outcome")}


def text(note: dict) -> str:
    """A note as stored in the feed and sent to webhooks: with a delivery id (so a receiver
    can drop repeats) and the time it was sent."""
    return json.dumps({**note, "delivery_id": uuid.uuid4().hex, "sent_at": time.time()},
                      separators=(",", ":"))
