"""The bot service's dependencies, built once per process: Redis, the log, the bus, a store."""
from __future__ import annotations

from dataclasses import dataclass

from services.bot.config import BotSettings
from shared.eventlog import Bus, EventLog, Keys
from shared.eventlog.connect import connect
from shared.eventlog.snapshots import SnapshotStore
from shared.eventlog.store import MatchStore


@dataclass(frozen=True)
class BotContext:
    settings: BotSettings
    redis: object
    keys: Keys
    log: EventLog
    bus: Bus
    store: MatchStore


def build(settings: BotSettings) -> BotContext:
    """Open Redis and wire the log, bus and a read-only store (bots never write snapshots)."""
    base = settings.base
    client = connect(base.redis_url)
    keys = Keys(base.namespace)
    log = EventLog(client, keys)
    store = MatchStore(log, SnapshotStore(client, keys),
                       cache_size=256, snapshot_every=0)
    return BotContext(settings=settings, redis=client, keys=keys, log=log,
                      bus=Bus(client, keys, partitions=base.bus_partitions), store=store)
