"""The bot service's parts against a real Redis: the turn, the dispatcher, the Celery app."""
from __future__ import annotations

import json
import uuid

import pytest

from services.bot import context as bot_context
from services.bot.celery_app import MOVE_TASK, make_app, transport_options
from services.bot.config import BotSettings
from services.bot.dispatcher import GROUP, Dispatcher, bot_turns, task_id
from services.bot.turns import command_id, take_turn
from shared.games.registry import get_game
from shared.games.replay import match_created
from shared.schemas.bus import BOT_MATCHES, COMMANDS, BusCommandSchema


@pytest.fixture
def bot_settings(settings):
    return BotSettings.from_env(base=settings, visibility_timeout=5.0, claim_idle_ms=500)


@pytest.fixture
def ctx(bot_settings):
    return bot_context.build(bot_settings)


def new_match(ctx, seats, game_name="tictactoe") -> str:
    game = get_game(game_name)
    match_id = uuid.uuid4().hex
    events = [match_created(match_id, game_name, seats, {}, None)]
    events += game.setup(game.spec.resolve_options({}), len(seats), __import__("random").Random(1))
    ctx.log.append(match_id, events, expected_version=0)
    return match_id


def published_commands(ctx) -> list:
    return [json.loads(f[b"m"]) for s in ctx.bus.streams(COMMANDS)
            for _, f in ctx.redis.xrange(s)]


def test_a_turn_submits_one_well_formed_command_with_an_id_from_the_turn(ctx):
    match_id = new_match(ctx, [{"bot": "mcts", "level": 1}, {"player_id": "p", "name": "P"}])
    result = take_turn(ctx, match_id, 0, 2)
    assert result.message is not None
    [sent] = published_commands(ctx)
    assert BusCommandSchema().validate(sent) == {}
    assert sent["command_id"] == command_id(match_id, 2, 0) and sent["expected_version"] == 2
    assert sent["command"]["type"] == "mark"


def test_a_turn_that_is_no_longer_due_does_nothing(ctx):
    match_id = new_match(ctx, [{"bot": "random"}, {"player_id": "p", "name": "P"}])
    assert take_turn(ctx, match_id, 0, 1).skipped      # not the current version
    assert take_turn(ctx, match_id, 1, 2).skipped      # not to act (and not a bot)
    assert take_turn(ctx, "no-such-match", 0, 2).skipped
    ctx.log.append(match_id, [{"type": "CellMarked", "data": {"seat": 0, "cell": 4}}], 2)
    assert take_turn(ctx, match_id, 0, 2).skipped      # the seat already moved
    assert published_commands(ctx) == []


def test_a_repeated_turn_submits_the_same_command_under_the_same_id(ctx):
    match_id = new_match(ctx, [{"bot": "mcts", "level": 1}, {"bot": "random"}], "exordium")
    first = take_turn(ctx, match_id, 0, 3).message
    again = take_turn(ctx, match_id, 0, 3).message
    assert first["command_id"] == again["command_id"]
    assert len({m["command_id"] for m in published_commands(ctx)}) == 1


def _choose_while(ctx, monkeypatch, match_id: str, events: list, cause) -> None:
    """The bot's policy returns only once `events` (caused by `cause`) were appended: what
    another seat, or the match, did while it thought."""
    from services.bot import turns
    real = turns.policies.choose

    def choose(*args, **kwargs):
        choice = real(*args, **kwargs)
        ctx.log.append(match_id, events, ctx.store.load(match_id).version, cause=cause)
        return choice
    monkeypatch.setattr(turns.policies, "choose", choose)


def test_a_choice_made_at_once_by_all_still_stands_after_a_person_chose_first(ctx, monkeypatch):
    """Nexum's phase cards: the person's card appended while the bot thought leaves the bot's
    choice as it was, so the bot's card is sent at the newest version (not refused at the old
    one and thought out again)."""
    import random
    match_id = new_match(ctx, [{"bot": "random"}, {"player_id": "p", "name": "P"}], "nexum")
    match = ctx.store.load(match_id)
    assert set(match.to_act()) == {0, 1}
    card = match.engine.legal_commands(match.game_state, 1)[0]
    events = match.engine.decide(match.game_state, 1, card, random.Random(3))
    _choose_while(ctx, monkeypatch, match_id, events,
                  {"seat": 1, "command": card, "source": "http"})
    sent = take_turn(ctx, match_id, 0, match.version).message
    assert sent["expected_version"] == match.version + len(events)
    assert sent["command_id"] == command_id(match_id, match.version + len(events), 0)


def test_a_choice_the_match_moved_past_is_sent_at_its_own_version(ctx, monkeypatch):
    """Events not caused by another seat's command (here the match's own, as a clock's
    would be) may have changed the choice: the command keeps the version it was chosen at."""
    match_id = new_match(ctx, [{"bot": "mcts", "level": 1}, {"player_id": "p", "name": "P"}])
    _choose_while(ctx, monkeypatch, match_id, [{"type": "CellMarked",
                                                "data": {"seat": 1, "cell": 4}}],
                  {"system": {"type": "timeout"}})
    sent = take_turn(ctx, match_id, 0, 2).message
    assert sent["expected_version"] == 2 and sent["command_id"] == command_id(match_id, 2, 0)


def test_command_ids_fit_the_bus_schema_even_for_long_match_ids():
    assert len(command_id("m" * 64, 10**9, 3)) <= 100
    assert command_id("m" * 64, 1, 0) != command_id("m" * 64, 1, 1)


def test_an_announcement_names_the_bot_seats_that_must_act():
    seats = [{"seat": 0, "player_id": "p"}, {"seat": 1, "bot": "mcts", "level": 2},
             {"seat": 2, "bot": "random"}]
    message = {"match_id": "m", "version": 7, "to_act": [0, 1, 2], "status": "active",
               "seats": seats}
    assert bot_turns(message) == [1, 2]
    assert bot_turns({**message, "status": "finished"}) == []
    assert task_id("m", 7, 1) == "bot:m:7:1"


def test_the_dispatcher_enqueues_each_bot_turn_under_its_task_id_then_acks(ctx, bot_settings):
    celery = make_app(bot_settings)
    match_id = new_match(ctx, [{"bot": "random"}, {"player_id": "p", "name": "P"}])
    dispatcher = Dispatcher(ctx, celery, consumer="test")
    announcement = {"match_id": match_id, "game": "tictactoe", "version": 2, "to_act": [0],
                    "status": "active", "seats": [{"bot": "random"}, {"player_id": "p"}]}
    ctx.bus.publish(BOT_MATCHES, announcement, key=match_id)
    ctx.bus.publish(BOT_MATCHES, {**announcement, "version": 1}, key=match_id)  # stale: skipped
    assert dispatcher.poll(block_ms=200) == 2
    queue = bot_settings.base.namespace + bot_settings.queue  # kombu's global prefix + name
    queued = [json.loads(raw) for raw in ctx.redis.lrange(queue, 0, -1)]
    assert [q["headers"]["id"] for q in queued] == [task_id(match_id, 2, 0)]
    assert queued[0]["headers"]["task"] == MOVE_TASK
    assert ctx.bus.pending_count(BOT_MATCHES, GROUP) == 0


def test_the_celery_app_acks_late_ignores_results_and_keeps_to_its_namespace(bot_settings):
    conf = make_app(bot_settings).conf
    assert conf.task_acks_late and conf.task_reject_on_worker_lost and conf.task_ignore_result
    assert conf.worker_prefetch_multiplier == 1
    options = transport_options(bot_settings)
    assert options["global_keyprefix"] == bot_settings.base.namespace
    assert options["visibility_timeout"] == 5.0
    assert bot_settings.base.namespace in conf.task_default_queue


def test_a_turn_replays_from_the_snapshot_the_match_service_wrote(ctx, bot_settings):
    from services.match.context import build as build_match_context
    match_store = build_match_context(bot_settings.base).store
    match_id = new_match(ctx, [{"bot": "random"}, {"player_id": "p", "name": "P"}])
    match_store.snapshots.save(match_id, match_store.load(match_id))
    # Without its first events the log cannot be folded from scratch; from the snapshot it can.
    ctx.redis.xdel(ctx.keys.events(match_id), "1-0", "2-0")
    assert take_turn(ctx, match_id, 0, 2).message is not None
