"""Issue 14: a rating lost with its Celery task is sent again and applied exactly once;
issue 15: a finished match that cannot be rated is applied by the dispatcher itself, with
no task. Real Redis, a real Celery worker (tests/services/matchmaking/test_end_to_end.py's)."""
from __future__ import annotations

import time
from types import SimpleNamespace

import pytest

from services.match.api.app import create_app as create_match_app
from services.matchmaking.consumer import Dispatcher
from services.matchmaking.tasks import make_celery
from tests.invitations import start_match
from tests.services.matchmaking.test_end_to_end import worker  # noqa: F401 - fixture

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def api(settings):
    return create_match_app(settings).test_client()


def _player(api, name):
    body = api.post("/v1/players", json={"name": name}).get_json()
    return SimpleNamespace(player_id=body["player_id"],
                           headers={"Authorization": f"Bearer {body['token']}"})


def _play_to_the_end(api, match_id, seats):
    """Seat 0 takes the top row (cells 0, 1, 2) while seat 1 plays 3 and 4."""
    for turn, cell in enumerate([0, 3, 1, 4, 2]):
        sent = api.post(f"/v1/matches/{match_id}/commands", headers=seats[turn % 2].headers,
                        json={"command": {"type": "mark", "cell": cell}})
        assert sent.status_code == 200, sent.get_json()
    assert api.get(f"/v1/matches/{match_id}").get_json()["status"] == "finished"


def _drain(dispatcher, rounds=20):
    for _ in range(rounds):
        dispatcher.run_once(block_ms=10)


def _queued(mm_ctx) -> int:
    return mm_ctx.redis.llen(f"{mm_ctx.settings.namespace}matchmaking")


def test_a_rating_whose_task_was_lost_is_sent_again_and_applied_once(
        settings, api, mm_ctx, request):
    ana, bo = _player(api, "Ana"), _player(api, "Bo")
    match_id = start_match(api, ana, [ana, bo])
    _play_to_the_end(api, match_id, [ana, bo])
    dispatcher = Dispatcher(mm_ctx, celery=make_celery(settings), name="test")
    _drain(dispatcher)
    assert _queued(mm_ctx) == 1  # two people: a task, no worker yet
    mm_ctx.redis.delete(f"{settings.namespace}matchmaking")  # the broker lost it
    member = f"tictactoe|{match_id}"
    assert mm_ctx.redis.zscore(mm_ctx.keys.ratings_due(), member) is not None

    request.getfixturevalue("worker")  # a worker comes; nothing is queued for it
    mm_ctx.redis.zadd(mm_ctx.keys.ratings_due(), {member: time.time() - 9})  # 9 s later
    dispatcher._next_resend = 0.0
    dispatcher.run_once(block_ms=10)
    result_key = mm_ctx.keys.result("tictactoe", match_id)
    deadline = time.monotonic() + 60
    while not mm_ctx.redis.exists(result_key) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert mm_ctx.redis.exists(result_key), "the match was never rated"
    assert mm_ctx.standings.get("tictactoe", ana.player_id).matches == 1

    # Late again: the stored result shows it applied, so it leaves the set unsent.
    mm_ctx.redis.zadd(mm_ctx.keys.ratings_due(), {member: time.time() - 9})
    dispatcher._next_resend = 0.0
    dispatcher.run_once(block_ms=10)
    assert mm_ctx.redis.zscore(mm_ctx.keys.ratings_due(), member) is None
    assert _queued(mm_ctx) == 0
    # And a task sent twice anyway (the dispatcher died before acknowledging) rates once.
    from services.matchmaking.tasks import apply_match
    assert apply_match(mm_ctx, match_id) == "duplicate"
    assert mm_ctx.standings.get("tictactoe", ana.player_id).matches == 1
    assert mm_ctx.standings.get("tictactoe", bo.player_id).matches == 1


def test_a_match_that_cannot_be_rated_is_applied_by_the_dispatcher_without_a_task(
        settings, api, mm_ctx):
    ana = _player(api, "Ana")
    created = api.post("/v1/matches", headers=ana.headers, json={
        "game": "tictactoe", "seats": [{"player_id": ana.player_id},
                                       {"player_id": ana.player_id}]})
    assert created.status_code == 201, created.get_json()
    match_id = created.get_json()["match_id"]
    _play_to_the_end(api, match_id, [ana, ana])
    dispatcher = Dispatcher(mm_ctx, celery=make_celery(settings), name="test")
    _drain(dispatcher)
    assert _queued(mm_ctx) == 0
    assert mm_ctx.redis.exists(mm_ctx.keys.result("tictactoe", match_id))
    assert mm_ctx.redis.zcard(mm_ctx.keys.ratings_due()) == 0
    assert mm_ctx.standings.get("tictactoe", ana.player_id).matches == 2  # one per seat
