"""Live streams are a bounded resource (issue 14, item 3).

Each open stream (GET /v1/matches/{id}/live, GET /v1/players/me/live) takes a slot:
- per process: at most `per_process` streams, so a worker always keeps connections for
  everything else (gunicorn's worker_connections bounds them all);
- per client (the player of a valid token, else the remote address): at most `per_client`
  across every process, counted in Redis as leases that a live stream renews on every
  heartbeat, so the streams of a worker that died stop counting after `lease_seconds`.
Streams hold no Redis connection of their own: they wait through the process's live hub
(live_hub.py), one connection per process and Redis node whatever the number of streams.
"""
from __future__ import annotations

import threading
import time
import uuid

import redis as redis_lib

from shared.web.errors import ApiError

# KEYS: the client's lease set. ARGV: now, lease expiry, cap, stream id.
# Expired leases go first; a slot is taken only below the cap.
_ACQUIRE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIREAT', KEYS[1], math.floor(tonumber(ARGV[2]) * 1000))
return 1
"""


class TooManyStreams(ApiError):
    status, code = 429, "too_many_streams"


class LiveCapacityFull(ApiError):
    status, code = 503, "unavailable"


class Slot:
    """One open stream's place: renew it while the stream lives, release it once."""

    def __init__(self, slots: "LiveSlots", key: str, stream_id: str):
        self.slots, self.key, self.stream_id = slots, key, stream_id
        self.released = False

    def renew(self) -> None:
        expiry = time.time() + self.slots.lease_seconds
        self.slots.redis.zadd(self.key, {self.stream_id: expiry}, xx=True)
        self.slots.redis.expireat(self.key, int(expiry) + 1)

    def release(self) -> None:
        if self.released:
            return
        self.released = True
        self.slots.release_local()
        try:
            self.slots.redis.zrem(self.key, self.stream_id)
        except redis_lib.RedisError:
            pass  # the lease runs out by itself


class LiveSlots:
    def __init__(self, redis, keys, per_client: int, per_process: int, lease_seconds: float):
        self.redis, self.keys = redis, keys
        self.per_client, self.per_process = per_client, per_process
        self.lease_seconds = lease_seconds
        self.open = 0
        self._lock = threading.Lock()
        self._acquire = redis.register_script(_ACQUIRE)

    def acquire(self, client: str) -> Slot:
        """A slot for a new stream of `client`; raise TooManyStreams or LiveCapacityFull."""
        with self._lock:
            if self.open >= self.per_process:
                raise LiveCapacityFull("This server holds as many live streams as it can; "
                                       "try again shortly.", headers={"Retry-After": "5"})
            self.open += 1
        key, stream_id = self.keys.live_streams(client), uuid.uuid4().hex
        now = time.time()
        try:
            taken = self._acquire(keys=[key], args=[now, now + self.lease_seconds,
                                                    self.per_client, stream_id])
        except BaseException:
            self.release_local()
            raise
        if not taken:
            self.release_local()
            raise TooManyStreams(f"At most {self.per_client} live streams may be open per "
                                 "client; close one first.", headers={"Retry-After": "5"})
        return Slot(self, key, stream_id)

    def release_local(self) -> None:
        with self._lock:
            self.open -= 1
