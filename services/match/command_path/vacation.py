"""Vacations: a player stops their clocks in every active correspondence match.

Each player has a yearly allowance of days (ORRERY_VACATION_DAYS_PER_YEAR, 30 by default),
counted per calendar year (UTC) of the vacation's start. Starting one appends
VacationStarted to each of the player's active correspondence matches through the match
command path; the clock sweep (services/turns) ends it when it runs out, and DELETE ends it
early, giving back the whole days not used. Both ends send the same command id per match,
so a vacation ends once however many times it is ended.

Each change of the player's vacation hash is one script (Lua, one key): a start checks and
takes the allowance in one step, an end gives days back only for the vacation it read, so
racing requests (ten concurrent DELETEs turned a 30-day allowance into 229 days) cannot take
more than the allowance or give back a day twice.
"""
from __future__ import annotations

import json
import math
import time
from datetime import datetime, timezone

from services.match.command_path.commands import submit_system
from services.match.queries import load_match
from shared.games.clock import DAY, iso
from shared.schemas.bus import vacation_end
from shared.web.errors import ApiError


class AlreadyOnVacation(ApiError):
    status, code = 409, "already_on_vacation"


class NotOnVacation(ApiError):
    status, code = 409, "not_on_vacation"


class AllowanceExceeded(ApiError):
    status, code = 422, "vacation_allowance_exceeded"


def _year(now: float) -> str:
    return f"used:{datetime.fromtimestamp(now, timezone.utc).year}"


def days_left(ctx, player_id: str, allowance: int, now: float) -> int:
    used = ctx.redis.hget(ctx.keys.player_vacation(player_id), _year(now))
    return allowance - int(used or 0)


def _correspondence_matches(ctx, player_id: str) -> list:
    """The player's active matches on a clock measured in days."""
    out = []
    for member in ctx.redis.zrange(ctx.keys.player_matches(player_id), 0, -1):
        state = load_match(ctx, member.decode())
        rules = state.platform.rules
        if state.status == "active" and rules is not None and rules.correspondence:
            out.append(state.match_id)
    return out


def status(ctx, player_id: str, allowance: int, now: float) -> dict:
    stored = ctx.redis.hgetall(ctx.keys.player_vacation(player_id))
    until = stored.get(b"until")
    return {"on_vacation": until is not None, "until": until.decode() if until else None,
            "days_left": days_left(ctx, player_id, allowance, now),
            "matches": json.loads(stored.get(b"matches") or b"[]")}


# KEYS: the player's vacation hash. ARGV: the year's field, days, allowance, until, started.
# Checking that no vacation runs and that the year's allowance covers it, and taking the
# days, is one step: of racing starts one wins, and the days taken never pass the allowance.
_START = """
if redis.call('HEXISTS', KEYS[1], 'until') == 1 then return {'away', 0} end
local used = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if used + tonumber(ARGV[2]) > tonumber(ARGV[3]) then
  return {'exceeded', tonumber(ARGV[3]) - used}
end
redis.call('HINCRBY', KEYS[1], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[1], 'until', ARGV[4], 'started', ARGV[5], 'matches', '[]')
return {'ok', 0}
"""

# KEYS: the vacation hash. ARGV: until, a match id. Adds the match to those the vacation
# pauses, before it is paused, if that vacation still runs (1), else 0: it was ended.
_RECORD = """
if redis.call('HGET', KEYS[1], 'until') ~= ARGV[1] then return 0 end
local matches = cjson.decode(redis.call('HGET', KEYS[1], 'matches') or '[]')
table.insert(matches, ARGV[2])
redis.call('HSET', KEYS[1], 'matches', cjson.encode(matches))
return 1
"""

# KEYS: the vacation hash. ARGV: the until read, the year's field of its start, days given
# back. Ends that vacation once: a second end (racing, or of a vacation replaced
# meanwhile) changes nothing and returns false; the first returns the paused matches.
_END = """
if redis.call('HGET', KEYS[1], 'until') ~= ARGV[1] then return false end
local matches = redis.call('HGET', KEYS[1], 'matches') or '[]'
if tonumber(ARGV[3]) > 0 then redis.call('HINCRBY', KEYS[1], ARGV[2], -tonumber(ARGV[3])) end
redis.call('HDEL', KEYS[1], 'until', 'started', 'matches')
return matches
"""


def start(ctx, player_id: str, days: int, allowance: int, now: float | None = None) -> dict:
    """Start a vacation of `days` days now; raise AlreadyOnVacation or AllowanceExceeded."""
    now = time.time() if now is None else now
    key = ctx.keys.player_vacation(player_id)
    until = iso(now + days * DAY)
    answer, left = ctx.redis.register_script(_START)(
        keys=[key], args=[_year(now), days, allowance, until, iso(now)])
    answer = answer.decode() if isinstance(answer, bytes) else answer
    if answer == "away":
        raise AlreadyOnVacation("You are on vacation already; end it before starting another.")
    if answer == "exceeded":
        raise AllowanceExceeded(f"You have {left} vacation days left this year, not {days}.")
    # Each match is recorded before it is paused, so an end racing this start resumes every
    # match paused so far; one paused after that end is resumed here.
    record = ctx.redis.register_script(_RECORD)
    for match_id in _correspondence_matches(ctx, player_id):
        if not record(keys=[key], args=[until, match_id]):
            break  # ended meanwhile: pause nothing more
        _send(ctx, match_id, {"type": "vacation_start", "player_id": player_id,
                              "until": until}, f"vacation-start:{player_id}:{until}", now)
        if ctx.redis.hget(key, "until") != until.encode():
            _resume(ctx, player_id, until, [match_id], now)
            break
    ctx.redis.zadd(ctx.keys.vacations(), {player_id: now + days * DAY})
    _heal_index(ctx, player_id)
    return status(ctx, player_id, allowance, now)


def end(ctx, player_id: str, allowance: int, now: float | None = None) -> dict:
    """End the player's vacation now, giving back the whole days not used (to the year it
    started in)."""
    now = time.time() if now is None else now
    key = ctx.keys.player_vacation(player_id)
    stored = ctx.redis.hmget(key, "until", "started")
    if stored[0] is None:
        raise NotOnVacation("You are not on vacation.")
    until, started = stored[0].decode(), (stored[1] or stored[0]).decode()
    # An end read before the start it ends (racing) counts from the start: never more
    # days back than were taken.
    unused = max(0, math.floor((_epoch(until) - max(now, _epoch(started))) / DAY))
    matches = ctx.redis.register_script(_END)(
        keys=[key], args=[until, _year(_epoch(started)), unused])
    if matches is None:  # another end (or the sweep) ended it first
        raise NotOnVacation("You are not on vacation: it was just ended.")
    _resume(ctx, player_id, until, json.loads(matches), now)
    ctx.redis.zrem(ctx.keys.vacations(), player_id)
    _heal_index(ctx, player_id)
    return status(ctx, player_id, allowance, now)


def _send(ctx, match_id: str, command: dict, command_id: str, now: float) -> bool:
    try:
        submit_system(ctx, match_id, command, command_id, now=now)
        return True
    except ApiError:
        return False  # over meanwhile, or nothing to pause or resume there


def _resume(ctx, player_id: str, until: str, matches: list, now: float) -> None:
    command, command_id = vacation_end(player_id, until)
    for match_id in matches:
        _send(ctx, match_id, command, command_id, now)


def _heal_index(ctx, player_id: str) -> None:
    """The index of running vacations (the sweep's) is on another slot than the player's
    vacation: after a start and an end that raced, make it say what the vacation hash says."""
    until = ctx.redis.hget(ctx.keys.player_vacation(player_id), "until")
    if until is None:
        ctx.redis.zrem(ctx.keys.vacations(), player_id)
    else:
        ctx.redis.zadd(ctx.keys.vacations(), {player_id: _epoch(until.decode())})


def _epoch(text: str) -> float:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()
