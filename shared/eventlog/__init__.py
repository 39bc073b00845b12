"""The match event log, the bus and snapshots, on Redis (Redis 6.2 commands only)."""
from shared.eventlog.keys import Keys
from shared.eventlog.log import (AppendResult, CommandIdReused, EventLog,
                                 VersionConflict)
from shared.eventlog.bus import Bus, Delivery

__all__ = ["Keys", "EventLog", "AppendResult", "VersionConflict", "CommandIdReused", "Bus", "Delivery"]
