"""What a recorded cause produces: the one decision the command path takes, and the one
that `orrery verify` repeats to check a log.

Every batch of events in a match log records its cause (shared/eventlog stores it with the
batch's first event):

    {"setup": {"by": <player id> | "matchmaking" | "service"}}
                                  MatchCreated, and the game's setup unless players are invited
    {"seat": s, "command": {...}, "source": "http"|"bus"}
                                  a seat's command (a player's through HTTP, a bot's by the bus)
    {"system": {"type": "time_out"|"vacation_start"|"vacation_end", ...}, "now": t}
                                  a platform command (the clock sweep, vacations) at wall time t
    {"reply": "accept"|"decline", "player_id": p}
                                  a player's answer to an invitation (the last acceptance
                                  brings the game's setup)

Deciding is pure over the folded match, the cause and the match's seed: the setup draws
from chance.setup_rng(seed) and the decision at version n from chance.decision_rng(seed,
n), made only when a decision draws, so a command refused before any rule reads no seed.
"""
from __future__ import annotations

import random
from typing import Callable, Optional

from services.match.command_path import invitations, platform_commands
from services.match.command_path.chance import SeededOnFirstDraw, setup_rng
from shared.games import api as engine_api
from shared.games import platform
from shared.games.replay import MatchState
from shared.web import errors

Chance = Callable[[], random.Random]  # the decision's generator, made on first use
Seed = Callable[[], int]  # the match's seed, read on first use


def setup_cause(by: Optional[str]) -> dict:
    return {"setup": {"by": by or "service"}}


def seat_cause(seat: int, command: dict, source: str) -> dict:
    return {"seat": seat, "command": command, "source": source}


def system_cause(command: dict, now: float) -> dict:
    return {"system": command, "now": now}


def reply_cause(answer: str, player_id: str) -> dict:
    return {"reply": answer, "player_id": player_id}


def setup_of(state: MatchState, seed: Seed) -> list:
    """The game's setup for the match, drawn from its seed (at creation, or when the last
    invited player accepts: the same draw either way)."""
    return state.engine.setup(state.options, len(state.seats), setup_rng(seed()))


def decide(state: MatchState, cause: dict, seed: Seed) -> list:
    """The events `cause` (a seat's, the platform's or an invitation answer) produces now;
    raise the ApiError that says why not."""
    chance = lambda: SeededOnFirstDraw(seed, state.version)  # noqa: E731 (decision_rng's)
    if "system" in cause:
        return platform_commands.decide_system(state, cause["system"], cause["now"], chance)
    if "reply" in cause:
        return _reply(state, cause, seed)
    return decide_seat(state, cause["seat"], cause["command"], cause["source"], chance)


def _reply(state: MatchState, cause: dict, seed: Seed) -> list:
    if cause["reply"] == "accept":
        return invitations.decide_accept(state, cause["player_id"],
                                         lambda: setup_of(state, seed))
    if cause["reply"] == "decline":
        return invitations.decide_decline(state, cause["player_id"])
    raise ValueError(f"no invitation answer {cause['reply']!r}")


def decide_seat(state: MatchState, seat: int, command: dict, source: str,
                chance: Chance) -> list:
    """The events a seat's command causes; raise the matching ApiError.

    Platform commands are decided before the engine. A player's own command (HTTP) for a
    seat a bot took over reclaims it: SeatReclaimed goes first, in the same append."""
    if command.get("type") in platform_commands.SEAT_COMMANDS:
        return platform_commands.decide_seat(state, seat, command)
    facts = state.platform
    reclaim = []
    if source == "http" and state.status == "active":
        if facts.out[seat] is not None:
            raise errors.IllegalCommand(f"Seat {seat} is out of the match ({facts.out[seat]}).")
        if platform.taken_over(facts, seat):
            reclaim = [platform_commands.reclaimed(seat)]
    if seat not in state.to_act():
        raise errors.NotYourTurn(_not_your_turn(state, seat)
                                 + platform_commands.taken_over_hint(state, seat))
    try:
        events = reclaim + state.engine.decide(state.game_state, seat, command, chance())
    except engine_api.NotYourTurn as refusal:
        raise errors.NotYourTurn(refusal.rule) from None
    except engine_api.MalformedCommand as refusal:  # the shape, not a rule: 400
        raise errors.InvalidRequest({"command": refusal.fields}, refusal.rule) from None
    except engine_api.IllegalCommand as refusal:
        raise errors.IllegalCommand(refusal.rule) from None
    if len(events) == len(reclaim):
        raise errors.IllegalCommand("That command would change nothing.")
    return events


_NOT_ACTIVE = {"finished": "The match is over.", "aborted": "The match was aborted.",
               "declined": "The match was declined; it never started.",
               "invited": "The match has not started: it waits for its invited players to "
                          "accept (POST /v1/matches/{id}/accept)."}


def _not_your_turn(state: MatchState, seat: int) -> str:
    if state.status != "active":
        return _NOT_ACTIVE[state.status]
    waiting = ", ".join(str(s) for s in state.to_act()) or "nobody"
    return f"Seat {seat} is not to act now; waiting for seat {waiting}."
