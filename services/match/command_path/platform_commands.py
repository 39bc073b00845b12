"""Platform commands: what the match service decides before (or instead of) the engine.

Seat commands, accepted for every game (services/match/schemas.py checks their shape):
    {"type": "resign"}   any time the match is active and the seat is still in play
    {"type": "abort"}    before the first game move (after setup), by any seated player;
                         refused in ranked play of a game that deals hidden information
                         (see `_abort_refused`)
    {"type": "reclaim"}  take back a seat a bot took over after a timeout (any command the
                         player sends through HTTP for that seat reclaims it too, in the
                         same append, when that command is legal)
System commands, from the clock sweep on the bus (shared/schemas/bus.py SystemCommandSchema):
    {"type": "time_out", "seat", "version"}        the seat's deadline passed at `version`
    {"type": "vacation_start", "player_id", "until"},
    {"type": "vacation_end", "player_id", "until"}   "until" names the vacation that ends
and from the wormhole arrivals consumer (services/match/wormholes/groups.py):
    {"type": "wormhole_arrival", <TransferSchema>} a fleet from a linked match (multi-battle)

Each returns the platform events to append (shared/games/platform.py folds them) or raises
the ApiError that says why not. Deciding is pure over the folded state and `now`.
"""
from __future__ import annotations

import random
from typing import Callable, Optional

from shared.games import api as engine_api
from shared.games import platform
from shared.games.clock import iso, timestamp
from marshmallow import ValidationError

from shared.games.replay import MatchState
from shared.schemas.bus import TransferSchema
from shared.web import errors

SEAT_COMMANDS = ("resign", "abort", "reclaim")


def event(kind: str, **data) -> dict:
    return {"type": kind, "data": data}


def _active(state: MatchState) -> None:
    if state.status == "invited":
        raise errors.IllegalCommand("The match has not started: it waits for its invited "
                                    "players; decline it to call it off.")
    if state.status != "active":
        raise errors.IllegalCommand(f"The match is {state.status}.")


def decide_seat(state: MatchState, seat: int, command: dict) -> list:
    """The events of a platform seat command (resign, abort, reclaim)."""
    _active(state)
    facts = state.platform
    kind = command["type"]
    if facts.out[seat] is not None:
        raise errors.IllegalCommand(f"Seat {seat} is out of the match ({facts.out[seat]}).")
    if kind == "resign":
        return leaving(state, seat, platform.SEAT_RESIGNED, "resignation")
    if kind == "abort":
        if not platform.before_first_move(facts):
            raise errors.IllegalCommand("A match can be aborted only before its first move; "
                                        "resign instead.")
        _abort_refused(state)
        return [event(platform.MATCH_ABORTED, seat=seat)]
    if not platform.taken_over(facts, seat):
        raise errors.IllegalCommand(f"Seat {seat} is already played by its player.")
    return [reclaimed(seat)]


def leaving(state: MatchState, seat: int, kind: str, reason: str) -> list:
    """The seat leaves (resigns or forfeits); when it was the last person in play and bots
    would play on for nobody, MatchAbandoned ends the match in the same append (a fact in
    the log, so replaying and verifying it end it alike). The outcome rule is the one of
    every match the platform ends: the seats still in play share first, those out last
    (shared/games/platform.py, `outcome`)."""
    left = [event(kind, seat=seat)]
    if platform.no_person_left(state.platform, seat):
        left.append(event(platform.MATCH_ABANDONED, seat=seat, reason=reason))
    return left


def _abort_refused(state: MatchState) -> None:
    """In ranked play an abort after the deal would be free: a seat could look at its hand,
    agendas or deck, and abort a deal it dislikes until it gets one it likes. The server
    cannot tell a look from none (a read is not a fact in the log), so the deal itself counts
    as the look: once a ranked match of a game that hides information has started, abort
    is refused and the seat resigns (a rated loss) instead. A game with nothing hidden
    (tic-tac-toe) and casual play keep their free abort before the first move."""
    if state.platform.ranked and state.engine.spec.hides_information:
        raise errors.IllegalCommand(
            f"In ranked {state.engine.spec.title} a match cannot be aborted once it has "
            "started: the deal is dealt, and a seat may have seen what the others cannot. "
            "Resign instead.")


def reclaimed(seat: int) -> dict:
    return event(platform.SEAT_RECLAIMED, seat=seat)


def taken_over_hint(state: MatchState, seat: int) -> str:
    if platform.taken_over(state.platform, seat):
        return (" A bot plays this seat since it timed out; send {\"type\": \"reclaim\"} to "
                "take it back now, or your move on your turn.")
    return ""


# ---- system commands ----------------------------------------------------------------------

def decide_system(state: MatchState, command: dict, now: float,
                  chance: Optional[Callable[[], random.Random]] = None) -> list:
    """The events of a system command at wall time `now` (seconds since the epoch);
    `chance` makes the decision's generator when a skipped turn's pass needs one."""
    kind = command.get("type")
    if kind == "time_out":
        return time_out(state, command, now, chance)
    if kind == "vacation_start":
        return vacation_start(state, command)
    if kind == "vacation_end":
        return vacation_end(state, command)
    if kind == "wormhole_arrival":
        return wormhole_arrival(state, command, chance)
    raise errors.InvalidRequest({"command": {"type": [f"Unknown system command {kind!r}."]}})


def _int(command: dict, name: str) -> int:
    value = command.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise errors.InvalidRequest({"command": {name: ["Must be an integer."]}})
    return value


def time_out(state: MatchState, command: dict, now: float,
             chance: Optional[Callable[[], random.Random]] = None) -> list:
    """TurnTimedOut and what the match's policy does about it, if the seat's deadline really
    passed at the version named (a timeout for a seat not to act, or stale, is refused)."""
    seat, version = _int(command, "seat"), _int(command, "version")
    _active(state)
    if version != state.version:
        raise errors.VersionConflict(state.version)
    if not 0 <= seat < len(state.seats) or seat not in state.to_act():
        raise errors.NotYourTurn(f"Seat {seat} is not to act at version {version}.")
    deadline = platform.deadline(state.platform, seat)
    if deadline is None:
        raise errors.IllegalCommand(f"Seat {seat} has no running clock at version {version}.")
    if deadline > now:
        raise errors.IllegalCommand(f"Seat {seat}'s time runs out at {iso(deadline)}, not yet.")
    policy = state.platform.rules.on_timeout
    timed_out = event(platform.TURN_TIMED_OUT, seat=seat, version=version, policy=policy,
                      deadline=iso(deadline))
    return [timed_out] + _policy(state, seat, policy, chance)


def _policy(state: MatchState, seat: int, policy: str, chance) -> list:
    if policy == "forfeit":
        return leaving(state, seat, platform.SEAT_FORFEITED, "forfeit")
    if policy == "skip":
        passed = _pass(state, seat, chance)
        if passed:
            return passed
        # The game allows no pass at this moment: a bot plays this turn and on, as `bot`.
    stand_in = platform.stand_in(state.platform, seat, state.game)
    return [event(platform.SEAT_TAKEN_OVER, seat=seat, bot=stand_in["bot"],
                  level=stand_in["level"], reason="timeout")]


def _pass(state: MatchState, seat: int, chance) -> list:
    """The engine's events for the seat's pass, or [] when it cannot pass now."""
    engine = state.engine
    command = engine.pass_command(state.game_state, seat) if engine.pass_command else None
    if command is None:
        return []
    rng = chance() if chance is not None else random.Random(0)
    try:
        return list(engine.decide(state.game_state, seat, command, rng))
    except engine_api.RuleError:
        return []


def _seats_of(state: MatchState, player_id: str) -> list:
    return [i for i, seat in enumerate(state.seats) if seat.get("player_id") == player_id]


def vacation_start(state: MatchState, command: dict) -> list:
    """Stop the player's clocks in this correspondence match until `until`."""
    _active(state)
    player_id, until = command.get("player_id"), command.get("until")
    if not isinstance(player_id, str) or not isinstance(until, str):
        raise errors.InvalidRequest({"command": ["Needs player_id and until."]})
    rules = state.platform.rules
    if rules is None or not rules.correspondence:
        raise errors.IllegalCommand("Vacations pause correspondence clocks only.")
    seats = [s for s in _seats_of(state, player_id) if state.platform.vacations[s] is None]
    if not seats:
        raise errors.IllegalCommand("The player holds no seat here that is not on vacation.")
    return [event(platform.VACATION_STARTED, player_id=player_id, seats=seats, until=until)]


def vacation_end(state: MatchState, command: dict) -> list:
    """Run the player's clocks in this match again: those the vacation ending `until`
    paused (any of the player's pauses when `until` is absent, as older logs decided).

    Naming the vacation matters when ends race new starts: an end of a vacation arriving
    after the next vacation paused the match must not end that one, or the first
    vacation's own late pause would be left with no end to come."""
    _active(state)
    player_id, until = command.get("player_id"), command.get("until")
    try:
        ending = None if until is None else timestamp(until)
    except (TypeError, ValueError, AttributeError):
        raise errors.InvalidRequest({"command": ["until must be an ISO 8601 time."]}) from None
    seats = [s for s in _seats_of(state, player_id)
             if state.platform.vacations[s] is not None
             and (ending is None or state.platform.vacations[s] == ending)]
    if not seats:
        raise errors.IllegalCommand("The player is not on that vacation in this match.")
    return [event(platform.VACATION_ENDED, player_id=player_id, seats=seats)]


_TRANSFER = TransferSchema()


def wormhole_arrival(state: MatchState, command: dict,
                     chance: Optional[Callable[[], random.Random]] = None) -> list:
    """The engine's events for a transfer from another match of the battle group; a
    transfer that already arrived is refused by the engine (and its command id, the
    transfer id, answers a repeat before that)."""
    _active(state)
    engine = state.engine
    if engine.arrival is None:
        raise errors.IllegalCommand(f"{engine.spec.title} has no wormholes.")
    try:
        transfer = _TRANSFER.load({k: v for k, v in command.items() if k != "type"})
    except ValidationError as error:
        raise errors.InvalidRequest({"command": error.messages}) from None
    rng = chance() if chance is not None else random.Random(0)
    try:
        return list(engine.arrival(state.game_state, transfer, rng))
    except engine_api.RuleError as refusal:
        raise errors.IllegalCommand(refusal.rule) from None
