"""A bot's turn: replay the match, check the seat still must act, choose, submit on the bus.

Idempotent by construction: the turn is identified by (match, version, seat); it does nothing
unless the log stands exactly at that version with that seat to act, and it submits its
command with a command id derived from the same triple and `expected_version`, so a
repeated turn (a redelivered task, a duplicate announcement) can never play twice. Where
other seats' choices were appended while it thought and left its choice as it was, it
submits at the newest version under that version's command id: the turn due there, if it
runs too, can only repeat that id (the first answer stands).
"""
from __future__ import annotations

import hashlib
import json
import logging
import random
import time
from dataclasses import dataclass
from typing import Optional

from redis.exceptions import RedisError

from services.bot import policies
from services.bot.context import BotContext
from shared.eventlog.store import MatchNotFound
from shared.games.replay import fold
from shared.schemas.bus import COMMANDS

log = logging.getLogger("orrery.bot")

_MAX_COMMAND_ID = 100  # BusCommandSchema's limit


def command_id(match_id: str, version: int, seat: int, attempt: int = 0) -> str:
    """The one command id a bot may use for this turn (and this attempt at it, after the
    match service refused the earlier ones: services/bot/refusals.py)."""
    text = f"bot:{match_id}:{version}:{seat}" + (f":{attempt}" if attempt else "")
    if len(text) <= _MAX_COMMAND_ID:
        return text
    return "bot:" + hashlib.sha256(text.encode()).hexdigest()


def bot_rng(match_id: str, version: int, seat: int, attempt: int = 0) -> random.Random:
    """The bot's own randomness for this turn: never the match's private seed."""
    return random.Random(f"orrery-bot:{match_id}:{version}:{seat}"
                         + (f":{attempt}" if attempt else ""))


@dataclass(frozen=True)
class TurnResult:
    """What a turn did: the submitted bus message, or why it did nothing."""

    message: Optional[dict]
    skipped: Optional[str] = None
    iterations: int = 0
    seconds: float = 0.0
    fallback: bool = False  # a legal command drawn at random, not the policy's choice


def _same_choice_since(ctx: BotContext, match, seat: int) -> int:
    """The newest version at which the seat still faces the choice it was given at
    `match.version`: the match's own version unless, while the bot thought, only other seats'
    commands were appended and they left the seat to act with the same legal commands (a
    choice made by all at once, as Nexum's phase cards or Exsilium's bids, where a person
    often answers first). The command chosen then is as informed at the newer version as a
    person's sent without refreshing; refused at the old version, it was thought out again
    from the start, and the answer took twice the bot's time."""
    try:
        events = ctx.log.read(match.match_id, from_version=match.version)
    except RedisError:  # the command at its own version is right, if perhaps refused
        return match.version
    if not events:
        return match.version
    for event in events:
        cause = event.get("cause")
        if cause is not None and (cause.get("seat") in (None, seat) or "command" not in cause):
            return match.version  # the seat's own, or the system's (a clock, a setup)
    latest = fold(events, start=match)  # exactly what was checked, however the log grows
    if seat not in latest.to_act():
        return match.version
    engine = match.engine
    if _commands(engine.legal_commands(latest.game_state, seat)) != \
            _commands(engine.legal_commands(match.game_state, seat)):
        return match.version
    return latest.version


def _commands(commands: list) -> list:
    return sorted(json.dumps(command, sort_keys=True) for command in commands)


def take_turn(ctx: BotContext, match_id: str, seat: int, version: int,
              attempt: int = 0) -> TurnResult:
    """Play `seat`'s turn at `version` if it is still due; see the module docstring.

    Attempt 0 plays the seat's policy; a later attempt (the match service refused the
    earlier command) plays a legal command of the true position drawn at random — the
    commands GET /legal shows that seat, so nothing hidden is used."""
    try:
        match = ctx.store.load(match_id)
    except MatchNotFound:
        return TurnResult(None, "no such match")
    if match.version != version:
        return TurnResult(None, f"the match is at version {match.version}, not {version}")
    if seat not in match.to_act():
        return TurnResult(None, f"seat {seat} is not to act at version {version}")
    # A bot seat, or a player's seat a bot plays since a timeout (the platform's controller).
    spec = match.controller(seat) if 0 <= seat < len(match.seats) else {}
    if not spec.get("bot"):
        return TurnResult(None, f"seat {seat} is not played by a bot")
    started = time.perf_counter()
    rng = bot_rng(match_id, version, seat, attempt)
    command, iterations = None, 0
    if attempt == 0:
        try:
            pace = ctx.settings.mcts_seconds
            fixed = {"seconds": pace, "iterations": None} \
                if pace and spec["bot"] == "mcts" else {}
            choice = policies.choose(match.engine, match.game_state, seat, rng, spec["bot"],
                                     spec.get("level"), seats=len(match.seats), **fixed)
            command, iterations = choice.command, choice.iterations
        except Exception:  # a policy's bug must not stall the match: play a legal move
            log.exception("bot policy %s failed in match %s at version %s; playing a "
                          "legal command instead", spec["bot"], match_id, version)
    fallback = command is None
    if fallback:
        legal = match.engine.legal_commands(match.game_state, seat)
        if not legal:
            return TurnResult(None, f"seat {seat} has no legal command at version {version}")
        command = rng.choice(legal)
    at = version if fallback else _same_choice_since(ctx, match, seat)
    message = {"match_id": match_id, "seat": seat, "command": command,
               "command_id": command_id(match_id, at, seat, attempt),
               "expected_version": at}
    ctx.bus.publish(COMMANDS, message, key=match_id)
    return TurnResult(message, None, iterations, time.perf_counter() - started,
                      fallback=fallback)
