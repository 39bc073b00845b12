"""Bearer tokens: a player id, the token's generation and its issue time, signed with the
shared secret (itsdangerous, one salt), so a token the match service issues works on every
service.

Revoking a player's tokens (DELETE /v1/players/me/tokens) moves the player's token
generation on: every token of an older generation stops working, on every service, because
the generation is read from Redis (the player's hash). A process keeps what it read for
`GENERATION_TTL` seconds, so a revocation reaches other processes within that time.

What a token made lives only as long as the token: revoking moves the generation on and
deletes the player's webhooks in one script (a webhook names the generation of the token
that registered it: shared/messages/webhooks.py), and a live stream opened with a token
ends within a second of its revocation (`still_valid`, services/match/api/live.py). A
revocation or rotation is itself made with a token, and only with one still valid at that
moment (checked in the same script), so of several racing rotations with one token exactly
one wins, and a leaked token cannot revoke the token its owner just rotated to.

A request without a token is a spectator; a token that is present must be valid, so a
forged, mangled or revoked token is a 401 rather than a silent downgrade to spectator.
"""
from __future__ import annotations

import time
from threading import Lock
from typing import Optional

from flask import request
from itsdangerous import BadSignature, URLSafeSerializer

from shared.config import DEVELOPMENT_SECRET
from shared.web.errors import Unauthenticated

SALT = "orrery-player-token"
GENERATION_FIELD = "token_generation"
GENERATION_TTL = 1.0
MIN_SECRET_LENGTH = 16
_KNOWN_WEAK = frozenset({"change-me", "changeme", "secret", "orrery-development-secret"})


class MissingSecret(RuntimeError):
    """The service would sign tokens with a secret anyone can know: it must not start."""


def checked_secret(secret: Optional[str]) -> str:
    """`secret`, if it is fit to sign tokens; raise MissingSecret (with what to do) if not."""
    if not secret:
        raise MissingSecret(
            "ORRERY_SECRET is not set: tokens would be signed with a secret anyone can know. "
            "Set ORRERY_SECRET to a long random value (`make run` makes one), or "
            "ORRERY_DEVELOPMENT=1 for a development server no real player uses.")
    if secret != DEVELOPMENT_SECRET and (secret.lower() in _KNOWN_WEAK
                                         or len(secret) < MIN_SECRET_LENGTH):
        raise MissingSecret(f"ORRERY_SECRET is too weak to sign tokens: give at least "
                            f"{MIN_SECRET_LENGTH} random characters.")
    return secret


# KEYS: player hash, player's webhooks hash. ARGV: generation field, the revoking token's
# generation. Moves the generation on and drops what the revoked tokens made; nothing when
# the revoking token was itself revoked meanwhile (returns -1).
_REVOKE = """
local current = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if current ~= tonumber(ARGV[2]) then return -1 end
redis.call('DEL', KEYS[2])
return redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
"""
STREAM_CHECK_SECONDS = 0.4  # how stale a live stream's view of its token may be


class Tokens:
    """Issues, reads and revokes the tokens that name a player.

    A token's signature is checked once per process (what a signed token says never
    changes, so its payload is kept, a bounded number of them; invalid tokens are never
    kept); its generation is checked against the player's on every use."""

    KEPT = 10_000

    def __init__(self, secret: Optional[str], redis, keys):
        # Only a process that serves HTTP needs the secret, and its app checks it before it
        # starts (require_secret); the other processes sharing a context never sign.
        self._serializer = None if not secret else URLSafeSerializer(secret, salt=SALT)
        self._redis = redis
        self._keys = keys
        self._payloads: dict = {}
        self._generations: dict = {}  # player_id -> (generation, read at)
        self._lock = Lock()

    def issue(self, player_id: str) -> str:
        """A token that names `player_id`, of the player's current generation."""
        return self._sign(player_id, self._generation(player_id, fresh=True))

    def revoke(self, player_id: str, by_generation: int) -> int:
        """Every token issued to `player_id` so far stops working, and the webhooks they
        registered are dropped; return the new generation. `by_generation`: the generation
        of the token asking, which must still be valid (Unauthenticated if a racing
        revocation won)."""
        generation = int(self._redis.register_script(_REVOKE)(
            keys=[self._keys.player(player_id), self._keys.player_webhooks(player_id)],
            args=[GENERATION_FIELD, by_generation]))
        if generation < 0:
            raise Unauthenticated("This token was revoked; use a newer one.")
        with self._lock:
            self._generations[player_id] = (generation, time.monotonic())
        return generation

    def rotate(self, player_id: str, by_generation: int) -> str:
        """Revoke every token of the player and issue the one that works from now on."""
        return self._sign(player_id, self.revoke(player_id, by_generation))

    def player_of(self, token: str) -> str:
        """The player a token names; raise Unauthenticated if it is not one of ours, or
        was revoked."""
        return self.identity(token)[0]

    def identity(self, token: str) -> tuple:
        """(player id, generation) of a valid token; raise Unauthenticated if it is not one
        of ours, or was revoked."""
        player_id, generation = self._payload(token)
        if generation != self._generation(player_id):
            raise Unauthenticated("This token was revoked; use a newer one.")
        return player_id, generation

    def still_valid(self, player_id: str, generation: int) -> bool:
        """Whether tokens of `generation` still act for the player, as known at most
        STREAM_CHECK_SECONDS ago (what a live stream checks between its waits)."""
        return self._generation(player_id, max_age=STREAM_CHECK_SECONDS) == generation

    def _signer(self) -> URLSafeSerializer:
        if self._serializer is None:
            checked_secret(None)  # raises, saying what to set
        return self._serializer

    def _sign(self, player_id: str, generation: int) -> str:
        return self._signer().dumps({"p": player_id, "g": generation,
                                       "iat": int(time.time())})

    def _payload(self, token: str) -> tuple:
        known = self._payloads.get(token)
        if known is not None:
            return known
        try:
            payload = self._signer().loads(token)
        except BadSignature:
            raise Unauthenticated("The bearer token is not valid.") from None
        if isinstance(payload, str):  # issued before tokens carried more: generation 0
            known = (payload, 0)
        elif (isinstance(payload, dict) and isinstance(payload.get("p"), str)
              and isinstance(payload.get("g"), int)):
            known = (payload["p"], payload["g"])
        else:
            raise Unauthenticated("The bearer token is not valid.")
        if len(self._payloads) >= self.KEPT:
            self._payloads.clear()  # rare; a kept payload is only a saved signature check
        self._payloads[token] = known
        return known

    def _generation(self, player_id: str, fresh: bool = False,
                    max_age: float = GENERATION_TTL) -> int:
        now = time.monotonic()
        with self._lock:
            kept = self._generations.get(player_id)
        if kept is not None and not fresh and now - kept[1] < max_age:
            return kept[0]
        value = self._redis.hget(self._keys.player(player_id), GENERATION_FIELD)
        generation = int(value) if value is not None else 0
        with self._lock:
            if len(self._generations) >= self.KEPT:
                self._generations.clear()
            self._generations[player_id] = (generation, now)
        return generation


def bearer_token() -> Optional[str]:
    """The request's bearer token, None when it sends none; 401 when the header is malformed."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthenticated("Send the token as 'Authorization: Bearer <token>'.")
    return token.strip()


def current_player(tokens: Tokens) -> Optional[str]:
    """The calling player's id, or None for a spectator."""
    token = bearer_token()
    return None if token is None else tokens.player_of(token)


def current_caller(tokens: Tokens) -> Optional[tuple]:
    """(player id, token generation) of the caller, or None for a spectator."""
    token = bearer_token()
    return None if token is None else tokens.identity(token)


def required_caller(tokens: Tokens) -> tuple:
    """(player id, token generation) of the caller; 401 when the request carries no token."""
    caller = current_caller(tokens)
    if caller is None:
        raise Unauthenticated("This call needs a player token: 'Authorization: Bearer <token>'.")
    return caller


def required_player(tokens: Tokens) -> str:
    """The calling player's id; 401 when the request carries no token."""
    player_id = current_player(tokens)
    if player_id is None:
        raise Unauthenticated("This call needs a player token: 'Authorization: Bearer <token>'.")
    return player_id
