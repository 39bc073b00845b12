"""Every Redis key Orrery uses, named in one place.

All keys of one match carry the same `{match_id}` hash tag so that a match lives on one
Redis Cluster slot and the append script may touch them together. The namespace prefix
keeps test runs (and tenants) apart; it never contains braces.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_NAMESPACE = re.compile(r"^[A-Za-z0-9_.:-]*$")


@dataclass(frozen=True)
class Keys:
    namespace: str = ""

    def __post_init__(self):
        if not _NAMESPACE.match(self.namespace):
            raise ValueError(f"namespace {self.namespace!r} may not contain braces or spaces")

    def _match(self, match_id: str, what: str) -> str:
        return f"{self.namespace}match:{{{match_id}}}:{what}"

    def events(self, match_id: str) -> str:
        return self._match(match_id, "events")

    def command_results(self, match_id: str) -> str:
        return self._match(match_id, "commands")

    def meta(self, match_id: str) -> str:
        return self._match(match_id, "meta")

    def snapshot(self, match_id: str) -> str:
        return self._match(match_id, "snapshot")

    def bus(self, topic: str, partition: int) -> str:
        return f"{self.namespace}orrery:bus:{topic}:{partition}"

    def player(self, player_id: str) -> str:
        return f"{self.namespace}player:{{{player_id}}}"

    def player_matches(self, player_id: str) -> str:
        return f"{self.namespace}player:{{{player_id}}}:matches"

    def rate(self, who: str, window: int) -> str:
        return f"{self.namespace}rate:{who}:{window}"

    def pattern(self) -> str:
        """A SCAN pattern matching every key of this namespace (for cleanup)."""
        return f"{self.namespace}*"
