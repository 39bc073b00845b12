"""The bot service's dependencies, built once per process: Redis, the log, the bus, a store."""
from __future__ import annotations

from dataclasses import dataclass

from services.bot.config import BotSettings
from shared.eventlog import Bus, EventLog, Keys
from shared.eventlog.store import MatchStore, reader_parts


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
    return BotContext(settings=settings, **reader_parts(settings.base, cache_size=256))
