"""The turns service's settings: the shared ones plus its own, from the environment."""
from __future__ import annotations

import os
from dataclasses import dataclass

from shared.infra.celery_leases import LEASE_SECONDS
from shared.config import Settings
from shared.messages.webhook_target import allow_private_from_env


@dataclass(frozen=True)
class TurnsSettings:
    base: Settings
    sweep_seconds: float        # how often beat runs the sweep
    resend_seconds: float       # a timeout sent but not yet appended is sent again after this
    sweep_batch: int            # due matches handled per pass (the rest on the next)
    webhook_timeout: float      # seconds to wait for a webhook receiver
    webhook_retries: int
    webhook_allow_private: bool  # deliver to loopback/private addresses (tests, dev only)
    visibility_timeout: float

    @property
    def queue(self) -> str:
        """The Celery queue, namespaced like every key so test runs never share one."""
        return f"{self.base.namespace}orrery.turns"

    @property
    def clock_queue(self) -> str:
        """The sweep's own queue: never behind a backlog of projections (whose wait would
        outlast each sweep's expiry and leave every deadline unhandled)."""
        return f"{self.base.namespace}orrery.turns.clock"

    @classmethod
    def from_env(cls, **overrides) -> "TurnsSettings":
        env = os.environ
        values = dict(
            base=overrides.pop("base", None) or Settings.from_env(),
            sweep_seconds=float(env.get("ORRERY_SWEEP_SECONDS", "1")),
            resend_seconds=float(env.get("ORRERY_TIMEOUT_RESEND_SECONDS", "5")),
            sweep_batch=int(env.get("ORRERY_SWEEP_BATCH", "5000")),
            webhook_timeout=float(env.get("ORRERY_WEBHOOK_TIMEOUT", "5")),
            webhook_retries=int(env.get("ORRERY_WEBHOOK_RETRIES", "8")),
            webhook_allow_private=allow_private_from_env(),
            visibility_timeout=float(env.get("ORRERY_TURNS_VISIBILITY_TIMEOUT", LEASE_SECONDS)),
        )
        values.update(overrides)
        return cls(**values)
