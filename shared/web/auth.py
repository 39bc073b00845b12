"""Bearer tokens: a player id signed with the shared secret (itsdangerous), one salt, so a
token the match service issues works on every service.

A request without a token is a spectator; a token that is present must be valid, so a
forged or mangled token is a 401 rather than a silent downgrade to spectator.
"""
from __future__ import annotations

from typing import Optional

from flask import request
from itsdangerous import BadSignature, URLSafeSerializer

from shared.web.errors import Unauthenticated

SALT = "orrery-player-token"


class Tokens:
    """Issues and reads the tokens that name a player.

    A token's signature is checked once per process: the player a valid token names never
    changes, so it is kept (a bounded number of them); invalid tokens are never kept."""

    KEPT = 10_000

    def __init__(self, secret: str):
        self._serializer = URLSafeSerializer(secret, salt=SALT)
        self._valid: dict = {}

    def issue(self, player_id: str) -> str:
        """A token that names `player_id`."""
        return self._serializer.dumps(player_id)

    def player_of(self, token: str) -> str:
        """The player a token names; raise Unauthenticated if it is not one of ours."""
        player_id = self._valid.get(token)
        if player_id is not None:
            return player_id
        try:
            player_id = self._serializer.loads(token)
        except BadSignature:
            raise Unauthenticated("The bearer token is not valid.") from None
        if not isinstance(player_id, str):
            raise Unauthenticated("The bearer token is not valid.")
        if len(self._valid) >= self.KEPT:
            self._valid.clear()  # rare; a kept token is only a saved signature check
        self._valid[token] = player_id
        return player_id


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
