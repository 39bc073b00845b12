"""Configuration read from the environment, in one place."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Optional

# Signs tokens only in an explicit development mode (ORRERY_DEVELOPMENT=1); anywhere else a
# service that signs tokens refuses to start without ORRERY_SECRET (shared/web/auth.py).
DEVELOPMENT_SECRET = "orrery-development-secret-not-for-real-players"


def _secret(env) -> Optional[str]:
    if env.get("ORRERY_SECRET"):
        return env["ORRERY_SECRET"]
    return DEVELOPMENT_SECRET if env.get("ORRERY_DEVELOPMENT") == "1" else None


@dataclass(frozen=True)
class Settings:
    redis_url: str
    namespace: str          # prefix of every key, so test runs never share keys
    secret: Optional[str]   # signs bearer tokens (None: not configured)
    bus_partitions: int
    rate_limit_per_minute: int
    snapshot_every: int
    # Test-only: a match request may carry a seed whoever sits at the table (deterministic
    # tests of invitations and multi-player matches). Never set where people play: with the
    # seed, its chooser knows every hidden card (services/match/command_path/chance.py).
    test_seeds: bool = False
    # Caps per player (services/match/command_path/caps.py, docs/API.md "Caps"): matches
    # created or accepted that are not over, invitations received and not answered,
    # battle groups with a table not over.
    max_active_matches: int = 50
    max_pending_invitations: int = 100
    max_battle_groups: int = 5
    # The archive (shared/eventlog/archive): where a match's log goes once it has been over
    # `archive_after_seconds`; None is the SQLite file under data/ (ORRERY_DATA_DIR).
    archive_url: Optional[str] = None
    archive_after_seconds: float = 3600.0
    archive_every_seconds: float = 60.0  # how often beat runs the move

    @classmethod
    def from_env(cls, **overrides) -> "Settings":
        env = os.environ
        values = dict(
            redis_url=env.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
            namespace=env.get("ORRERY_NAMESPACE", ""),
            secret=_secret(env),
            bus_partitions=int(env.get("ORRERY_BUS_PARTITIONS", "4")),
            rate_limit_per_minute=int(env.get("ORRERY_RATE_LIMIT_PER_MINUTE", "6000")),
            snapshot_every=int(env.get("ORRERY_SNAPSHOT_EVERY", "64")),
            test_seeds=env.get("ORRERY_TEST_SEEDS") == "1",
            max_active_matches=int(env.get("ORRERY_MAX_ACTIVE_MATCHES", "50")),
            max_pending_invitations=int(env.get("ORRERY_MAX_PENDING_INVITATIONS", "100")),
            max_battle_groups=int(env.get("ORRERY_MAX_BATTLE_GROUPS", "5")),
            archive_url=env.get("ORRERY_ARCHIVE_URL") or None,
            archive_after_seconds=float(env.get("ORRERY_ARCHIVE_AFTER_SECONDS", "3600")),
            archive_every_seconds=float(env.get("ORRERY_ARCHIVE_EVERY_SECONDS", "60")),
        )
        values.update(overrides)
        return cls(**values)
