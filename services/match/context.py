"""The match service's dependencies, built once per process (the composition root's parts).

The HTTP app and the bus consumer share this, so both run the one command path over the
same log, store and bus.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask import current_app

from services.match.command_path.chance import Seeds
from shared.config import Settings
from shared.eventlog import Bus, EventLog, Keys
from shared.eventlog.archive.reader import archived_log
from shared.infra.connect import connect
from shared.eventlog.snapshots import SnapshotStore
from shared.eventlog.store import MatchStore
from shared.web.auth import Tokens


@dataclass(frozen=True)
class MatchContext:
    """Everything a request or a bus message needs to reach matches."""

    settings: Settings
    redis: object
    keys: Keys
    log: EventLog
    bus: Bus
    store: MatchStore
    tokens: Tokens
    seeds: Seeds


def build(settings: Settings) -> MatchContext:
    """Open Redis and wire the log, bus and store for `settings`."""
    client = connect(settings.redis_url)
    keys = Keys(settings.namespace)
    log = archived_log(client, keys, settings)  # Redis, then the archive
    snapshots = SnapshotStore(client, keys)
    store = MatchStore(log, snapshots, snapshot_every=settings.snapshot_every)
    return MatchContext(settings=settings, redis=client, keys=keys, log=log,
                        bus=Bus(client, keys, partitions=settings.bus_partitions),
                        store=store, tokens=Tokens(settings.secret, client, keys),
                        seeds=Seeds(client, keys))


def current() -> MatchContext:
    """The context of the running Flask app."""
    return current_app.extensions["orrery.match"]
