"""Bot turns that are due, kept until the match moves past them, and sent again when late.

Celery's Redis transport can lose a task in two narrow windows: a worker killed between
popping a task from its queue and recording it as unacknowledged, and Redis itself going
down after it served that pop but before the worker read the answer. The log is the truth,
so the dispatcher keeps its own record of each match's due bot turn (one per match: the
latest version it was announced at) and, when one is still due REDO_SECONDS after it was
last sent, sends it again; the task is idempotent (turns.py), so a turn sent twice is played
once. The record goes when an announcement shows the match past that version.
"""
from __future__ import annotations

import time

from shared.infra.cluster_client import replication
from shared.eventlog.keys import INDEX_SHARDS, index_key, index_shard

REDO_SECONDS = 8.0   # a bot turn is sent again when still due this long after its last send
BATCH = 200

# KEYS: due (hash match -> "version|seat,seat"), due_at (zset match -> last sent).
# ARGV: match id, version, seats ("" when no bot must act), now.
# Announcements may come out of order (several dispatchers): only a newer version counts.
_RECORD = """
local held = redis.call('HGET', KEYS[1], ARGV[1])
if held and tonumber(string.match(held, '^(%d+)|')) > tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('ZREM', KEYS[2], ARGV[1])
  return 0
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. '|' .. ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
return 1
"""


class DueTurns:
    """The due record, split into INDEX_SHARDS pairs of keys (each pair on one slot, the
    pairs spread over a cluster's masters: every announcement writes here)."""

    def __init__(self, redis, namespace: str):
        self.redis = redis
        self.namespace = namespace
        self._record = redis.register_script(_RECORD)
        # On a Redis Cluster a record survives its master's failover (it is how a task the
        # failover lost is sent again).
        self._replication = replication(redis)

    def _keys(self, shard: int) -> tuple:
        """(due, due_at) of one shard: one hash tag, since the record script takes both."""
        due = index_key(self.namespace, "bot:due", shard)
        return due, due.replace(":due:", ":due-at:", 1)

    def due_at(self, match_id: str) -> str:
        return self._keys(index_shard(match_id))[1]

    def record(self, match_id: str, version: int, seats: list, now: float | None = None) -> None:
        """The match stands at `version` with `seats` (bots) to act; [] clears it."""
        keys = list(self._keys(index_shard(match_id)))
        args = [match_id, version, ",".join(str(s) for s in seats),
                time.time() if now is None else now]
        if self._replication is None:
            self._record(keys=keys, args=args)
        else:
            self._replication.run(keys[0], lambda pipe: self._record(keys=keys, args=args,
                                                                     client=pipe))

    def late(self, now: float | None = None) -> list:
        """(match_id, version, seats) of turns sent more than REDO_SECONDS ago; each is
        marked sent now."""
        now = time.time() if now is None else now
        shards = [self._keys(shard) for shard in range(INDEX_SHARDS)]
        pipe = self.redis.pipeline(transaction=False)
        for _, due_at in shards:
            pipe.zrangebyscore(due_at, "-inf", now - REDO_SECONDS, start=0, num=BATCH)
        found = [(keys, matches) for keys, matches in zip(shards, pipe.execute()) if matches]
        if not found:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for (due, _), matches in found:
            pipe.hmget(due, matches)
        values = pipe.execute()
        pipe = self.redis.pipeline(transaction=False)
        late = []
        for ((_, due_at), matches), held in zip(found, values):
            for match, value in zip(matches, held):
                if value is None:
                    pipe.zrem(due_at, match)
                    continue
                version, seats = value.decode().split("|")
                late.append((match.decode(), int(version), [int(s) for s in seats.split(",")]))
                pipe.zadd(due_at, {match: now}, xx=True)
        pipe.execute()
        return late
