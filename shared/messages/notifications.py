"""What the turns service writes and the match service reads about a player's turns:
the "your turn" entries, the feed of notifications and the webhook signature. Key names are
in shared/eventlog/keys.py; this is the format of what is stored under them.

- player_turns hash: match_id -> "<seat>:<since version> <entry JSON>"; player_to_act zset
  orders the same match ids by deadline (or creation time when untimed).
- player_feed stream: entries {"m": <notification JSON>}.
- webhook signature: `X-Orrery-Signature: sha256=<hex HMAC-SHA256(secret, body)>` with the
  webhook's own secret (shared/messages/webhooks.py).
"""
from __future__ import annotations

import hashlib
import hmac
import json

SIGNATURE_HEADER = "X-Orrery-Signature"


def sign(secret: str, body: bytes) -> str:
    """The signature header's value for `body`."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def verify(secret: str, body: bytes, header: str) -> bool:
    """True when `header` signs `body` under `secret` (constant time)."""
    return hmac.compare_digest(sign(secret, body), header or "")


def turn_value(marker: str, entry: dict) -> str:
    return marker + " " + json.dumps(entry, separators=(",", ":"))


def turn_entry(value: bytes) -> dict:
    return json.loads(value.decode().split(" ", 1)[1])


def to_act(redis, keys, player_id: str, limit: int = 200) -> list:
    """The player's matches where they must act, oldest deadline first."""
    members = redis.zrange(keys.player_to_act(player_id), 0, limit - 1)
    if not members:
        return []
    values = redis.hmget(keys.player_turns(player_id), members)
    return [turn_entry(value) for value in values if value is not None]
