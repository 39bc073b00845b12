"""The "your turn" projection from announcements alone, over real Redis: the announcement
carries what it needs (and matches its schema), a batch is projected by its latest
announcement per match, an older or repeated one changes nothing and notifies nobody, and a
malformed one fails the batch before anything is written."""
from __future__ import annotations

import pytest

from services.turns.config import TurnsSettings
from services.turns.context import build
from services.turns.projection import project
from shared.messages.announcements import announcement
from shared.schemas.bus import MatchAnnouncementSchema
from tests.invitations import start_match
from tests.services.turns.conftest import Player

pytestmark = pytest.mark.cluster_too  # and on one Redis (tests/conftest.py)


@pytest.fixture
def turns_ctx(settings):
    return build(TurnsSettings.from_env(base=settings))


def _new_match(client, ana, bo, clock=None):
    return start_match(client, ana, [ana, bo], **({"clock": clock} if clock else {}))


def _mark(client, player, match_id, cell):
    answer = client.post(f"/v1/matches/{match_id}/commands", headers=player.headers,
                         json={"command": {"type": "mark", "cell": cell}})
    assert answer.status_code == 200, answer.get_json()


def _feed(ctx, player):
    return ctx.redis.xlen(ctx.keys.player_feed(player.player_id))


def _to_act(ctx, player):
    return [m.decode() for m in ctx.redis.zrange(ctx.keys.player_to_act(player.player_id), 0, -1)]


def test_the_announcement_carries_deadlines_and_turns_and_matches_its_schema(match_app):
    _, client, ctx = match_app
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    match_id = _new_match(client, ana, bo, {"per_move_seconds": 3600, "on_timeout": "bot"})
    _mark(client, ana, match_id, 4)
    message = announcement(ctx.store.load(match_id))
    assert MatchAnnouncementSchema().validate(message) == {}
    bo_seat = message["seats"][1]
    assert message["to_act"] == [1] and bo_seat["deadline"] > message["created_at"]
    assert bo_seat["turn_began_at_version"] == message["version"]
    assert message["seats"][0]["deadline"] is None  # not her turn: no clock runs for her


def test_a_batch_projects_the_latest_announcement_and_older_ones_change_nothing(
        match_app, turns_ctx):
    _, client, ctx = match_app
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    match_id = _new_match(client, ana, bo)
    first = announcement(ctx.store.load(match_id))      # Ana (X) to act
    _mark(client, ana, match_id, 4)
    second = announcement(ctx.store.load(match_id))     # Bo to act
    project(turns_ctx.redis, turns_ctx.keys, [second, first])
    assert _to_act(turns_ctx, bo) == [match_id] and _to_act(turns_ctx, ana) == []
    assert (_feed(turns_ctx, ana), _feed(turns_ctx, bo)) == (0, 1)  # only the turn now due
    project(turns_ctx.redis, turns_ctx.keys, [first])   # late: stale
    project(turns_ctx.redis, turns_ctx.keys, [second])  # repeated: no news
    assert _to_act(turns_ctx, bo) == [match_id] and _to_act(turns_ctx, ana) == []
    assert (_feed(turns_ctx, ana), _feed(turns_ctx, bo)) == (0, 1)


def test_a_finished_match_leaves_every_list_and_tells_both_players(match_app, turns_ctx):
    _, client, ctx = match_app
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    match_id = _new_match(client, ana, bo)
    project(turns_ctx.redis, turns_ctx.keys, [announcement(ctx.store.load(match_id))])
    for player, cell in [(ana, 0), (bo, 3), (ana, 1), (bo, 4), (ana, 2)]:  # Ana's top row
        _mark(client, player, match_id, cell)
    over = announcement(ctx.store.load(match_id))
    assert over["status"] == "finished"
    project(turns_ctx.redis, turns_ctx.keys, [over])
    assert _to_act(turns_ctx, ana) == [] and _to_act(turns_ctx, bo) == []
    assert turns_ctx.redis.zscore(turns_ctx.keys.deadlines(match_id), match_id) is None
    last = turns_ctx.redis.xrevrange(turns_ctx.keys.player_feed(bo.player_id), count=1)
    assert b'"type":"match_over"' in last[0][1][b"m"]


def test_a_malformed_announcement_fails_the_batch_before_anything_is_written(
        match_app, turns_ctx):
    _, client, ctx = match_app
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    match_id = _new_match(client, ana, bo)
    good = announcement(ctx.store.load(match_id))
    with pytest.raises(KeyError):
        project(turns_ctx.redis, turns_ctx.keys, [good, {"match_id": "x", "version": 1}])
    assert turns_ctx.redis.get(turns_ctx.keys.turn_version(match_id)) is None
    assert _to_act(turns_ctx, ana) == []


def test_scripts_redis_lost_are_loaded_again_and_only_their_calls_rerun(match_app, turns_ctx):
    """The scripts are called by hash in pipelines (no SCRIPT EXISTS per batch); when Redis
    answers NOSCRIPT (it restarted and lost them; here: hashes it never saw), they are
    loaded again and only the failed calls run again: the feed note is written once."""
    from services.turns.projection import _scripts
    from shared.infra.connect import is_cluster
    if is_cluster(turns_ctx.redis):
        pytest.skip("a cluster's pipelines load scripts on each master themselves")
    _, client, ctx = match_app
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    match_id = _new_match(client, ana, bo)
    for player, cell in [(ana, 0), (bo, 3), (ana, 1), (bo, 4)]:
        _mark(client, player, match_id, cell)
    project(turns_ctx.redis, turns_ctx.keys, [announcement(ctx.store.load(match_id))])
    notes = _feed(turns_ctx, ana), _feed(turns_ctx, bo)
    _mark(client, ana, match_id, 2)  # the end: a "match over" note each, outside the scripts
    for script in _scripts(turns_ctx.redis):
        script.sha = "0" * 40
    project(turns_ctx.redis, turns_ctx.keys, [announcement(ctx.store.load(match_id))])
    assert _to_act(turns_ctx, ana) == [] == _to_act(turns_ctx, bo)
    assert (_feed(turns_ctx, ana), _feed(turns_ctx, bo)) == (notes[0] + 1, notes[1] + 1)
    assert all(script.sha != "0" * 40 for script in _scripts(turns_ctx.redis))
