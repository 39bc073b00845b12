"""Pools on Redis: tickets in, pairing passes applied, formed groups out to the bus.

Every change of a ticket's status is one script over the keys of its pool (one hash tag,
one Redis Cluster slot), so a cancel and a pass that forms the ticket's group cannot both
win. A formed group goes to the pool's outbox in the same script, and is then relayed to
the bus: a crash between the two leaves it in the outbox, relayed on the next pass.
"""
from __future__ import annotations

import json
import time
import uuid
from typing import Optional

from services.matchmaking import pairing
from services.matchmaking.keys import MatchmakingKeys
from services.matchmaking.pairing import Group, Pass
from services.matchmaking.tickets import (
    CANCELLED, EXPIRED, FORMING, MATCHED, WAITING, TicketRecord, pairing_entry, pool_of_ticket,
    pool_game, pool_size, ticket_from_entry)
from shared.schemas.matchmaking import FORMED, FormedGroupSchema

RECENT_WAITS = 1000
NOT_FOUND_IN_TIME = "No group accepted this ticket within its max_wait_seconds."

# KEYS: ticket, waiting, players. ARGV: ticket id, player id, pairing entry, then the
# ticket's fields as name, value pairs. A player holds one waiting ticket per pool.
_OPEN = """
local held = redis.call('HGET', KEYS[3], ARGV[2])
if held then return {'held', held} end
redis.call('HSET', KEYS[1], unpack(ARGV, 4))
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
redis.call('HSET', KEYS[3], ARGV[2], ARGV[1])
return {'ok', ARGV[1]}
"""

# KEYS: ticket, waiting, players. ARGV: ticket id, new status, reason ('' for none). Only a
# waiting ticket closes.
_CLOSE = """
local status = redis.call('HGET', KEYS[1], 'status')
if status ~= 'waiting' then return status or false end
local player = redis.call('HGET', KEYS[1], 'player_id')
redis.call('HSET', KEYS[1], 'status', ARGV[2])
if ARGV[3] ~= '' then redis.call('HSET', KEYS[1], 'reason', ARGV[3]) end
redis.call('HDEL', KEYS[2], ARGV[1])
if redis.call('HGET', KEYS[3], player) == ARGV[1] then redis.call('HDEL', KEYS[3], player) end
return 'waiting'
"""

# KEYS: waiting, players, outbox, then one ticket key per member.
# ARGV: group id, message, then the members' ticket ids. All members must still wait.
_FORM = """
for i = 4, #KEYS do
  if redis.call('HGET', KEYS[i], 'status') ~= 'waiting' then return 0 end
end
for i = 4, #KEYS do
  local player = redis.call('HGET', KEYS[i], 'player_id')
  redis.call('HSET', KEYS[i], 'status', 'forming', 'group_id', ARGV[1])
  redis.call('HDEL', KEYS[1], ARGV[i - 1])
  if redis.call('HGET', KEYS[2], player) == ARGV[i - 1] then redis.call('HDEL', KEYS[2], player) end
end
redis.call('XADD', KEYS[3], '*', 'm', ARGV[2])
return 1
"""

# KEYS: waits, then one ticket key per member. ARGV: group id, match id ('' on failure),
# now, reason (on failure), how many waits to keep. Tickets of this group that are
# forming become matched (or expired on failure).
_SETTLE = """
local settled = 0
for i = 2, #KEYS do
  if redis.call('HGET', KEYS[i], 'status') == 'forming'
     and redis.call('HGET', KEYS[i], 'group_id') == ARGV[1] then
    if ARGV[2] ~= '' then
      redis.call('HSET', KEYS[i], 'status', 'matched', 'match_id', ARGV[2])
      local waited = tonumber(ARGV[3]) - tonumber(redis.call('HGET', KEYS[i], 'created_at'))
      redis.call('LPUSH', KEYS[1], string.format('%.3f', waited))
    else
      redis.call('HSET', KEYS[i], 'status', 'expired', 'reason', ARGV[4])
    end
    settled = settled + 1
  end
end
redis.call('LTRIM', KEYS[1], 0, tonumber(ARGV[5]) - 1)
return settled
"""


class AlreadyWaiting(Exception):
    """The player already holds a waiting ticket in this pool."""

    def __init__(self, ticket_id: str):
        super().__init__(ticket_id)
        self.ticket_id = ticket_id


class Pools:
    """Tickets and pools of one namespace."""

    def __init__(self, redis, keys: MatchmakingKeys, bus=None):
        self.redis = redis
        self.keys = keys
        self.bus = bus
        self._open = redis.register_script(_OPEN)
        self._close = redis.register_script(_CLOSE)
        self._form = redis.register_script(_FORM)
        self._settle = redis.register_script(_SETTLE)

    # --- tickets -------------------------------------------------------------------

    def open(self, record: TicketRecord, mu: float, sigma: float, reliability: float) -> None:
        """Put a new ticket in its pool; raise AlreadyWaiting if the player has one there."""
        pool = record.pool
        flat = [str(x) for pair_ in record.fields().items() for x in pair_]
        status, value = self._open(
            keys=[self.keys.ticket(pool, record.ticket_id), self.keys.waiting(pool),
                  self.keys.player_tickets(pool)],
            args=[record.ticket_id, record.player_id,
                  pairing_entry(record, mu, sigma, reliability), *flat])
        if _text(status) == "held":
            raise AlreadyWaiting(_text(value))
        self.redis.sadd(self.keys.pools(), pool)

    def get(self, ticket_id: str) -> Optional[TicketRecord]:
        pool = pool_of_ticket(ticket_id)
        if pool is None:
            return None
        raw = self.redis.hgetall(self.keys.ticket(pool, ticket_id))
        return TicketRecord.from_fields(raw) if raw else None

    def close(self, ticket_id: str, status: str, reason: str = "") -> Optional[str]:
        """Move a waiting ticket to `status` (cancelled or expired, saying why); return the
        status it had (None if it does not exist). Only a waiting ticket changes."""
        pool = pool_of_ticket(ticket_id)
        if pool is None:
            return None
        before = self._close(keys=[self.keys.ticket(pool, ticket_id), self.keys.waiting(pool),
                                   self.keys.player_tickets(pool)], args=[ticket_id, status, reason])
        return _text(before) if before else None

    # --- passes --------------------------------------------------------------------

    def pools(self) -> list:
        return sorted(_text(p) for p in self.redis.smembers(self.keys.pools()))

    def waiting(self, pool: str) -> list:
        """The pool's waiting tickets as pairing sees them."""
        raw = self.redis.hgetall(self.keys.waiting(pool))
        return [ticket_from_entry(_text(tid), entry) for tid, entry in raw.items()]

    def run_pass(self, pool: str, now: Optional[float] = None) -> Pass:
        """One pairing pass over a pool: pure pairing, then its groups and expiries applied."""
        now = time.time() if now is None else now
        tickets = self.waiting(pool)
        result = pairing.pair(tickets, now, pool_size(pool), pool_game(pool))
        ratings = {ticket.ticket_id: ticket.rating for ticket in tickets}
        formed = [group for group in result.groups if self.form(pool, group, now, ratings)]
        for ticket_id in result.expired:
            self.close(ticket_id, EXPIRED, NOT_FOUND_IN_TIME)
        self.relay(pool)
        return Pass(groups=tuple(formed), expired=result.expired, waiting=result.waiting)

    def form(self, pool: str, group: Group, now: float,
             ratings: Optional[dict] = None) -> bool:
        """Mark the group's tickets forming and queue its message; False if one left.
        `ratings` (ticket id -> mu, as paired) go with the seats."""
        records = [self.get(tid) for tid in group.ticket_ids]
        if any(r is None or r.status != WAITING for r in records):
            return False
        message = formed_message(pool, records, group, now, ratings)
        keys = [self.keys.waiting(pool), self.keys.player_tickets(pool), self.keys.outbox(pool)]
        keys += [self.keys.ticket(pool, tid) for tid in group.ticket_ids]
        return bool(self._form(keys=keys, args=[message["group_id"], json.dumps(message),
                                                *group.ticket_ids]))

    def relay(self, pool: str) -> int:
        """Publish the pool's queued groups on the bus (at least once), oldest first."""
        entries = self.redis.xrange(self.keys.outbox(pool), count=500)
        for entry_id, fields in entries:
            message = json.loads(fields[b"m"])
            self.bus.publish(FORMED, message, key=message["group_id"])
            self.redis.xdel(self.keys.outbox(pool), entry_id)
        return len(entries)

    def settle(self, result: dict, now: Optional[float] = None) -> int:
        """Apply the match service's answer to a formed group (idempotent)."""
        pool = result["pool"]
        keys = [self.keys.waits(pool)] + [self.keys.ticket(pool, tid)
                                          for tid in result["ticket_ids"]
                                          if pool_of_ticket(tid) == pool]
        reason = result.get("message") or result.get("error") or ""
        return int(self._settle(keys=keys, args=[
            result["group_id"], result.get("match_id") or "",
            repr(time.time() if now is None else now), reason, RECENT_WAITS]))

    def recent_waits(self, pool: str) -> list:
        return [float(x) for x in self.redis.lrange(self.keys.waits(pool), 0, -1)]


def formed_message(pool: str, records: list, group: Group, now: float,
                   ratings: Optional[dict] = None) -> dict:
    """The "formed" bus message for a group (seats in ticket order; the match service
    shuffles them), each player's seat with the rating it was paired at when known."""
    first = records[0]  # the longest-waiting ticket's game and options (all alike)
    # The clock every member accepts (pairing's `agreed_clock`): never one imposed by the
    # longest-waiting ticket. A lone ticket completed with bots that named no clocks plays
    # its own.
    clock = first.clock if group.clock is None else json.loads(group.clock)
    ratings = ratings or {}
    seats = [{"ticket_id": r.ticket_id, "player_id": r.player_id,
              "rating": ratings.get(r.ticket_id)} for r in records]
    seats += [{"bot": pairing.BOT, "level": level} for level in group.bots]
    return FormedGroupSchema().dump({
        "group_id": uuid.uuid4().hex, "match_id": uuid.uuid4().hex, "pool": pool,
        "game": first.game, "mode": first.mode, "options": first.options,
        "clock": clock, "seats": seats, "formed_at": now})


def _text(value):
    return value.decode() if isinstance(value, bytes) else value


__all__ = ["Pools", "AlreadyWaiting", "formed_message", "CANCELLED", "EXPIRED", "FORMING",
           "MATCHED", "WAITING"]
