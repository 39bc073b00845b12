"""The bot service's settings: the shared ones plus a few of its own, from the environment."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Optional

from shared.infra.celery_leases import LEASE_SECONDS
from shared.config import Settings
from shared.eventlog.bus import CLAIM_IDLE_MS


@dataclass(frozen=True)
class BotSettings:
    base: Settings
    visibility_timeout: float  # seconds before a task taken by a vanished worker is redelivered
    claim_idle_ms: int         # a dispatcher entry left unacked this long is claimed by another
    worker_concurrency: int
    # When set, every mcts move thinks this many seconds of wall clock instead of its level's
    # iterations (a fixed pace for a slow machine, or a move long enough for failover tests).
    mcts_seconds: Optional[float] = None

    @property
    def queue(self) -> str:
        """The Celery queue, namespaced like every key so test runs never share one."""
        return f"{self.base.namespace}orrery.bot"

    @classmethod
    def from_env(cls, **overrides) -> "BotSettings":
        env = os.environ
        values = dict(
            base=overrides.pop("base", None) or Settings.from_env(),
            visibility_timeout=float(env.get("ORRERY_BOT_VISIBILITY_TIMEOUT", LEASE_SECONDS)),
            claim_idle_ms=int(env.get("ORRERY_BOT_CLAIM_IDLE_MS", CLAIM_IDLE_MS)),
            worker_concurrency=int(env.get("ORRERY_BOT_CONCURRENCY", "0")) or (os.cpu_count() or 1),
            mcts_seconds=float(env["ORRERY_BOT_MCTS_SECONDS"])
            if env.get("ORRERY_BOT_MCTS_SECONDS") else None,
        )
        values.update(overrides)
        return cls(**values)
