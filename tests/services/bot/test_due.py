"""A bot turn whose task was lost (a transport's at-most-once window: a worker killed between
its pop and its unacked record, or Redis restarted mid-pop) is sent again (services/bot/due.py)."""
from __future__ import annotations

import json
import time

from services.bot.celery_app import make_app
from services.bot.due import REDO_SECONDS, DueTurns
from services.bot.dispatcher import Dispatcher, task_id
from tests.services.bot.test_service import bot_settings, ctx, new_match  # noqa: F401


def test_a_due_turn_is_late_only_after_the_redo_time_and_only_once_per_period(redis_client, namespace):
    due = DueTurns(redis_client, namespace)
    now = time.time()
    due.record("m1", 4, [1], now=now)
    assert due.late(now=now + 1) == []
    assert due.late(now=now + REDO_SECONDS + 1) == [("m1", 4, [1])]
    assert due.late(now=now + REDO_SECONDS + 2) == []  # marked sent again just now


def test_a_newer_version_replaces_or_clears_it_and_an_older_one_is_ignored(redis_client, namespace):
    due = DueTurns(redis_client, namespace)
    now = time.time()
    due.record("m1", 4, [1], now=now)
    due.record("m1", 3, [0], now=now)          # out of order: ignored
    assert due.late(now=now + 60) == [("m1", 4, [1])]
    due.record("m1", 5, [], now=now)           # the match moved on, no bot to act
    assert due.late(now=now + 120) == []


def test_the_dispatcher_sends_a_lost_turn_again(ctx, bot_settings):  # noqa: F811
    celery = make_app(bot_settings)
    match_id = new_match(ctx, [{"bot": "random"}, {"player_id": "p", "name": "P"}])
    dispatcher = Dispatcher(ctx, celery, consumer="test")
    version = ctx.log.version(match_id)
    dispatcher.handle({"match_id": match_id, "game": "tictactoe", "version": version,
                       "to_act": [0], "status": "active",
                       "seats": [{"bot": "random"}, {"player_id": "p"}]})
    queue = bot_settings.base.namespace + bot_settings.queue
    ctx.redis.delete(queue)                    # the task is lost
    assert dispatcher.resend_late() == []      # not late yet
    dispatcher.due.redis.zadd(dispatcher.due.due_at(match_id), {match_id: time.time() - REDO_SECONDS - 1})
    assert dispatcher.resend_late() == [task_id(match_id, version, 0)]
    queued = [json.loads(raw)["headers"]["id"] for raw in ctx.redis.lrange(queue, 0, -1)]
    assert queued == [task_id(match_id, version, 0)]
