"""The bot service's dependencies, built once per process: Redis, the log, the bus, a store."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from services.bot.config import BotSettings
from shared.eventlog import Bus, EventLog, Keys
from shared.eventlog.connect import connect
from shared.eventlog.snapshots import SnapshotStore
from shared.eventlog.store import MatchStore

_GAMES_DIR = Path(__file__).resolve().parents[2] / "shared" / "games"


def engine_stamp() -> str:
    """A digest of the engine code: the stamp the match service writes snapshots with.

    The same computation as services/match/context.py (services may not import each other);
    a test checks the two agree. It belongs in shared/ (see the bot service's report)."""
    digest = hashlib.sha1()
    for path in sorted(_GAMES_DIR.rglob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


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
    store = MatchStore(log, SnapshotStore(client, keys, code_stamp=engine_stamp()),
                       cache_size=256, snapshot_every=0)
    return BotContext(settings=settings, redis=client, keys=keys, log=log,
                      bus=Bus(client, keys, partitions=base.bus_partitions), store=store)
