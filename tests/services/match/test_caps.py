"""Caps per player (issue 25, item 3): matches not over, invitations not answered and
battle groups, each a 409 with its own code that creates nothing, held under concurrent
requests over real HTTP on a real Redis and on a Redis Cluster; and a match with no person
left in play ends (MatchAbandoned in its log) instead of bots playing it out."""
from __future__ import annotations

import dataclasses
import time

import pytest

from services.cli import parse_ndjson
from services.match.api.app import create_app
from services.match.verify import verify
from tests.served import Caller, fire, served
from tests.services.match.wormhole_tables import TABLE_OPTIONS

pytestmark = pytest.mark.cluster_too
BOT = {"bot": "random"}


@pytest.fixture
def app(settings, redis_backend):
    return create_app(dataclasses.replace(settings, test_seeds=True, max_active_matches=5,
                                          max_pending_invitations=3, max_battle_groups=1))


@pytest.fixture
def base(app):
    with served(app) as url:
        yield url


@pytest.fixture
def ctx(app):
    return app.extensions["orrery.match"]


def _create(caller: Caller, *others, game="tictactoe", bots=1):
    seats = [{"player_id": caller.player_id}] + [{"player_id": o.player_id} for o in others]
    return caller.call("POST", "/v1/matches", json={"game": game,
                                                    "seats": seats + [BOT] * bots})


def _listed(caller: Caller) -> list:
    return caller.call("GET", "/v1/players/me/matches?limit=500").json()["matches"]


def _resign(caller: Caller, match_id: str):
    return caller.call("POST", f"/v1/matches/{match_id}/commands",
                       json={"command": {"type": "resign"}})


def test_parallel_creates_never_pass_the_cap_of_matches_not_over(base, ctx):
    """40 creations at once by one player with room for 5: exactly 5 are created, every
    other one is a 409 too_many_active_matches that wrote nothing."""
    ana = Caller(base, "Ana")
    answers = fire(40, lambda i: _create(ana))
    assert sorted(a.status_code for a in answers) == [201] * 5 + [409] * 35
    assert {a.json()["error"] for a in answers if a.status_code == 409} == {
        "too_many_active_matches"}
    assert "at most 5" in next(a.json()["message"] for a in answers if a.status_code == 409)
    created = {a.json()["match_id"] for a in answers if a.status_code == 201}
    assert {m["match_id"] for m in _listed(ana)} == created
    assert ctx.redis.zcard(ctx.keys.player_active(ana.player_id)) == 5


def test_a_match_over_gives_its_place_back(base, ctx):
    ana = Caller(base, "Ana")
    made = [_create(ana).json()["match_id"] for _ in range(5)]
    assert _create(ana).status_code == 409
    assert _resign(ana, made[0]).status_code == 200  # two seats: resigning ends it
    assert _create(ana).status_code == 201
    assert _create(ana).status_code == 409


def test_a_place_left_counted_by_a_crash_is_pruned_at_the_cap(base, ctx):
    """The step that frees a place may be missed (a process dying after the append): the
    player's next meeting with the cap drops the entries that no longer count."""
    ana = Caller(base, "Ana")
    made = [_create(ana).json()["match_id"] for _ in range(5)]
    assert _resign(ana, made[0]).status_code == 200
    key = ctx.keys.player_active(ana.player_id)
    ctx.redis.zadd(key, {made[0]: 1.0, "f" * 32: 1.0})  # as if missed, long ago
    ctx.redis.zadd(key, {"e" * 32: time.time()})  # in flight: not pruned yet
    assert _create(ana).status_code == 409  # only the match over was pruned
    ctx.redis.zrem(key, "e" * 32)
    assert _create(ana).status_code == 201
    assert ctx.redis.zcard(ctx.keys.player_active(ana.player_id)) == 5


def test_accepting_takes_a_place_and_is_refused_at_the_cap(base, ctx):
    ana, bo = Caller(base, "Ana"), Caller(base, "Bo")
    invitation = _create(ana, bo, bots=0).json()["match_id"]
    mine = [_create(bo).json()["match_id"] for _ in range(5)]
    refused = bo.call("POST", f"/v1/matches/{invitation}/accept")
    assert refused.status_code == 409 and refused.json()["error"] == "too_many_active_matches"
    assert ana.call("GET", f"/v1/matches/{invitation}").json()["status"] == "invited"
    assert _resign(bo, mine[0]).status_code == 200
    accepted = bo.call("POST", f"/v1/matches/{invitation}/accept")
    assert accepted.status_code == 200 and accepted.json()["status"] == "active"
    assert _create(bo).status_code == 409  # the accepted match counts
    assert ctx.redis.zcard(ctx.keys.player_invitations(bo.player_id)) == 0


def test_parallel_invitations_never_pass_the_cap_of_invitations_not_answered(base, ctx):
    """Ten players invite Bo at once; Bo may have 3 invitations not answered: 3 matches are
    created, 7 answers are 409 too_many_invitations and create nothing (their creators'
    places are given back); answering one makes room for one more."""
    bo = Caller(base, "Bo")
    hosts = [Caller(base, f"Host {i}") for i in range(10)]
    answers = fire(10, lambda i: _create(hosts[i], bo, bots=0))
    assert sorted(a.status_code for a in answers) == [201] * 3 + [409] * 7
    assert {a.json()["error"] for a in answers if a.status_code == 409} == {
        "too_many_invitations"}
    invited = [m for m in _listed(bo) if m["status"] == "invited"]
    assert len(invited) == 3
    for host, answer in zip(hosts, answers):
        assert len(_listed(host)) == (1 if answer.status_code == 201 else 0)
        assert ctx.redis.zcard(ctx.keys.player_active(host.player_id)) == len(_listed(host))
    assert bo.call("POST", f"/v1/matches/{invited[0]['match_id']}/decline").status_code == 200
    assert _create(hosts[0], bo, bots=0).status_code == 201
    assert _create(hosts[1], bo, bots=0).status_code == 409


def _group(caller: Caller, other: Caller):
    return caller.call("POST", "/v1/battle-groups", json={"game": "nexum", "tables": [
        {"seats": [{"player_id": caller.player_id}, {"player_id": other.player_id}],
         "options": TABLE_OPTIONS} for _ in range(2)]})


def test_battle_groups_are_capped_and_a_refused_group_creates_nothing(base, ctx):
    ana, bo = Caller(base, "Ana"), Caller(base, "Bo")
    assert _group(ana, bo).status_code == 201
    refused = _group(ana, bo)
    assert refused.status_code == 409 and refused.json()["error"] == "too_many_battle_groups"
    assert len(_listed(ana)) == 2 and len(_listed(bo)) == 2
    assert ctx.redis.zcard(ctx.keys.player_groups(ana.player_id)) == 1


def test_a_group_whose_invitations_do_not_fit_creates_nothing(base, ctx):
    ana, bo, cy = Caller(base, "Ana"), Caller(base, "Bo"), Caller(base, "Cy")
    for _ in range(2):
        assert _create(cy, bo, bots=0).status_code == 201  # Bo: room for one invitation
    refused = _group(ana, bo)  # two tables: two invitations for Bo
    assert refused.status_code == 409 and refused.json()["error"] == "too_many_invitations"
    assert _listed(ana) == [] and len(_listed(bo)) == 2
    assert ctx.redis.zcard(ctx.keys.player_groups(ana.player_id)) == 0
    assert ctx.redis.zcard(ctx.keys.player_active(ana.player_id)) == 0


def _types(caller: Caller, match_id: str) -> list:
    events = caller.call("GET", f"/v1/matches/{match_id}/events?limit=1000").json()["events"]
    return [e["type"] for e in events]


def test_the_last_person_leaving_ends_the_match_instead_of_bots_playing_on(base, ctx):
    """Ana and Bo with two bots: Ana resigns and the game goes on (Bo is in play); Bo
    resigns and MatchAbandoned ends it in the same append: the bots share first place, the
    people last; the log verifies (the ending is re-executed from Bo's resignation)."""
    ana, bo = Caller(base, "Ana"), Caller(base, "Bo")
    match_id = _create(ana, bo, game="exile_sun", bots=2).json()["match_id"]
    assert bo.call("POST", f"/v1/matches/{match_id}/accept").status_code == 200
    first = _resign(ana, match_id)
    assert [e["type"] for e in first.json()["events"]] == ["SeatResigned"]
    assert ana.call("GET", f"/v1/matches/{match_id}").json()["status"] == "active"
    last = _resign(bo, match_id)
    assert [e["type"] for e in last.json()["events"]] == ["SeatResigned", "MatchAbandoned"]
    assert last.json()["events"][1]["data"] == {"seat": 1, "reason": "resignation"}
    match = ana.call("GET", f"/v1/matches/{match_id}").json()
    assert match["status"] == "finished" and match["to_act"] == []
    assert match["outcome"]["ranks"] == [2, 2, 1, 1]
    assert match["outcome"]["abandoned"] is True
    assert match["outcome"]["decided_by"] == "resignation"
    assert _types(ana, match_id)[-2:] == ["SeatResigned", "MatchAbandoned"]
    assert ctx.redis.zcard(ctx.keys.player_active(ana.player_id)) == 0
    lines = ana.call("GET", f"/v1/matches/{match_id}/log").text.splitlines()
    events, seed = parse_ndjson(lines, "GET /log")
    verdict = verify(events, seed)
    assert verdict.complete and verdict.re_executed == len(events)


def test_a_person_and_bots_the_person_resigns_and_the_match_ends(base):
    ana = Caller(base, "Ana")
    match_id = _create(ana, game="exile_sun", bots=2).json()["match_id"]
    assert [e["type"] for e in _resign(ana, match_id).json()["events"]] == [
        "SeatResigned", "MatchAbandoned"]
    match = ana.call("GET", f"/v1/matches/{match_id}").json()
    assert match["status"] == "finished" and match["outcome"]["ranks"] == [2, 1, 1]
