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

from shared.eventlog.cluster import replication

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
    def __init__(self, redis, namespace: str):
        self.redis = redis
        # One hash tag: the record script touches both keys, so on a Redis Cluster they
        # share a slot.
        self.due, self.due_at = f"{namespace}bot:{{due}}:turns", f"{namespace}bot:{{due}}:at"
        self._record = redis.register_script(_RECORD)
        # On a Redis Cluster a record survives its master's failover (it is how a task the
        # failover lost is sent again).
        self._replication = replication(redis)

    def record(self, match_id: str, version: int, seats: list, now: float | None = None) -> None:
        """The match stands at `version` with `seats` (bots) to act; [] clears it."""
        keys = [self.due, self.due_at]
        args = [match_id, version, ",".join(str(s) for s in seats),
                time.time() if now is None else now]
        if self._replication is None:
            self._record(keys=keys, args=args)
        else:
            self._replication.run(self.due, lambda pipe: self._record(keys=keys, args=args,
                                                                      client=pipe))

    def late(self, now: float | None = None) -> list:
        """(match_id, version, seats) of turns sent more than REDO_SECONDS ago; each is
        marked sent now."""
        now = time.time() if now is None else now
        matches = self.redis.zrangebyscore(self.due_at, "-inf", now - REDO_SECONDS,
                                           start=0, num=BATCH)
        if not matches:
            return []
        values = self.redis.hmget(self.due, matches)
        pipe = self.redis.pipeline(transaction=False)
        late = []
        for match, value in zip(matches, values):
            if value is None:
                pipe.zrem(self.due_at, match)
                continue
            version, seats = value.decode().split("|")
            late.append((match.decode(), int(version), [int(s) for s in seats.split(",")]))
            pipe.zadd(self.due_at, {match: now}, xx=True)
        pipe.execute()
        return late
