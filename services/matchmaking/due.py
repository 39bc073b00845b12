"""Ratings sent to a Celery worker and not yet applied, sent again when late.

Kombu's Redis transport can lose a task in two narrow windows (a worker killed between
popping it and recording it as unacknowledged; Redis going down after serving the pop), and
nothing else would ever rate that match again. So the dispatcher writes each finished match
down before sending its task (one sorted set: "<game>|<match_id>" scored by when it was
last sent) and, once a second, sends again those still unapplied REDO_SECONDS after their
last send. Applying is idempotent (the stored result is the key, services/matchmaking/
standings.py), so a task sent twice rates the match once. An entry leaves the set once its
result is stored, or after MAX_SENDS (logged: something other than a lost task is wrong).
"""
from __future__ import annotations

import logging
import time

REDO_SECONDS = 8.0
MAX_SENDS = 5
BATCH = 200
log = logging.getLogger(__name__)


class DueRatings:
    def __init__(self, redis, keys):
        self.redis = redis
        self.keys = keys
        self.due, self.sends = keys.ratings_due(), keys.ratings_sends()

    def record(self, game: str, match_id: str, now: float | None = None) -> None:
        """Write the match down as sent for rating now (before its task is sent)."""
        member = f"{game}|{match_id}"
        pipe = self.redis.pipeline(transaction=False)
        pipe.zadd(self.due, {member: time.time() if now is None else now})
        pipe.hincrby(self.sends, member, 1)
        pipe.execute()

    def late(self, now: float | None = None) -> list:
        """(game, match_id) of matches sent more than REDO_SECONDS ago whose result is not
        stored yet; each is marked sent again now. Applied ones leave the set."""
        now = time.time() if now is None else now
        members = [m.decode() if isinstance(m, bytes) else m for m in self.redis.zrangebyscore(
            self.due, "-inf", now - REDO_SECONDS, start=0, num=BATCH)]
        if not members:
            return []
        pairs = [member.split("|", 1) for member in members]
        pipe = self.redis.pipeline(transaction=False)
        for game, match_id in pairs:
            pipe.exists(self.keys.result(game, match_id))
        pipe.hmget(self.sends, members)
        *applied, sends = pipe.execute()
        pipe = self.redis.pipeline(transaction=False)
        late = []
        for member, (game, match_id), done, sent in zip(members, pairs, applied, sends):
            if done or int(sent or 0) >= MAX_SENDS:
                if not done:
                    log.error("match %s sent for rating %s times and still not rated; "
                              "given up (a rebuild rates it)", match_id, int(sent))
                pipe.zrem(self.due, member)
                pipe.hdel(self.sends, member)
                continue
            late.append((game, match_id))
            pipe.zadd(self.due, {member: now}, xx=True)
            pipe.hincrby(self.sends, member, 1)
        pipe.execute()
        return late
