"""Bearer tokens: a player id, the token's generation and its issue time, signed with the
shared secret (itsdangerous, one salt), so a token the match service issues works on every
service.

Revoking a player's tokens (DELETE /v1/players/me/tokens) moves the player's token
generation on: every token of an older generation stops working, on every service, because
the generation is read from Redis (the player's hash). A process keeps what it read for
`GENERATION_TTL` seconds, so a revocation reaches other processes within that time.

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

    def revoke(self, player_id: str) -> int:
        """Every token issued to `player_id` so far stops working; return the new generation."""
        generation = int(self._redis.hincrby(self._keys.player(player_id), GENERATION_FIELD, 1))
        with self._lock:
            self._generations[player_id] = (generation, time.monotonic())
        return generation

    def rotate(self, player_id: str) -> str:
        """Revoke every token of the player and issue the one that works from now on."""
        return self._sign(player_id, self.revoke(player_id))

    def player_of(self, token: str) -> str:
        """The player a token names; raise Unauthenticated if it is not one of ours, or
        was revoked."""
        player_id, generation = self._payload(token)
        if generation != self._generation(player_id):
            raise Unauthenticated("This token was revoked; use a newer one.")
        return player_id

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

    def _generation(self, player_id: str, fresh: bool = False) -> int:
        now = time.monotonic()
        with self._lock:
            kept = self._generations.get(player_id)
        if kept is not None and not fresh and now - kept[1] < GENERATION_TTL:
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


def required_player(tokens: Tokens) -> str:
    """The calling player's id; 401 when the request carries no token."""
    player_id = current_player(tokens)
    if player_id is None:
        raise Unauthenticated("This call needs a player token: 'Authorization: Bearer <token>'.")
    return player_id
