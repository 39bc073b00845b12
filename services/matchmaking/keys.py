"""The Redis keys of the matchmaking service, named in one place.

Every key of one pool carries the pool's hash tag and every key of one game's standings the
game's, so the scripts that change them touch one Redis Cluster slot. A ticket id names its
pool (`<pool>~<hex>`), so a ticket's key can be found from its id alone.
"""
from __future__ import annotations

from dataclasses import dataclass

from shared.eventlog import Keys


@dataclass(frozen=True)
class MatchmakingKeys:
    namespace: str = ""

    def __post_init__(self):
        Keys(self.namespace)  # the same namespace rules as every other key

    def _pool(self, pool: str, what: str) -> str:
        return f"{self.namespace}mm:pool:{{{pool}}}:{what}"

    def ratings_due(self) -> str:
        """Sorted set: "<game>|<match_id>" sent to a worker for rating -> when last sent
        (services/matchmaking/due.py)."""
        return f"{self.namespace}mm:ratings:due"

    def ratings_sends(self) -> str:
        """Hash: "<game>|<match_id>" -> how many times it was sent for rating."""
        return f"{self.namespace}mm:ratings:sends"

    def pools(self) -> str:
        """The set of every pool that has had a ticket."""
        return f"{self.namespace}mm:pools"

    def ticket(self, pool: str, ticket_id: str) -> str:
        return self._pool(pool, f"ticket:{ticket_id}")

    def waiting(self, pool: str) -> str:
        """Hash: ticket id -> what pairing needs of it (JSON), for every waiting ticket."""
        return self._pool(pool, "waiting")

    def player_tickets(self, pool: str) -> str:
        """Hash: player id -> their waiting ticket in this pool."""
        return self._pool(pool, "players")

    def outbox(self, pool: str) -> str:
        """Stream of formed groups not yet published on the bus."""
        return self._pool(pool, "outbox")

    def waits(self, pool: str) -> str:
        """List of recent times from ticket to match (seconds), newest first."""
        return self._pool(pool, "waits")

    def lock(self, pool: str) -> str:
        return self._pool(pool, "lock")

    def _game(self, game: str, what: str) -> str:
        return f"{self.namespace}mm:game:{{{game}}}:{what}"

    def standing(self, game: str, player_id: str) -> str:
        return self._game(game, f"standing:{player_id}")

    def leaderboard(self, game: str) -> str:
        """Sorted set: player id -> shown rating."""
        return self._game(game, "leaderboard")

    def results(self, game: str) -> str:
        """Sorted set (all scores 0, so ordered by member): '<finished_at>|<match_id>'."""
        return self._game(game, "results")

    def result(self, game: str, match_id: str) -> str:
        """A finished match's result as applied (JSON): the idempotency key per match."""
        return self._game(game, f"result:{match_id}")

    def standings_lock(self, game: str) -> str:
        return self._game(game, "lock")

    def game_pattern(self, game: str) -> str:
        return self._game(game, "*")

    def rate(self, who: str, window: int) -> str:
        return f"{self.namespace}mm:rate:{who}:{window}"
