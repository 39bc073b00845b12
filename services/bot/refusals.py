"""Refused bot moves: the match service publishes every bus command it did not apply on
"rejections"; a bot's refused command is answered here, so a match never waits on it.

A bot's command can be refused when its policy chose from a world it sampled (the hidden
parts redrawn) a command the true position does not allow. The answer is another attempt
at the same turn — a legal command of the true position (services/bot/turns.py) — under
its own command id and task id, up to MAX_ATTEMPTS. A refusal because the match moved on
(version_conflict, not_your_turn, a reused command id) needs no answer: the announcement
of the new version brings the turn that is due.
"""
from __future__ import annotations

import logging
from typing import Optional

from services.bot.turns import command_id

log = logging.getLogger("orrery.bot.refusals")

MAX_ATTEMPTS = 3          # the policy's choice, then two legal commands drawn at random
MOVED_ON = {"version_conflict", "not_your_turn", "command_id_reused", "not_found"}


def refused_turn(rejection: dict) -> Optional[tuple]:
    """(match_id, version, seat, attempt) when `rejection` refuses a bot's command, else
    None; the attempt is recovered from the command id the bot derived for it."""
    match_id, seat = rejection.get("match_id"), rejection.get("seat")
    version, refused = rejection.get("expected_version"), rejection.get("command_id")
    if not (match_id and isinstance(seat, int) and isinstance(version, int)
            and isinstance(refused, str) and refused.startswith("bot:")):
        return None
    for attempt in range(MAX_ATTEMPTS):
        if command_id(match_id, version, seat, attempt) == refused:
            return match_id, version, seat, attempt
    return None


def next_attempt(rejection: dict) -> Optional[tuple]:
    """The (match_id, seat, version, attempt) to play after `rejection`, or None when no
    new attempt is due (not a bot's command, the match moved on, or attempts exhausted —
    each logged)."""
    turn = refused_turn(rejection)
    if turn is None:
        return None
    match_id, version, seat, attempt = turn
    error, why = rejection.get("error"), rejection.get("message")
    if error in MOVED_ON:
        log.info("bot command refused in match %s v%s seat %s (%s: %s); the match moved on",
                 match_id, version, seat, error, why)
        return None
    if attempt + 1 >= MAX_ATTEMPTS:
        log.error("bot command refused in match %s v%s seat %s after %d attempts (%s: %s); "
                  "the engine's legal commands disagree with its rules", match_id, version,
                  seat, attempt + 1, error, why)
        return None
    log.warning("bot command refused in match %s v%s seat %s (%s: %s); playing attempt %d",
                match_id, version, seat, error, why, attempt + 1)
    return match_id, seat, version, attempt + 1
