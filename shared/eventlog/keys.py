"""Every Redis key Orrery uses, named in one place.

All keys of one match carry the same `{match_id}` hash tag so that a match lives on one
Redis Cluster slot and the append script may touch them together. The namespace prefix
keeps test runs (and tenants) apart; it never contains braces.
"""
from __future__ import annotations

import re
import uuid
import zlib
from dataclasses import dataclass
from functools import lru_cache

from redis.crc import key_slot

_NAMESPACE = re.compile(r"^[A-Za-z0-9_.:-]*$")
# What a match id looks like: every id the match API serves, and so every id that anything
# writing a match (creation, `orrery import`) may use; it also keeps odd text out of keys.
MATCH_ID = re.compile(r"^[0-9a-f]{32}$")


SLOTS = 16384  # Redis Cluster's hash slots
# Indexes over every match (turn deadlines, bot due records) are split into this many keys,
# spread over the slot space like bus partitions: every announcement writes them, and one
# key would put all those writes on one master's core (deploy/SCALING.md).
INDEX_SHARDS = 16


def index_shard(match_id: str) -> int:
    """The shard of a per-match index that holds `match_id`."""
    return zlib.crc32(match_id.encode()) % INDEX_SHARDS


def index_key(prefix: str, name: str, shard: int) -> str:
    """Shard `shard` of the index `name`: a key tagged to sit on its share of the slots."""
    return f"{prefix}{name}:{shard}:{{{_spread_tag(name, shard, INDEX_SHARDS)}}}"


@lru_cache(maxsize=None)
def _spread_tag(topic: str, partition: int, partitions: int) -> str:
    """The first tag `<topic>.<partition>.<n>` whose slot is within 64 of the middle of the
    partition's share of the slot space (about 128 tries, once per process)."""
    target = (2 * partition + 1) * SLOTS // (2 * max(1, partitions))
    n = 0
    while abs(key_slot(f"{topic}.{partition}.{n}".encode()) - target) > 64:
        n += 1
    return f"{topic}.{partition}.{n}"


def new_match_id() -> str:
    return uuid.uuid4().hex


@dataclass(frozen=True)
class Keys:
    namespace: str = ""

    def __post_init__(self):
        if not _NAMESPACE.match(self.namespace):
            raise ValueError(f"namespace {self.namespace!r} may not contain braces or spaces")

    def _match(self, match_id: str, what: str) -> str:
        return f"{self.namespace}match:{{{match_id}}}:{what}"

    def events(self, match_id: str) -> str:
        return self._match(match_id, "events")

    def command_results(self, match_id: str) -> str:
        return self._match(match_id, "commands")

    def meta(self, match_id: str) -> str:
        return self._match(match_id, "meta")

    def snapshot(self, match_id: str) -> str:
        return self._match(match_id, "snapshot")

    def analysis(self, match_id: str) -> str:
        """STRING (JSON): the post-game analysis, a projection of the finished log
        (shared/messages/analysis.py); deleting it only makes the next request rebuild it."""
        return self._match(match_id, "analysis")

    def analysis_requested(self, match_id: str) -> str:
        """STRING with a TTL: an analysis was asked for lately (one request on the bus)."""
        return self._match(match_id, "analysis-requested")

    # ---- multi-battle (services/match/wormholes/groups.py) ----

    def battle_group(self, group_id: str) -> str:
        """HASH game, tables (JSON: match ids by table), created_by, created_at."""
        return f"{self.namespace}battle:{{{group_id}}}"

    def match_wormhole(self, match_id: str) -> str:
        """HASH group, table, relayed: the version up to which the match's departures were
        put on the bus (the relay's cursor)."""
        return self._match(match_id, "wormhole")

    def wormhole_transfer(self, match_id: str, version: int) -> str:
        """HASH: one departure's transfer record (services/match/wormholes/transfers.py), on
        the sending match's slot: to_match, to_table, command (the arrival, JSON), state
        (pending, arrived or refused), attempts, next_at, and how it was settled."""
        return self._match(match_id, f"transfer:{version}")

    def wormhole_pending(self, match_id: str) -> str:
        """SET of the versions of the sending match's departures whose transfer is not yet
        settled (arrived or refused)."""
        return self._match(match_id, "transfers-pending")

    def wormhole_matches(self) -> str:
        """SET of multi-battle matches whose departures the sweep still relays."""
        return f"{self.namespace}wormholes:active"

    def bus(self, topic: str, partition: int, partitions: int = 1) -> str:
        """Partition `partition` of `partitions` of a bus topic. Its hash tag puts it at an
        even step of the slot space, so on a Redis Cluster the partitions of a topic spread
        over the masters (which own contiguous slot ranges) instead of landing by chance."""
        tag = _spread_tag(topic, partition, partitions)
        return f"{self.namespace}orrery:bus:{topic}:{partition}:{{{tag}}}"

    def recent_matches(self, shard: int) -> str:
        """ZSET shard `shard` of the latest matches created (match id -> creation time),
        trimmed to the newest few: the lobby's list of matches to watch."""
        return index_key(self.namespace, "matches:recent", shard)

    def player(self, player_id: str) -> str:
        return f"{self.namespace}player:{{{player_id}}}"

    def player_matches(self, player_id: str) -> str:
        return f"{self.namespace}player:{{{player_id}}}:matches"

    # ---- caps per player (services/match/command_path/caps.py) ----

    def player_active(self, player_id: str) -> str:
        """ZSET match_id -> when counted: the matches the player created or accepted that
        are not over."""
        return f"{self.namespace}player:{{{player_id}}}:active"

    def player_invitations(self, player_id: str) -> str:
        """ZSET match_id -> when counted: the matches inviting the player that they have
        not answered."""
        return f"{self.namespace}player:{{{player_id}}}:invitations"

    def player_groups(self, player_id: str) -> str:
        """ZSET group_id -> when counted: the battle groups the player created that have a
        table not over."""
        return f"{self.namespace}player:{{{player_id}}}:groups"

    # ---- play-by-turn (services/turns): clocks, "your turn", notifications, vacations ----

    def deadlines(self, match_id: str) -> str:
        """ZSET match_id -> the match's next deadline (epoch seconds), for the matches of
        one shard (INDEX_SHARDS of them): what the sweep reads."""
        return index_key(self.namespace, "turns:deadlines", index_shard(match_id))

    def deadline_shards(self) -> list:
        return [index_key(self.namespace, "turns:deadlines", s) for s in range(INDEX_SHARDS)]

    # ---- the archive (shared/eventlog/archive) ----

    def archive_due(self, match_id: str) -> str:
        """ZSET match_id -> when the match ended (epoch seconds), for the matches of one
        shard that are over and not yet moved to the archive: what the mover reads."""
        return index_key(self.namespace, "archive:due", index_shard(match_id))

    def archive_due_shards(self) -> list:
        return [index_key(self.namespace, "archive:due", s) for s in range(INDEX_SHARDS)]

    def turn_version(self, match_id: str) -> str:
        """STRING "<version>|<a|o>": the match's last announcement projected (active/over);
        the turns service's, on the match's slot so its guard script touches one slot."""
        return self._match(match_id, "turn-version")

    def vacations(self) -> str:
        """ZSET player_id -> when their vacation ends (epoch seconds)."""
        return f"{self.namespace}turns:vacations"

    def sweep_lock(self) -> str:
        return f"{self.namespace}turns:sweep-lock"

    def player_to_act(self, player_id: str) -> str:
        """ZSET match_id -> deadline (or creation time when untimed): where they must act."""
        return f"{self.namespace}player:{{{player_id}}}:to-act"

    def player_turns(self, player_id: str) -> str:
        """HASH match_id -> "<seat>:<since version> <json>": the turn each entry stands for."""
        return f"{self.namespace}player:{{{player_id}}}:turns"

    def player_feed(self, player_id: str) -> str:
        """STREAM of the player's notifications ("your turn", "match over")."""
        return f"{self.namespace}player:{{{player_id}}}:feed"

    def player_webhooks(self, player_id: str) -> str:
        """HASH url -> registration time."""
        return f"{self.namespace}player:{{{player_id}}}:webhooks"

    def player_vacation(self, player_id: str) -> str:
        """HASH: until, started, matches (JSON), used:<year> (days taken that year)."""
        return f"{self.namespace}player:{{{player_id}}}:vacation"

    def live_streams(self, client: str) -> str:
        """ZSET of a client's open live streams: stream id -> lease expiry."""
        return f"{self.namespace}live:{client}"

    def rate(self, who: str, window: int) -> str:
        return f"{self.namespace}rate:{who}:{window}"

    def process(self, name: str) -> str:
        """STRING (expiring): a process's last heartbeat, JSON {pid, at, beats}
        (shared/infra/heartbeat.py)."""
        return f"{self.namespace}process:{name}"

    def processes(self) -> str:
        """A SCAN pattern matching every process heartbeat key."""
        return f"{self.namespace}process:*"

    def pattern(self) -> str:
        """A SCAN pattern matching every key of this namespace (for cleanup)."""
        return f"{self.namespace}*"
