"""The clock sweep: find the deadlines that passed and ask the match service to time them
out; end the vacations that are over. Run every second by Celery beat (tasks.sweep).

Idempotent by construction. A timeout is a system command on the bus whose id is derived
from (match, version, seat), so a repeated sweep appends nothing twice, and the match
service appends it only if that seat's deadline really passed at that version. A due
match's entry is re-armed `resend_seconds` later (in case the command is lost) with a
compare-and-set, so a newer deadline the projection wrote meanwhile is never overwritten;
when the match is re-read and nothing is due, the entry is set to its true next deadline.
A deadline that passed while every worker was down is simply found by the next sweep.
"""
from __future__ import annotations

import json
import logging
import time
import uuid
from dataclasses import dataclass, field
from typing import Optional

from services.turns.projection import next_deadline
from shared.messages.announcements import announcement
from shared.eventlog.store import MatchNotFound
from shared.games.clock import timestamp
from shared.schemas.bus import COMMANDS, SYSTEM, vacation_end

log = logging.getLogger("orrery.turns.sweep")

# Set the member's score to ARGV[2] (or remove it when ARGV[2] is ''), only if its score is
# still ARGV[1] (what the sweep read): the projection's newer writes win.
_CAS = """
local current = redis.call('ZSCORE', KEYS[1], ARGV[3])
if not current or tonumber(current) ~= tonumber(ARGV[1]) then return 0 end
if ARGV[2] == '' then redis.call('ZREM', KEYS[1], ARGV[3])
else redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3]) end
return 1
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


@dataclass
class SweepReport:
    due: int = 0
    timeouts_sent: int = 0
    vacations_ended: int = 0
    skipped: bool = False
    lateness: list = field(default_factory=list)  # seconds past each deadline when sent


def timeout_command(match_id: str, version: int, seat: int) -> dict:
    """The system command that times out `seat` at `version`, with its one command id."""
    return {"source": SYSTEM, "match_id": match_id,
            "command": {"type": "time_out", "seat": seat, "version": version},
            "command_id": f"timeout:{version}:{seat}"}


def sweep(ctx, now: Optional[float] = None) -> SweepReport:
    """One pass: every due deadline and every finished vacation (one sweeper at a time)."""
    report = SweepReport()
    token = uuid.uuid4().hex
    if not ctx.redis.set(ctx.keys.sweep_lock(), token, nx=True, px=30_000):
        report.skipped = True
        return report
    try:
        now = time.time() if now is None else now
        _deadlines(ctx, now, report)
        _vacations(ctx, now, report)
    finally:
        ctx.redis.eval(_RELEASE, 1, ctx.keys.sweep_lock(), token)
    return report


def _deadlines(ctx, now: float, report: SweepReport) -> None:
    settings = ctx.settings
    shards = ctx.keys.deadline_shards()
    pipe = ctx.redis.pipeline(transaction=False)  # one round trip (per master) for all
    for key in shards:
        pipe.zrangebyscore(key, "-inf", now, start=0, num=-(-settings.sweep_batch // len(shards)),
                           withscores=True, score_cast_func=lambda raw: raw)
    due = [(key, member, score) for key, found in zip(shards, pipe.execute())
           for member, score in found]
    report.due = len(due)
    if not due:
        return
    sha = ctx.redis.script_load(_CAS)
    pipe = ctx.redis.pipeline(transaction=False)
    for key, member, score in due:
        match_id = member.decode()
        rearm = _sweep_match(ctx, match_id, now, report)
        pipe.evalsha(sha, 1, key, score,
                     "" if rearm is None else repr(rearm), match_id)
    pipe.execute()


def _sweep_match(ctx, match_id: str, now: float, report: SweepReport) -> Optional[float]:
    """Send the match's due timeouts; return when to look at it again (None: never)."""
    try:
        state = ctx.store.load(match_id)
    except MatchNotFound:
        return None
    if state.status != "active":
        return None
    sent = False
    for seat, deadline in enumerate(state.deadlines()):
        if deadline is not None and deadline <= now:
            ctx.bus.publish(COMMANDS, timeout_command(match_id, state.version, seat),
                            key=match_id)
            report.timeouts_sent += 1
            report.lateness.append(now - deadline)
            sent = True
    if sent:
        return now + ctx.settings.resend_seconds
    return next_deadline(announcement(state))


def vacation_end_command(match_id: str, player_id: str, until: str) -> dict:
    command, command_id = vacation_end(player_id, until)
    return {"source": SYSTEM, "match_id": match_id, "command": command,
            "command_id": command_id}


# KEYS: a player's vacation hash. ARGV: the until read. Ends that vacation (no days given
# back: it ran out) unless it was ended or replaced meanwhile; returns its paused matches.
_END_VACATION = """
if redis.call('HGET', KEYS[1], 'until') ~= ARGV[1] then return false end
local matches = redis.call('HGET', KEYS[1], 'matches') or '[]'
redis.call('HDEL', KEYS[1], 'until', 'started', 'matches')
return matches
"""


def _vacations(ctx, now: float, report: SweepReport) -> None:
    for member in ctx.redis.zrangebyscore(ctx.keys.vacations(), "-inf", now, start=0, num=500):
        player_id = member.decode()
        key = ctx.keys.player_vacation(player_id)
        until = (ctx.redis.hget(key, "until") or b"").decode()
        ended = ctx.redis.register_script(_END_VACATION)(keys=[key], args=[until])
        for match_id in json.loads(ended or "[]"):
            ctx.bus.publish(COMMANDS, vacation_end_command(match_id, player_id, until),
                            key=match_id)
        ctx.redis.zrem(ctx.keys.vacations(), player_id)
        running = ctx.redis.hget(key, "until")  # a vacation started since: keep it indexed
        if running is not None and running.decode() != until:
            ctx.redis.zadd(ctx.keys.vacations(), {player_id: timestamp(running.decode())})
        report.vacations_ended += 1 if ended is not None else 0
