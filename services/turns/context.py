"""The turns service's dependencies, built once per process."""
from __future__ import annotations

from dataclasses import dataclass

from services.turns.config import TurnsSettings
from shared.eventlog import Bus, EventLog, Keys
from shared.eventlog.store import MatchStore, reader_parts


@dataclass(frozen=True)
class TurnsContext:
    settings: TurnsSettings
    redis: object
    keys: Keys
    log: EventLog
    bus: Bus
    store: MatchStore


def build(settings: TurnsSettings) -> TurnsContext:
    """Open Redis; a read-only store (only the match service writes snapshots)."""
    return TurnsContext(settings=settings, **reader_parts(settings.base, cache_size=4096))
