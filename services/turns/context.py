"""The turns service's dependencies, built once per process."""
from __future__ import annotations

from dataclasses import dataclass

from services.turns.config import TurnsSettings
from shared.eventlog import Bus, EventLog, Keys
from shared.eventlog.connect import connect
from shared.eventlog.snapshots import SnapshotStore
from shared.eventlog.store import MatchStore


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
    base = settings.base
    client = connect(base.redis_url)
    keys = Keys(base.namespace)
    log = EventLog(client, keys)
    store = MatchStore(log, SnapshotStore(client, keys), cache_size=4096, snapshot_every=0)
    return TurnsContext(settings=settings, redis=client, keys=keys, log=log,
                        bus=Bus(client, keys, partitions=base.bus_partitions), store=store)
