"""The bus consumer: commands on the bus take the same path as HTTP commands."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from services.match.bus.consumer import GROUP, Consumer, handle
from services.match.bus.formed import creator
from shared.schemas.bus import COMMANDS, MATCHES, REJECTIONS
from shared.schemas.matchmaking import FORMED, FORMED_RESULTS

ROOT = Path(__file__).resolve().parents[3]


def _topic(ctx, topic):
    out = []
    for stream in ctx.bus.streams(topic):
        out += [json.loads(fields[b"m"]) for _, fields in ctx.redis.xrange(stream)]
    return out


def _command(match_id, seat, cell, command_id, **extra):
    return {"match_id": match_id, "seat": seat, "command": {"type": "mark", "cell": cell},
            "command_id": command_id, **extra}


def test_a_bus_command_is_applied_and_acknowledged(ctx, ttt):
    consumer = Consumer(ctx, name="test")
    ctx.bus.publish(COMMANDS, _command(ttt, 0, 4, "b-1"), key=ttt)
    assert consumer.run_once(block_ms=100) == 1
    assert ctx.log.version(ttt) == 4
    assert ctx.bus.pending_count(COMMANDS, GROUP) == 0
    assert _topic(ctx, MATCHES)[-1]["version"] == 4


def test_a_redelivered_bus_command_appends_nothing(ctx, ttt):
    consumer = Consumer(ctx, name="test")
    for _ in range(3):
        ctx.bus.publish(COMMANDS, _command(ttt, 0, 4, "b-1"), key=ttt)
    assert consumer.run_once(block_ms=100) == 3
    assert ctx.log.version(ttt) == 4
    assert _topic(ctx, REJECTIONS) == []


def test_refused_and_malformed_commands_are_reported_and_acknowledged(ctx, ttt):
    consumer = Consumer(ctx, name="test")
    for message in (_command(ttt, 1, 4, "b-1"),                       # not your turn
                    _command(ttt, 0, 4, "b-2", expected_version=2),   # stale
                    {"match_id": ttt, "seat": 0, "command": {"type": "mark"}},  # no id
                    _command(ttt, 0, 42, "b-3"),                      # bad shape
                    _command("0" * 32, 0, 4, "b-4"),                  # no such match
                    ["not", "a", "dict"]):
        ctx.bus.publish(COMMANDS, message, key=ttt)
    assert consumer.run_once(block_ms=100) == 6
    errors = sorted(r["error"] for r in _topic(ctx, REJECTIONS))  # partitions: no total order
    assert errors == sorted(["not_your_turn", "version_conflict", "invalid_request",
                             "invalid_request", "not_found", "invalid_request"])
    assert ctx.log.version(ttt) == 3
    assert ctx.bus.pending_count(COMMANDS, GROUP) == 0


def test_handle_returns_none_for_an_applied_command(ctx, ttt):
    assert handle(ctx, _command(ttt, 0, 0, "h-1")) is None
    rejection = handle(ctx, _command(ttt, 1, 0, "h-2"))
    assert rejection["error"] == "illegal_command" and rejection["command_id"] == "h-2"


def test_the_consumer_runs_as_a_process_and_stops_on_sigterm(settings, ctx, ttt):
    env = {**os.environ, "REDIS_URL": settings.redis_url, "ORRERY_NAMESPACE": settings.namespace,
           "ORRERY_SECRET": settings.secret, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "services.match.bus.consumer"], cwd=ROOT,
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        ctx.bus.publish(COMMANDS, _command(ttt, 0, 4, "p-1"), key=ttt)
        deadline = time.monotonic() + 20
        while ctx.log.version(ttt) < 4 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert ctx.log.version(ttt) == 4
    finally:
        process.send_signal(signal.SIGTERM)
        output = process.communicate(timeout=15)[0].decode()
    assert process.returncode == 0, output
    assert "stopped" in output


def _group(match_id, seats):
    return {"group_id": "g-" + match_id, "match_id": match_id, "pool": "tictactoe:2:casual",
            "game": "tictactoe", "mode": "casual", "options": {}, "clock": None,
            "seats": seats, "formed_at": time.time()}


def test_the_consumer_also_turns_formed_groups_into_matches(ctx, ana, bo):
    consumer = Consumer(ctx, name="test")
    match_id = "f" * 32
    ctx.bus.publish(FORMED, _group(match_id, [
        {"ticket_id": "t-a", "player_id": ana.player_id},
        {"ticket_id": "t-b", "player_id": bo.player_id}]), key="g")
    assert consumer.run_once(block_ms=100) == 1
    created = ctx.log.read(match_id)[0]
    assert created["type"] == "MatchCreated"
    assert created["data"]["matchmaking"]["group_id"] == "g-" + match_id
    [answer] = _topic(ctx, FORMED_RESULTS)
    assert answer["match_id"] == match_id and answer["error"] is None
    assert ctx.bus.pending_count(FORMED, GROUP) == 0


def test_the_formed_group_creator_needs_no_human_seat(ctx):
    """Matchmaking, not a player, creates the match: a group of bots only is served too."""
    match_id = "b" * 32
    request = {"match_id": match_id, "game": "tictactoe", "options": {}, "clock": None,
               "seats": [{"bot": "random", "level": 1}, {"bot": "random", "level": 1}],
               "matchmaking": {"mode": "casual", "group_id": "g", "ticket_ids": []}}
    create = creator(ctx)
    assert create(request) == match_id
    version = ctx.log.version(match_id)
    assert version > 0
    assert create(request) == match_id and ctx.log.version(match_id) == version
