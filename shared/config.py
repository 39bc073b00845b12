"""Configuration read from the environment, in one place."""
from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    redis_url: str
    namespace: str          # prefix of every key, so test runs never share keys
    secret: str             # signs bearer tokens
    bus_partitions: int
    rate_limit_per_minute: int
    snapshot_every: int

    @classmethod
    def from_env(cls, **overrides) -> "Settings":
        env = os.environ
        values = dict(
            redis_url=env.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
            namespace=env.get("ORRERY_NAMESPACE", ""),
            secret=env.get("ORRERY_SECRET", "orrery-development-secret"),
            bus_partitions=int(env.get("ORRERY_BUS_PARTITIONS", "4")),
            rate_limit_per_minute=int(env.get("ORRERY_RATE_LIMIT_PER_MINUTE", "6000")),
            snapshot_every=int(env.get("ORRERY_SNAPSHOT_EVERY", "64")),
        )
        values.update(overrides)
        return cls(**values)
