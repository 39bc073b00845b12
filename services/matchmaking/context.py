"""The matchmaking service's dependencies, built once per process."""
from __future__ import annotations

from dataclasses import dataclass

from services.matchmaking.keys import MatchmakingKeys
from services.matchmaking.pools import Pools
from services.matchmaking.standings import Standings
from shared.config import Settings
from shared.eventlog import Bus, EventLog, Keys
from shared.eventlog.archive.reader import archived_log
from shared.infra.connect import connect
from shared.web.auth import Tokens


@dataclass(frozen=True)
class MatchmakingContext:
    settings: Settings
    redis: object
    keys: MatchmakingKeys
    log: EventLog          # read only: match logs are the match service's
    bus: Bus
    pools: Pools
    standings: Standings
    tokens: Tokens


def build(settings: Settings) -> MatchmakingContext:
    """Open Redis and wire pools, standings, logs and the bus for `settings`."""
    client = connect(settings.redis_url)
    keys = MatchmakingKeys(settings.namespace)
    bus = Bus(client, Keys(settings.namespace), partitions=settings.bus_partitions)
    return MatchmakingContext(
        settings=settings, redis=client, keys=keys, log=archived_log(client, Keys(settings.namespace), settings),
        bus=bus, pools=Pools(client, keys, bus), standings=Standings(client, keys),
        tokens=Tokens(settings.secret, client, Keys(settings.namespace)))
