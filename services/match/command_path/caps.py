"""Caps per player, so one player cannot hold the service's resources (issue 25, item 3).

Three sets per player, each capped (shared/config.py, ORRERY_MAX_*):
- active: the matches the player created or accepted that are not over (status invited or
  active). A creator's match that waits for its invited players counts: it is the
  creator's, and so the invitations a player has sent and not seen answered are bounded
  by this cap too. Checked when a player creates a match (or a battle group's tables) and
  when they accept an invitation.
- invitations: the matches inviting the player that they have not answered, checked for
  every invited player when a match is created: nobody's list fills with invitations.
- groups: the battle groups the player created that have a table not over.

Each set is a sorted set (member -> when it was counted). A place is taken by a script on
the one key (atomic, so parallel requests can never pass the cap; one slot per key, so it
is the same on a Redis Cluster; Redis 6.2 is enough). A request that takes
several places (a creation inviting several players, a battle group) takes them one by one
and gives back what it took when one is refused or the write fails: nothing is created,
and a race between two such requests can only refuse one more than needed, never admit one
too many.

Places are given back when a match ends or an invitation is answered (`settle`, after
every append of the command path), and, should that step have been missed (a process that
died just then), when a player meets a cap: the entries are checked against the matches
as they are then, and those that no longer count are dropped before refusing (an entry
whose match is not written yet counts for IN_FLIGHT_SECONDS: its request may be under
way). Battle groups are only pruned so: a group is over when its last table is.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable, Optional

import redis as redis_lib

from services.match.context import MatchContext
from shared.eventlog.store import MatchNotFound
from shared.games import platform
from shared.games.registry import UnknownGame
from shared.games.replay import MatchState
from shared.web.errors import ApiError

# KEYS: the player's sorted set (member -> when it was counted). ARGV: the cap, the time,
# then the members to add. Returns the members that were new (now added), or -1 (nothing
# added) when they would pass the cap.
_TAKE = """
local new = {}
for i = 3, #ARGV do
  if not redis.call('ZSCORE', KEYS[1], ARGV[i]) then new[#new + 1] = ARGV[i] end
end
if #new == 0 then return new end
if redis.call('ZCARD', KEYS[1]) + #new > tonumber(ARGV[1]) then return -1 end
for _, member in ipairs(new) do redis.call('ZADD', KEYS[1], ARGV[2], member) end
return new
"""
# A place is taken before its match is written: one whose match does not exist yet is
# pruned only once it is older than this (a request that died between the two steps).
IN_FLIGHT_SECONDS = 60.0

OPEN = ("invited", "active")


class TooManyActiveMatches(ApiError):
    status, code = 409, "too_many_active_matches"


class TooManyInvitations(ApiError):
    status, code = 409, "too_many_invitations"


class TooManyBattleGroups(ApiError):
    status, code = 409, "too_many_battle_groups"


def _state(ctx: MatchContext, match_id: str) -> Optional[MatchState]:
    """The match, None when it does not exist (or its game is gone)."""
    try:
        return ctx.store.load(match_id)
    except (MatchNotFound, UnknownGame):
        return None


# Whether an entry still counts: (ctx, player, member, settled) -> bool, `settled` telling
# whether the entry is old enough that its request has written what it was going to.

def _still_active(ctx: MatchContext, player: str, match_id: str, settled: bool) -> bool:
    state = _state(ctx, match_id)
    return state.status in OPEN if state is not None else not settled


def _still_invited(ctx: MatchContext, player: str, match_id: str, settled: bool) -> bool:
    state = _state(ctx, match_id)
    if state is None:
        return not settled
    return state.status == "invited" and any(
        seat in state.platform.invited for seat, taken in enumerate(state.seats)
        if taken.get("player_id") == player)


def _group_open(ctx: MatchContext, player: str, group_id: str, settled: bool) -> bool:
    group = ctx.redis.hget(ctx.keys.battle_group(group_id), "tables")
    if group is None:
        return not settled
    return any(_still_active(ctx, player, m, settled) for m in json.loads(group))


@dataclass(frozen=True)
class Cap:
    """One kind of capped set: its key, its limit and what still counts."""

    key: Callable[[str], str]
    limit: Callable[[MatchContext], int]
    counts: Callable[[MatchContext, str, str, bool], bool]
    refusal: Callable[[int], ApiError]


ACTIVE = Cap(key=lambda k: k.player_active, limit=lambda c: c.settings.max_active_matches,
             counts=_still_active,
             refusal=lambda n: TooManyActiveMatches(
                 f"A player may have at most {n} matches not over (in play, or waiting for "
                 "the players they invited); finish, resign or call one off first."))
INVITATIONS = Cap(key=lambda k: k.player_invitations,
                  limit=lambda c: c.settings.max_pending_invitations, counts=_still_invited,
                  refusal=lambda n: TooManyInvitations(
                      f"A player invited here has {n} invitations not answered, as many as "
                      "a player may; they must answer some first."))
GROUPS = Cap(key=lambda k: k.player_groups, limit=lambda c: c.settings.max_battle_groups,
             counts=_group_open,
             refusal=lambda n: TooManyBattleGroups(
                 f"A player may have at most {n} battle groups with a table not over; "
                 "finish one first."))


def _script(ctx: MatchContext):
    return ctx.redis.register_script(_TAKE)  # local: a digest, no round trip


def take(ctx: MatchContext, cap: Cap, player: str, members: list) -> list:
    """Count `members` for `player` under `cap`; the members newly counted (to give back
    on failure). Raises the cap's ApiError (409) when they do not fit."""
    key = cap.key(ctx.keys)(player)
    limit = cap.limit(ctx)
    for attempt in range(2):
        taken = _script(ctx)(keys=[key], args=[limit, repr(time.time()), *members])
        if not isinstance(taken, int):
            return [m.decode() if isinstance(m, bytes) else m for m in taken]
        if attempt == 0 and not _prune(ctx, cap, player, key):
            break
    raise cap.refusal(limit)


def _prune(ctx: MatchContext, cap: Cap, player: str, key: str) -> bool:
    """Drop the entries that no longer count (their end was not settled, or their request
    died before writing anything); True if any."""
    settled = time.time() - IN_FLIGHT_SECONDS
    stale = [m.decode() for m, since in ctx.redis.zrange(key, 0, -1, withscores=True)
             if not cap.counts(ctx, player, m.decode(), since < settled)]
    if stale:
        ctx.redis.zrem(key, *stale)
    return bool(stale)


def give_back(ctx: MatchContext, cap: Cap, player: str, members: Iterable[str]) -> None:
    members = list(members)
    if not members:
        return
    try:
        ctx.redis.zrem(cap.key(ctx.keys)(player), *members)
    except redis_lib.RedisError:
        pass  # counted until the player next meets the cap, which prunes it


@dataclass
class Taken:
    """Places taken by one request, given back together if it fails."""

    ctx: MatchContext
    places: list = field(default_factory=list)  # (cap, player, members)

    def take(self, cap: Cap, player: str, members: list) -> None:
        self.places.append((cap, player, take(self.ctx, cap, player, members)))

    def keep(self) -> None:
        self.places = []

    def give_back(self) -> None:
        for cap, player, members in self.places:
            give_back(self.ctx, cap, player, members)
        self.places = []

    def __enter__(self):
        return self

    def __exit__(self, kind, error, trace):
        if kind is not None:
            self.give_back()


def for_creation(taken: Taken, creator: Optional[str], tables: list) -> None:
    """Take the places a player's creation of `tables` needs: (match_id, seats) each, the
    creator's place in the tables they sit at, and every other person's invitation."""
    if creator is None:
        return
    mine = [m for m, seats in tables if any(s.get("player_id") == creator for s in seats)]
    if mine:
        taken.take(ACTIVE, creator, mine)
    invited: dict = {}
    for match_id, seats in tables:
        for seat in seats:
            person = seat.get("player_id")
            if person is not None and person != creator:
                invited.setdefault(person, [])
                if match_id not in invited[person]:
                    invited[person].append(match_id)
    for person in sorted(invited):
        taken.take(INVITATIONS, person, invited[person])


def count_service_match(ctx: MatchContext, match_id: str, seats: list) -> None:
    """A match matchmaking formed counts for its players (it is not refused: each ticket
    was one at a time, so it passes the cap by one at most)."""
    people = {s["player_id"] for s in seats if "player_id" in s}
    if not people:
        return
    now = time.time()
    pipe = ctx.redis.pipeline(transaction=False)
    for person in sorted(people):
        pipe.zadd(ACTIVE.key(ctx.keys)(person), {match_id: now})
    pipe.execute()


def settle(ctx: MatchContext, state: MatchState, events: list,
           also: Optional[Callable] = None) -> None:
    """After an append: a match over frees every player's places; an answered invitation
    frees its player's. `also(pipe)` queues the caller's own writes, sent in the same round
    trip: with them an error is raised (theirs must be written), without them it is not
    (places left behind are pruned when their player next meets a cap)."""
    people = {s["player_id"] for s in state.seats if "player_id" in s}
    if state.status not in OPEN:
        done = {(ACTIVE, p) for p in people} | {(INVITATIONS, p) for p in people}
    else:
        answered = {e["data"]["player_id"] for e in events
                    if e["type"] == platform.INVITATION_ACCEPTED}
        done = {(INVITATIONS, p) for p in answered}
    if not done and also is None:
        return
    pipe = ctx.redis.pipeline(transaction=False)
    for cap, person in sorted(done, key=lambda d: (d[0].key(ctx.keys)(d[1]))):
        pipe.zrem(cap.key(ctx.keys)(person), state.match_id)
    if also is not None:
        also(pipe)
    try:
        pipe.execute()
    except redis_lib.RedisError:
        if also is not None:
            raise
        # the places are pruned when their player next meets a cap
