"""Reading bearer tokens. The match service issues them (services/match/auth.py): a player
id signed with the shared secret and the same salt, so one token works on both services.
(Both copies belong in shared/ once moved there.)"""
from __future__ import annotations

from typing import Optional

from flask import request
from itsdangerous import BadSignature, URLSafeSerializer

from services.matchmaking.errors import Unauthenticated

SALT = "orrery-player-token"


class Tokens:
    def __init__(self, secret: str):
        self._serializer = URLSafeSerializer(secret, salt=SALT)

    def issue(self, player_id: str) -> str:
        """A token naming `player_id` (tests and tools; players get theirs from /v1/players)."""
        return self._serializer.dumps(player_id)

    def player_of(self, token: str) -> str:
        try:
            player_id = self._serializer.loads(token)
        except BadSignature:
            raise Unauthenticated("The bearer token is not valid.") from None
        if not isinstance(player_id, str):
            raise Unauthenticated("The bearer token is not valid.")
        return player_id


def bearer_token() -> Optional[str]:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthenticated("Send the token as 'Authorization: Bearer <token>'.")
    return token.strip()


def required_player(tokens: Tokens) -> str:
    """The calling player's id; 401 without a valid token."""
    token = bearer_token()
    if token is None:
        raise Unauthenticated("This call needs a player token: 'Authorization: Bearer <token>'.")
    return tokens.player_of(token)
