"""The clock sweep and the projection, in-process over real Redis: a sweep is idempotent,
a deadline that passed while no worker ran is handled by the next sweep, and a timeout is
appended once however often it is sent."""
from __future__ import annotations

import json
import time

import pytest

from services.match.bus.consumer import handle
from services.turns.config import TurnsSettings
from services.turns.context import build
from services.turns.sweep import sweep
from services.turns.projection import project_match
from shared.schemas.bus import COMMANDS
from tests.invitations import start_match
from tests.services.turns.conftest import Player


@pytest.fixture
def turns_ctx(settings):
    return build(TurnsSettings.from_env(base=settings))


def _commands(ctx):
    out = []
    for stream in ctx.bus.streams(COMMANDS):
        out += [json.loads(f[b"m"]) for _, f in ctx.redis.xrange(stream)]
    return out


def test_a_deadline_passed_while_no_worker_ran_is_timed_out_once(match_app, turns_ctx):
    _, client, ctx = match_app
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    match_id = start_match(client, ana, [ana, bo],
                           clock={"per_move_seconds": 2, "on_timeout": "forfeit"})
    project_match(turns_ctx, match_id)
    deadline = turns_ctx.redis.zscore(ctx.keys.deadlines(match_id), match_id)
    assert deadline is not None
    assert sweep(turns_ctx, now=deadline - 1).timeouts_sent == 0  # not yet due
    later = deadline + 3600  # every worker was down for an hour
    first = sweep(turns_ctx, now=later)
    assert first.timeouts_sent == 1 and first.lateness == [pytest.approx(3600)]
    # Not appended yet (the match consumer is down too): the entry is re-armed, sent again.
    rearmed = turns_ctx.redis.zscore(ctx.keys.deadlines(match_id), match_id)
    assert rearmed == pytest.approx(later + turns_ctx.settings.resend_seconds)
    assert sweep(turns_ctx, now=rearmed).timeouts_sent == 1
    sent = _commands(ctx)
    assert len(sent) == 2 and sent[0] == sent[1] and sent[0]["source"] == "system"
    time.sleep(max(0.0, deadline - time.time()) + 0.05)  # the match service reads the clock
    for message in sent:
        assert handle(ctx, message) is None  # the second is a repeat: nothing appended
    types = [e["type"] for e in ctx.log.read(match_id)]
    assert types == ["MatchCreated", "InvitationAccepted", "GameStarted", "TurnTimedOut",
                     "SeatForfeited"]
    project_match(turns_ctx, match_id)
    assert turns_ctx.redis.zscore(ctx.keys.deadlines(match_id), match_id) is None
    assert sweep(turns_ctx, now=later + 60).timeouts_sent == 0


def test_the_sweep_ends_a_vacation_that_ran_out(match_app, turns_ctx):
    _, client, ctx = match_app
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    match_id = start_match(client, ana, [ana, bo],
                           clock={"per_move_seconds": 86_400, "on_timeout": "bot"})
    assert client.post("/v1/players/me/vacation", headers=ana.headers,
                       json={"days": 2}).status_code == 201
    until = turns_ctx.redis.zscore(ctx.keys.vacations(), ana.player_id)
    assert sweep(turns_ctx, now=until + 1).vacations_ended == 1
    for message in _commands(ctx):
        assert handle(ctx, message) is None
    assert [e["type"] for e in ctx.log.read(match_id)][-2:] == ["VacationStarted",
                                                                "VacationEnded"]
    state = ctx.store.load(match_id)
    ended_at = ctx.log.read(match_id)[-1]["at"]
    from shared.games.clock import timestamp
    # The clock runs again from the end (here: now, before `until`); the moments Ana's
    # clock ran before the vacation are kept. A late end is covered in tests/games.
    assert state.deadlines()[0] == pytest.approx(timestamp(ended_at) + 86_400, abs=1.0)
    assert client.get("/v1/players/me/vacation",
                      headers=ana.headers).get_json()["on_vacation"] is False
