"""A player's webhooks: each owned by the token that registered it, each with a signing
secret of its own, shown once (at registration).

Stored in the player's webhooks hash (`Keys.player_webhooks`, on the player's hash slot
beside the player's hash): webhook id -> JSON {"url", "secret", "generation",
"created_at"}, `generation` being the registering token's. A registration is one script
that checks that token's generation is still the player's, so a registration racing a
revocation cannot outlive it; revoking tokens (shared/web/auth.py) deletes the hash in the
script that moves the generation on, so what the revoked tokens made goes with them.
"""
from __future__ import annotations

import json
import secrets
import time
import uuid
from dataclasses import dataclass
from typing import Optional

MAX_WEBHOOKS = 5

# KEYS: player hash, webhooks hash. ARGV: generation field, the registering token's
# generation, the new id, its url, its record (JSON), the most a player may hold.
# A registration of a URL already registered replaces it (and its secret).
_REGISTER = """
local current = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if current ~= tonumber(ARGV[2]) then return 'revoked' end
local held = redis.call('HGETALL', KEYS[2])
local count = 0
for i = 1, #held, 2 do
  local ok, hook = pcall(cjson.decode, held[i + 1])
  if not ok or type(hook) ~= 'table' or hook['url'] == ARGV[4] then
    redis.call('HDEL', KEYS[2], held[i])  -- replaced, or of the old url -> time format
  else
    count = count + 1
  end
end
if count >= tonumber(ARGV[6]) then return 'full' end
redis.call('HSET', KEYS[2], ARGV[3], ARGV[5])
return 'ok'
"""


@dataclass(frozen=True)
class Webhook:
    webhook_id: str
    url: str
    secret: str
    generation: int
    created_at: float

    def shown(self) -> dict:
        """What a listing shows: never the secret."""
        return {"webhook_id": self.webhook_id, "url": self.url, "created_at": self.created_at}


class Revoked(Exception):
    """The registering token was revoked meanwhile."""


class TooMany(Exception):
    """The player holds MAX_WEBHOOKS already."""


def _record(webhook_id, raw) -> Optional[Webhook]:
    """The stored webhook; None when absent, or kept in the format before webhooks had ids
    and secrets of their own (url -> time: never delivered, dropped at the next
    registration)."""
    if raw is None:
        return None
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    return Webhook(webhook_id=webhook_id.decode() if isinstance(webhook_id, bytes) else webhook_id,
                   url=data["url"], secret=data["secret"], generation=int(data["generation"]),
                   created_at=float(data["created_at"]))


def register(redis, keys, player_id: str, url: str, generation: int,
             generation_field: str) -> Webhook:
    """Register `url` for the player, owned by a token of `generation`; raise Revoked or
    TooMany."""
    hook = Webhook(webhook_id=uuid.uuid4().hex, url=url, secret=secrets.token_urlsafe(32),
                   generation=generation, created_at=time.time())
    record = json.dumps({"url": url, "secret": hook.secret, "generation": generation,
                         "created_at": hook.created_at}, separators=(",", ":"))
    answer = redis.register_script(_REGISTER)(
        keys=[keys.player(player_id), keys.player_webhooks(player_id)],
        args=[generation_field, generation, hook.webhook_id, url, record, MAX_WEBHOOKS])
    answer = answer.decode() if isinstance(answer, bytes) else answer
    if answer == "revoked":
        raise Revoked()
    if answer == "full":
        raise TooMany()
    return hook


def listed(redis, keys, player_id: str) -> list:
    """The player's webhooks, oldest first."""
    held = redis.hgetall(keys.player_webhooks(player_id))
    found = (_record(i, raw) for i, raw in held.items())
    return sorted((hook for hook in found if hook is not None), key=lambda h: h.created_at)


def get(redis, keys, player_id: str, webhook_id: str) -> Optional[Webhook]:
    return _record(webhook_id, redis.hget(keys.player_webhooks(player_id), webhook_id))


def remove(redis, keys, player_id: str, webhook_id: str) -> bool:
    """Remove one webhook; False when the player has none of that id."""
    return bool(redis.hdel(keys.player_webhooks(player_id), webhook_id))
