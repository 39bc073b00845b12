"""Reading matches: the view, legal commands, event pages, replays and the raw log."""
from __future__ import annotations

from typing import Iterator, Optional

from services.match.export import is_over, ndjson, stored_seed, with_seed
from services.match.redaction import redact_all
from shared.eventlog.keys import MATCH_ID
from shared.eventlog.store import MatchNotFound
from shared.games import clock as clocks
from shared.games import platform
from shared.games.registry import UnknownGame
from shared.games.replay import MatchState
from shared.web.errors import Forbidden, InvalidRequest, NotFound


def load_match(ctx, match_id: str, version: Optional[int] = None) -> MatchState:
    """The match (after `version` events when given); 404 when there is no such match."""
    if not MATCH_ID.match(match_id):  # also keeps odd text out of Redis key names
        raise NotFound(f"There is no match {match_id!r}.")
    try:
        return ctx.store.load(match_id, version)
    except (MatchNotFound, UnknownGame):
        raise NotFound(f"There is no match {match_id!r}.") from None


def public_clock(state: MatchState) -> Optional[dict]:
    """The clock as agreed at creation, and where each seat's stands (as of the last event:
    `remaining_seconds` is what was left then; `deadline` says when it runs out)."""
    if state.clock is None:
        return None
    facts = state.platform
    at = facts.last_at or 0.0
    seats = []
    for seat, seat_clock in enumerate(facts.clocks):
        seats.append({
            "seat": seat, "deadline": clocks.iso(platform.deadline(facts, seat)),
            "remaining_seconds": round(seat_clock.remaining(at, facts.rules), 3),
            "paused": seat_clock.paused,
            "controlled_by": "bot" if platform.taken_over(facts, seat) else "seat"})
    return {**state.clock, "enforced": True, "seats": seats}


def match_view(state: MatchState, seat: Optional[int]) -> dict:
    """The match as `seat` (None: spectator) may see it."""
    if state.game_state is None:
        return _before_setup(state)
    engine = state.engine
    return {"match_id": state.match_id, "game": state.game, "seats": list(state.seats),
            "status": state.status, "version": state.version, "to_act": list(state.to_act()),
            "view": engine.view(state.game_state, seat),
            "outcome": state.outcome, "clock": public_clock(state),
            "invited": sorted(state.platform.invited)}


def _before_setup(state: MatchState) -> dict:
    # An invited match, or a replay at version 1 (only MatchCreated): engines need not
    # accept a None state, and nothing of the game exists yet to show.
    return {"match_id": state.match_id, "game": state.game, "seats": list(state.seats),
            "status": state.status, "version": state.version, "to_act": [], "view": {},
            "outcome": None, "clock": public_clock(state),
            "invited": sorted(state.platform.invited)}


def legal(state: MatchState, seat: int, closed_tables: frozenset = frozenset()) -> dict:
    """Every command `seat` may send now (none when it is not to act), but those sent to a
    table of its battle group that cannot take them (`closed_tables`)."""
    commands = state.engine.legal_commands(state.game_state, seat) if seat in state.to_act() else []
    if closed_tables:
        destination = state.engine.destination
        commands = [c for c in commands if destination(c) not in closed_tables]
    out = {"seat": seat, "commands": list(commands)}
    if state.engine.costs is not None and commands:
        out["costs"] = state.engine.costs(state.game_state, seat, commands)
    return out


def events_page(ctx, state: MatchState, seat: Optional[int], after: int, limit: int) -> dict:
    """Up to `limit` events after version `after`, redacted for `seat`."""
    events = ctx.log.read(state.match_id, from_version=after, limit=limit)
    return {"events": redact_all(state, events, seat),
            "next": events[-1]["v"] if events else after}


def replay(ctx, state: MatchState, version: int, seat: Optional[int]) -> dict:
    """The match as it stood after event `version`, seen by `seat` as the match is now."""
    if not 1 <= version <= state.version:
        raise InvalidRequest({"version": [f"This match has versions 1 to {state.version}."]})
    return match_view(load_match(ctx, state.match_id, version), seat)


def log_lines(ctx, state: MatchState) -> Iterator[str]:
    """The whole unredacted log as NDJSON lines, with the seed and every batch's cause
    (services/match/export.py); public once the match is over (finished or aborted)."""
    if not is_over(state):
        raise Forbidden("The log of a match in progress holds hidden information; "
                        "it can be exported once the match is over.")
    events = ctx.log.read(state.match_id, to_version=state.version)
    return ndjson(with_seed(events, stored_seed(ctx.log, state.match_id)))


def recent_matches(ctx, limit: int) -> list:
    """The latest matches anyone may watch (in play or finished; not those still waiting
    for invited players, declined or aborted), newest first: the lobby's list."""
    from shared.eventlog.keys import INDEX_SHARDS
    pipe = ctx.redis.pipeline(transaction=False)
    for shard in range(INDEX_SHARDS):
        pipe.zrevrange(ctx.keys.recent_matches(shard), 0, limit * 2 - 1, withscores=True)
    newest = sorted((entry for shard in pipe.execute() for entry in shard), key=lambda e: -e[1])
    out = []
    for member, _ in newest:
        match_id = member.decode() if isinstance(member, bytes) else member
        try:
            state = ctx.store.load(match_id)
        except (MatchNotFound, UnknownGame):
            continue
        if state.status not in ("active", "finished"):
            continue
        out.append({"match_id": match_id, "game": state.game, "status": state.status,
                    "version": state.version, "seats": list(state.seats),
                    "to_act": list(state.to_act()), "created_at": state.created_at})
        if len(out) >= limit:
            break
    return out
