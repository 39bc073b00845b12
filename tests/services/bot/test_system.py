"""The bot service end to end: Redis, the match app and its bus consumer, the real dispatcher
and a real Celery worker subprocess. No eager mode, no mocks.

Bot-vs-bot matches are created the way the match service's `create_match` does it (seed in
the private meta hash, MatchCreated + setup appended at version 0, then announced with the
service's own `announce`), because `create_match` requires the caller to hold a seat.
"""
from __future__ import annotations

import json
import random
import time
import uuid

import pytest

from services.bot.dispatcher import GROUP as DISPATCHER_GROUP
from services.bot.turns import command_id
from services.match.command_path.announce import announce
from services.match.api.app import create_app
from services.match.command_path.chance import SEED_FIELD, setup_rng
from services.match.command_path.commands import command_key
from shared.games.registry import get_game
from shared.games.replay import match_created
from shared.schemas.bus import BOT_MATCHES, COMMANDS, MATCHES, REJECTIONS

pytestmark = pytest.mark.timeout(120)


def wait_until(predicate, timeout: float, what: str, processes=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    logs = "" if processes is None else "\n".join(
        f"--- {name}\n{processes.log(name)[-3000:]}" for name in processes.children)
    raise AssertionError(f"timed out waiting for {what}\n{logs}")


@pytest.fixture
def match_app(settings):
    app = create_app(settings)
    return app, app.test_client(), app.extensions["orrery.match"]


@pytest.fixture
def stack(processes):
    """The match consumer, the bot dispatcher and one bot worker, running."""
    processes.match_consumer()
    processes.dispatcher()
    processes.worker()
    return processes


def create_without_humans(ctx, game_name: str, seats: list, seed: int) -> str:
    """A match whose every seat is a bot, created as services.match.command_path.creation does it."""
    game = get_game(game_name)
    match_id = uuid.uuid4().hex
    ctx.redis.hset(ctx.keys.meta(match_id), mapping={SEED_FIELD: seed})
    options = game.spec.resolve_options({})
    events = [match_created(match_id, game_name, seats, options, None)]
    events += game.setup(options, len(seats), setup_rng(seed))
    ctx.log.append(match_id, events, expected_version=0)
    announce(ctx.bus, ctx.store.load(match_id))
    return match_id


def bus_messages(ctx, topic: str) -> list:
    out = []
    for stream in ctx.bus.streams(topic):
        out += [json.loads(fields[b"m"]) for _, fields in ctx.redis.xrange(stream)]
    return out


def bot_turns_of(ctx, match_id: str) -> list:
    """(version, seat) of every bot seat that had to act, from the match's announcements
    (one per append, so one per command boundary)."""
    turns = set()
    for message in bus_messages(ctx, MATCHES):
        if message["match_id"] == match_id and message["status"] == "active":
            turns.update((message["version"], seat) for seat in message["to_act"]
                         if message["seats"][seat].get("bot"))
    return sorted(turns)


def assert_each_bot_turn_played_once(ctx, match_id: str) -> list:
    turns = bot_turns_of(ctx, match_id)
    assert turns
    for version, seat in turns:
        cid = command_id(match_id, version, seat)
        applied = ctx.log.command_result(match_id, command_key(seat, cid))
        assert applied is not None and applied.first_version == version + 1, (version, seat)
    rejected = [r for r in bus_messages(ctx, REJECTIONS) if r.get("match_id") == match_id]
    assert rejected == []
    return turns


def test_a_player_plays_exordium_to_the_end_against_mcts(stack, match_app):
    _, client, ctx = match_app
    ana = client.post("/v1/players", json={"name": "Ana"}).get_json()
    headers = {"Authorization": f"Bearer {ana['token']}"}
    created = client.post("/v1/matches", headers=headers, json={
        "game": "exordium", "seed": 11,
        "seats": [{"player_id": ana["player_id"]}, {"bot": "mcts", "level": 1}]})
    assert created.status_code == 201, created.get_json()
    match_id = created.get_json()["match_id"]
    rng, moves = random.Random(3), 0
    while True:
        match = client.get(f"/v1/matches/{match_id}", headers=headers).get_json()
        if match["status"] == "finished":
            break
        if 0 in match["to_act"]:
            legal = client.get(f"/v1/matches/{match_id}/legal", headers=headers).get_json()
            sent = client.post(f"/v1/matches/{match_id}/commands", headers=headers, json={
                "command": rng.choice(legal["commands"]), "command_id": f"ana-{moves}",
                "expected_version": match["version"]})
            assert sent.status_code == 200, sent.get_json()
            moves += 1
        else:
            assert match["to_act"] == [1]
            version = match["version"]
            wait_until(lambda: ctx.log.version(match_id) > version, 20,
                       f"the bot's answer at version {version}", stack)
    turns = assert_each_bot_turn_played_once(ctx, match_id)
    assert moves > 5 and len(turns) > 5
    assert match["outcome"] is not None


def test_a_finished_match_is_analysed_by_the_real_worker_when_asked(stack, match_app):
    """GET /analysis asks once; the dispatcher enqueues the task; the worker stores it."""
    _, client, ctx = match_app
    match_id = create_without_humans(
        ctx, "tictactoe", [{"bot": "random"}, {"bot": "greedy"}], seed=3)
    wait_until(lambda: ctx.store.load(match_id).status == "finished", 30,
               "the bots to finish the match", stack)
    first = client.get(f"/v1/matches/{match_id}/analysis").get_json()
    assert first["status"] == "pending"
    body = wait_until(lambda: (lambda b: b if b["status"] == "ready" else None)(
        client.get(f"/v1/matches/{match_id}/analysis").get_json()), 30,
        "the analysis to be stored", stack)
    moves = [e for e in ctx.log.read(match_id) if "seat" in (e.get("cause") or {})]
    assert len(body["positions"]) == len(moves) > 4
    assert [p["played_command"] for p in body["positions"]] == \
        [e["cause"]["command"] for e in moves]


def test_two_bots_play_a_whole_match_with_no_human(stack, match_app):
    _, _, ctx = match_app
    match_id = create_without_humans(
        ctx, "exordium", [{"bot": "mcts", "level": 1}, {"bot": "greedy", "level": 1}], seed=5)
    wait_until(lambda: ctx.store.load(match_id).status == "finished", 60,
               "the bots to finish the match", stack)
    turns = assert_each_bot_turn_played_once(ctx, match_id)
    assert {seat for _, seat in turns} == {0, 1}


def test_a_worker_killed_mid_move_loses_no_move_and_plays_it_once(processes, match_app):
    _, _, ctx = match_app
    processes.match_consumer()
    processes.dispatcher()
    # A move of 2 s (ORRERY_BOT_MCTS_SECONDS): long enough to be killed in the middle of it.
    # Tic-tac-toe's level 3 is mcts, which thinks the whole 2 s (a level running another
    # search, as Exordium's, takes them as a cap and may answer sooner).
    processes.env["ORRERY_BOT_MCTS_SECONDS"] = "2"
    processes.worker("doomed")
    match_id = create_without_humans(
        ctx, "tictactoe", [{"bot": "mcts", "level": 3}, {"bot": "random"}], seed=9)
    version = ctx.log.version(match_id)
    started = f"bot turn started match={match_id} seat=0 version={version}"
    wait_until(lambda: started in processes.log("doomed"), 20, "the move to start", processes)
    processes.kill("doomed")
    assert ctx.log.version(match_id) == version  # killed before it could answer
    processes.worker("successor")
    wait_until(lambda: ctx.log.version(match_id) > version, 40,
               "the redelivered move", processes)
    cid = command_id(match_id, version, 0)
    assert [m for m in bus_messages(ctx, COMMANDS) if m["command_id"] == cid] != []
    applied = ctx.log.command_result(match_id, command_key(0, cid))
    assert applied is not None and applied.first_version == version + 1
    events = ctx.log.read(match_id)
    # The lost move played once: seat 0's first mark, and the next one (if any yet) seat 1's.
    marks = [e["data"]["seat"] for e in events if e["type"] == "CellMarked"]
    assert marks[:2] in ([0], [0, 1])


def test_a_dispatcher_that_died_before_acknowledging_loses_no_turn(processes, match_app):
    _, _, ctx = match_app
    processes.match_consumer()
    processes.worker()
    ctx.bus.ensure_group(BOT_MATCHES, DISPATCHER_GROUP)
    match_id = create_without_humans(
        ctx, "tictactoe", [{"bot": "random"}, {"bot": "random"}], seed=1)
    # A dispatcher reads the announcement and dies (SIGKILL) before enqueuing or acking it.
    taken = ctx.bus.consume(BOT_MATCHES, DISPATCHER_GROUP, "killed-dispatcher", block_ms=100)
    assert [d.message["match_id"] for d in taken] == [match_id]
    processes.dispatcher("heir")
    wait_until(lambda: ctx.store.load(match_id).status == "finished", 30,
               "the heir to claim the entry and the bots to finish", processes)
    assert_each_bot_turn_played_once(ctx, match_id)
    # The last announcements are acknowledged after their turns are enqueued, which can be
    # after the match has ended.
    wait_until(lambda: ctx.bus.pending_count(BOT_MATCHES, DISPATCHER_GROUP) == 0, 10,
               "the heir to acknowledge every announcement", processes)
