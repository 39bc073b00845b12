"""Vacations: a player stops their clocks in every active correspondence match.

Each player has a yearly allowance of days (ORRERY_VACATION_DAYS_PER_YEAR, 30 by default),
counted per calendar year (UTC) of the vacation's start. Starting one appends
VacationStarted to each of the player's active correspondence matches through the match
command path; the clock sweep (services/turns) ends it when it runs out, and DELETE ends it
early, giving back the whole days not used. Both ends send the same command id per match,
so a vacation ends once however many times it is ended.
"""
from __future__ import annotations

import json
import math
import time
from datetime import datetime, timezone

from services.match.command_path.commands import submit_system
from services.match.queries import load_match
from shared.games.clock import DAY, iso
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


def start(ctx, player_id: str, days: int, allowance: int, now: float | None = None) -> dict:
    """Start a vacation of `days` days now; raise AlreadyOnVacation or AllowanceExceeded."""
    now = time.time() if now is None else now
    key = ctx.keys.player_vacation(player_id)
    left = days_left(ctx, player_id, allowance, now)
    if days > left:
        raise AllowanceExceeded(f"You have {left} vacation days left this year, not {days}.")
    until = iso(now + days * DAY)
    if not ctx.redis.hsetnx(key, "until", until):  # the first of two racing starts wins
        raise AlreadyOnVacation("You are on vacation already; end it before starting another.")
    ctx.redis.hincrby(key, _year(now), days)
    paused = []
    for match_id in _correspondence_matches(ctx, player_id):
        try:
            submit_system(ctx, match_id, {"type": "vacation_start", "player_id": player_id,
                                          "until": until},
                          f"vacation-start:{player_id}:{until}", now=now)
            paused.append(match_id)
        except ApiError:
            continue  # over meanwhile, or no seat left to pause: nothing to pause there
    ctx.redis.hset(key, mapping={"started": iso(now), "matches": json.dumps(paused)})
    ctx.redis.zadd(ctx.keys.vacations(), {player_id: now + days * DAY})
    return status(ctx, player_id, allowance, now)


def end(ctx, player_id: str, allowance: int, now: float | None = None) -> dict:
    """End the player's vacation now, giving back the whole days not used."""
    now = time.time() if now is None else now
    key = ctx.keys.player_vacation(player_id)
    stored = ctx.redis.hgetall(key)
    if b"until" not in stored:
        raise NotOnVacation("You are not on vacation.")
    until = stored[b"until"].decode()
    for match_id in json.loads(stored.get(b"matches") or b"[]"):
        try:
            submit_system(ctx, match_id, {"type": "vacation_end", "player_id": player_id},
                          f"vacation-end:{player_id}:{until}", now=now)
        except ApiError:
            continue  # ended meanwhile (by the sweep), or the match is over
    unused = math.floor((datetime.fromisoformat(until.replace("Z", "+00:00")).timestamp()
                         - now) / DAY)
    if unused > 0:
        ctx.redis.hincrby(key, _year(now), -unused)
    ctx.redis.hdel(key, "until", "started", "matches")
    ctx.redis.zrem(ctx.keys.vacations(), player_id)
    return status(ctx, player_id, allowance, now)
