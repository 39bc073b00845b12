"""The one command path: HTTP and the bus consumer both submit commands through `submit`,
and the platform's own commands (timeouts, vacations) through `submit_system`.

Load the match, check the expected version and the turn, decide (services/match/command_path/decisions.py:
platform commands first, then the engine), append at the version decided on (the append
script is the one place concurrency and command ids are settled) with each event's schema
version and the batch's cause (the command and seat, the system command or the invitation
answer that `orrery verify` re-executes), fold what was written, remember and announce. A repeated command id gets its first answer: the append
script says so, and when the command would now be refused (a stale version, not the seat's
turn any more, a rule) its id is looked up before the refusal is answered.

Round trips on the usual path: one, the append with its announcement (the state is the
one this process folded last; a cached state that is behind costs a catch-up read, and on
a Redis Cluster the announcement is a second round trip). The new state is folded from
the events as they will be logged before they are written, so that the append script can
add their announcement to the bus with them. The seed is kept in-process
(services/match/command_path/chance.py) and the appended events are not read back.
"""
from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from typing import Callable, Optional

from services.match.command_path import caps, decisions
from services.match.wormholes import relay as wormhole_relay
from services.match.command_path import announce as announcing
from services.match.command_path.announce import announce
from services.match.context import MatchContext
from services.match.metrics import (APPENDS_BY, COMMAND_SECONDS, COMMANDS_BY,
                                    CONFLICTS_BY, DUPLICATES)
from services.match.queries import load_match
from shared.eventlog import AppendResult, CommandIdReused
from shared.eventlog import VersionConflict as LogMoved
from shared.eventlog.archive.mover import OVER, mark_over
from shared.games.replay import MatchState, fold, stamped
from shared.infra import json_text
from shared.web import errors

ATTEMPTS = 5  # appends retried when another writer won and the client gave no version


@dataclass(frozen=True)
class CommandResult:
    """What a command wrote: its logged events (unredacted) and who must act after them."""

    state: MatchState  # the match as it is now, for redaction
    events: list
    version: int
    to_act: tuple
    duplicate: bool
    answer: object = None  # what `submit`'s `answer` made of the appended events, if it ran


def known_match(ctx: MatchContext, match_id: str) -> tuple:
    """(state, current): the match as this process last folded it (current False: the log
    may have moved on since; the append's version check and a re-read before any refusal
    make that safe), else as loaded from Redis now (current True)."""
    state = ctx.store.cached(match_id)
    if state is not None:
        return state, False
    return load_match(ctx, match_id), True


def submit(ctx: MatchContext, match_id: str, seat: int, command: dict,
           command_id: Optional[str] = None, expected_version: Optional[int] = None,
           source: str = "http", state: Optional[MatchState] = None,
           current: bool = True, answer: Optional[Callable] = None) -> CommandResult:
    """Apply `command` for `seat`, or raise the ApiError that says why not.

    `state`: the match as the caller just loaded it (the HTTP route does, to find the
    seat), so it is not loaded twice; an append at a stale version is refused anyway.
    `answer(state, events)`: the caller's answer to a command applied now, made while its
    append is on its way to Redis (EventLog.write's `meanwhile`) from the state and the
    events it writes; the result's `answer` holds it when the append succeeded and it
    ran without error, else None (a repeated command, a cluster: the caller makes it)."""
    key = command_key(seat, command_id)
    return _timed(ctx, match_id, key, expected_version,
                  decisions.seat_cause(seat, command, source), source, state,
                  digest=command_digest(command) if key else None, current=current,
                  answer=answer)


def submit_system(ctx: MatchContext, match_id: str, command: dict, command_id: str,
                  now: Optional[float] = None) -> CommandResult:
    """Apply a platform command (time_out, vacation_start, vacation_end: see
    platform_commands), checked against the log and the wall clock `now` (recorded with
    the events, so that verifying the log decides it again at the same time)."""
    cause = decisions.system_cause(command, time.time() if now is None else now)
    return _timed(ctx, match_id, f"system:{command_id}", None, cause, "system",
                  digest=command_digest(command))


def submit_reply(ctx: MatchContext, match_id: str, answer: str, player_id: str,
                 state: Optional[MatchState] = None) -> CommandResult:
    """Apply a player's answer ("accept" or "decline") to an invitation
    (services/match/command_path/invitations.py), decided on the match as it is, again if another
    answer was appended first. Accepting takes one of the player's places among their
    matches not over (caps.py): refused (409) at the cap, given back if the answer is."""
    with caps.Taken(ctx) as places:
        if answer == "accept":
            places.take(caps.ACTIVE, player_id, [match_id])
        return _timed(ctx, match_id, None, None, decisions.reply_cause(answer, player_id),
                      "http", state)


def _timed(ctx, match_id, key, expected_version, cause: dict, source,
           state: Optional[MatchState] = None, digest: Optional[str] = None,
           current: bool = True, answer: Optional[Callable] = None) -> CommandResult:
    started = time.perf_counter()
    try:
        try:
            result = _submit(ctx, match_id, key, expected_version, cause, state, digest,
                             current, answer)
        except CommandIdReused as reused:
            raise errors.CommandIdReused(reused.command_id.partition(":")[2]) from None
    except errors.ApiError as error:
        COMMANDS_BY(source, error.code).inc()
        raise
    COMMANDS_BY(source, "duplicate" if result.duplicate else "applied").inc()
    COMMAND_SECONDS.observe(time.perf_counter() - started)
    return result


def command_key(seat: int, command_id: Optional[str]) -> Optional[str]:
    """Command ids are the client's, so they are scoped to the seat that sent them."""
    return None if command_id is None else f"{seat}:{command_id}"


def command_digest(command: dict) -> str:
    """What tells a retry (the same command) from an id reused for another command: a
    digest of the command as loaded, whatever the order of its keys."""
    return hashlib.sha256(json_text.dumps_bytes(command, sort_keys=True)).hexdigest()[:24]


def _submit(ctx, match_id: str, key: Optional[str], expected_version: Optional[int],
            cause: dict, state: Optional[MatchState] = None,
            digest: Optional[str] = None, current: bool = True,
            answer: Optional[Callable] = None) -> CommandResult:
    if state is None:
        state, current = load_match(ctx, match_id), True
    seed = lambda: ctx.seeds.of(match_id)  # noqa: E731 - read only if the decision draws
    for _ in range(ATTEMPTS):
        try:
            if expected_version is not None and expected_version != state.version:
                raise errors.VersionConflict(state.version)
            events = decisions.decide(state, cause, seed)
            wormhole_relay.check_destinations(ctx, state, events)  # multi-battle jumps
        except Exception:
            if not current:  # refused on what may be an old state: decide on the log's
                state, current = load_match(ctx, match_id), True
                continue
            # A command id seen before gets its first answer, whatever deciding it again
            # says: the retry of a command that was applied is stale or out of turn now.
            prior = None if key is None else ctx.log.command_result(match_id, key, digest)
            if prior is not None:
                return _repeat(ctx, match_id, prior)
            raise
        if not events and not current:  # "answered before" may be the old state's view
            state, current = load_match(ctx, match_id), True
            continue
        if not events:  # an answer given before (invitations): nothing to append
            return CommandResult(state=state, events=[], version=state.version,
                                 to_act=state.to_act(), duplicate=True)
        batch = ctx.log.prepare(match_id, stamped(state.engine, events), state.version,
                                command_id=key, cause=cause, command_digest=digest)
        after = fold(list(batch.logged), start=state)  # the state once they are written
        made = []
        meanwhile = None if answer is None else lambda: _answering(answer, after, batch, made)
        try:
            written = ctx.log.write(batch, then_publish=announcing.outgoing(ctx.bus, after),
                                    meanwhile=meanwhile)
        except LogMoved as moved:
            CONFLICTS_BY(str(expected_version is None).lower()).inc()  # retried
            if expected_version is not None:
                raise errors.VersionConflict(moved.current) from None
            state, current = load_match(ctx, match_id), True  # decide again on the log's
            continue
        if written.duplicate:  # the same id won a race with us: answer as the first time
            return _repeat(ctx, match_id, written)
        APPENDS_BY("command").inc()
        return _applied(ctx, after, written, made[0] if made else None)
    raise errors.VersionConflict(state.version)


def _answering(answer: Callable, after: MatchState, batch, made: list) -> None:
    """The caller's answer, made while the append is on its way (so it must not raise
    there): an error leaves `made` empty, and the caller makes its answer after the
    append as it would without this, meeting the same error then."""
    try:
        made.append(answer(after, list(batch.logged)))
    except Exception:  # noqa: BLE001 - raised again where the caller makes it itself
        pass


def _applied(ctx: MatchContext, after: MatchState, written: AppendResult,
             answer: object = None) -> CommandResult:
    """Keep the new state warm, and tell the bus if the append did not."""
    logged = list(written.logged)
    ctx.store.remember(after)
    # A match over, an invitation answered: places freed; a match over takes no more
    # appends, so it is due for the archive after a delay. Both in one round trip.
    over = after.status in OVER
    caps.settle(ctx, after, logged, also=(
        lambda pipe: mark_over(pipe, ctx.keys, after.match_id)) if over else None)
    if not written.published:
        announce(ctx.bus, after)
    wormhole_relay.after_append(ctx, after, logged)  # multi-battle departures to the bus
    return CommandResult(state=after, events=logged, version=after.version,
                         to_act=after.to_act(), duplicate=False, answer=answer)


def _repeat(ctx: MatchContext, match_id: str, prior: AppendResult) -> CommandResult:
    """The first answer to a command id: its events, and who had to act after them."""
    DUPLICATES.inc()
    logged = ctx.log.read(match_id, from_version=prior.first_version - 1,
                          to_version=prior.last_version)
    then = ctx.store.load(match_id, prior.last_version)
    now = load_match(ctx, match_id)
    # Announce again: the first attempt may have died between its append and its
    # announcement, and a client retries exactly then. Consumers are idempotent, so a
    # repeated announcement costs nothing and heals that gap.
    announce(ctx.bus, now)
    caps.settle(ctx, now, logged)  # as the first attempt would have, had it lived
    # The first attempt may also have died before marking the match over for the archive
    # (a match already archived is not marked again).
    if now.status in OVER and ctx.log.where(match_id) == "redis":
        mark_over(ctx.redis, ctx.keys, match_id)
    return CommandResult(state=now, events=logged, version=prior.last_version,
                         to_act=then.to_act(), duplicate=True)
