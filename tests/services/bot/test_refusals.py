"""A refused bot move is seen, logged and answered (issue 14, item 7): the match never waits
on a command the match service refused."""
from __future__ import annotations

import pytest

from services.bot.dispatcher import GROUP as DISPATCHER_GROUP
from services.bot.refusals import MAX_ATTEMPTS, next_attempt
from services.bot.turns import command_id
from services.match.command_path.commands import command_key
from shared.schemas.bus import BOT_MATCHES, COMMANDS, REJECTIONS
from tests.services.bot.test_system import (bus_messages, create_without_humans, match_app,  # noqa: F401
                                            wait_until)

pytestmark = pytest.mark.timeout(120)


def _rejection(match_id="m1", version=7, seat=1, attempt=0, error="illegal_command"):
    return {"match_id": match_id, "seat": seat, "expected_version": version, "error": error,
            "command_id": command_id(match_id, version, seat, attempt), "message": "No."}


def test_an_illegal_bot_command_gets_another_attempt_at_the_same_turn():
    assert next_attempt(_rejection()) == ("m1", 1, 7, 1)
    assert next_attempt(_rejection(attempt=1)) == ("m1", 1, 7, 2)


def test_a_long_match_id_is_recognised_through_its_hashed_command_id():
    long_id = "x" * 64
    assert next_attempt(_rejection(match_id=long_id, version=123456)) == (long_id, 1, 123456, 1)


@pytest.mark.parametrize("error", ["version_conflict", "not_your_turn", "command_id_reused"])
def test_a_refusal_because_the_match_moved_on_needs_no_answer(error):
    assert next_attempt(_rejection(error=error)) is None


def test_attempts_end_and_other_senders_are_not_answered():
    assert next_attempt(_rejection(attempt=MAX_ATTEMPTS - 1)) is None
    assert next_attempt({**_rejection(), "command_id": "ana-1"}) is None
    assert next_attempt({**_rejection(), "expected_version": None}) is None


def test_a_refused_bot_command_is_answered_with_a_legal_move(processes, match_app):  # noqa: F811
    """The bot's first command at a turn is refused (as a command chosen in a sampled world
    can be); the dispatcher reads the rejection, and the worker plays a legal move at the
    same version under the next attempt's command id; the match goes on to its end."""
    _, _, ctx = match_app
    # The dispatcher group starts after the match's first announcement, so the first turn
    # is played only by what the refusal sets off.
    ctx.bus.ensure_group(REJECTIONS, DISPATCHER_GROUP)
    match_id = create_without_humans(
        ctx, "tictactoe", [{"bot": "random"}, {"bot": "random"}], seed=4)
    ctx.bus.ensure_group(BOT_MATCHES, DISPATCHER_GROUP, start="$")
    version = ctx.log.version(match_id)
    refused_id = command_id(match_id, version, 0)
    ctx.bus.publish(COMMANDS, {"match_id": match_id, "seat": 0, "expected_version": version,
                               "command": {"type": "mark", "cell": 42},
                               "command_id": refused_id}, key=match_id)
    processes.match_consumer()
    processes.dispatcher()
    processes.worker()
    wait_until(lambda: ctx.store.load(match_id).status == "finished", 40,
               "the refused turn to be played again and the match to end", processes)
    rejected = [r for r in bus_messages(ctx, REJECTIONS) if r["match_id"] == match_id]
    assert [(r["command_id"], r["error"]) for r in rejected] == [(refused_id, "invalid_request")]
    retried = command_id(match_id, version, 0, 1)
    applied = ctx.log.command_result(match_id, command_key(0, retried))
    assert applied is not None and applied.first_version == version + 1
    assert ctx.log.command_result(match_id, command_key(0, refused_id)) is None
    assert "bot command refused in match" in processes.log("dispatcher")
    assert "a legal command drawn at random" in processes.log("worker")
