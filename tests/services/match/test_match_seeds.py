"""A match's seed is the server's: no seated player chooses or learns it before the match ends
while another person sits at the table (whoever knows it knows every hidden card).

These tests run the app without the test-only setting the other match tests use
(`test_seeds`, conftest.py), so the rule is the one players meet.
"""
from __future__ import annotations

import pytest

from services.match.api.app import create_app
from tests.services.match.conftest import Player
from tests.services.match.wormhole_tables import TABLE_OPTIONS


@pytest.fixture
def strict(settings):
    """A match service as deployed: the seed rule in force."""
    app = create_app(settings)
    return app.test_client(), app.extensions["orrery.match"]


def _created_anything(ctx) -> bool:
    """Whether any match, meta hash or battle group was written under the test namespace."""
    return any(b":meta" in key or b"battle" in key or b"events" in key
               for key in ctx.redis.scan_iter(match=f"{ctx.keys.namespace}*"))


def _keys(ctx) -> set:
    """Every key of the test's namespace but the rate limiter's counters."""
    return {key for key in ctx.redis.scan_iter(match=f"{ctx.keys.namespace}*")
            if b":rate:" not in key}


def _matches_written(ctx) -> list:
    return [key for key in ctx.redis.scan_iter(match=f"{ctx.keys.namespace}*")
            if b"match:" in key]


def test_a_seed_chosen_against_another_person_is_refused_and_nothing_is_written(strict):
    client, ctx = strict
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    before = _keys(ctx)
    response = client.post("/v1/matches", headers=ana.headers, json={
        "game": "exile_sun", "seed": 777,
        "seats": [{"player_id": ana.player_id}, {"player_id": bo.player_id}]})
    assert response.status_code == 400
    body = response.get_json()
    assert body["error"] == "invalid_request" and "every other seat is a bot" in body["message"]
    assert "seed" in body["fields"]
    assert _keys(ctx) == before


@pytest.mark.parametrize("game", ["exile_sun", "nexum"])
def test_without_a_seed_the_match_is_created_with_a_secret_one(strict, game):
    client, ctx = strict
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    response = client.post("/v1/matches", headers=ana.headers, json={
        "game": game, "seats": [{"player_id": ana.player_id}, {"player_id": bo.player_id}]})
    assert response.status_code == 201
    match_id = response.get_json()["match_id"]
    assert ctx.redis.hget(ctx.keys.meta(match_id), "seed") is not None
    for player in (ana, bo, None):
        headers = player.headers if player else {}
        for path in ("", "/events", "/legal"):
            text = client.get(f"/v1/matches/{match_id}{path}", headers=headers).get_data(True)
            assert '"seed"' not in text
        assert client.get(f"/v1/matches/{match_id}/log", headers=headers).status_code == 403


@pytest.mark.parametrize("seats", [
    [{"bot": "random"}],
    [{"bot": "mcts", "level": 1}],
    [{"me": True}],  # one player holding every seat: nobody else sits
])
def test_a_seed_is_accepted_where_every_other_seat_is_a_bot_or_the_caller(strict, seats):
    client, ctx = strict
    ana = Player(client, "Ana")
    body_seats = [{"player_id": ana.player_id}] + [
        {"player_id": ana.player_id} if seat.get("me") else seat for seat in seats]
    first, second = (client.post("/v1/matches", headers=ana.headers, json={
        "game": "exordium", "seed": 42, "seats": body_seats}) for _ in range(2))
    assert first.status_code == second.status_code == 201
    views = [client.get(f"/v1/matches/{r.get_json()['match_id']}/replay?version=3").get_json()
             for r in (first, second)]
    assert views[0]["view"] == views[1]["view"]  # the seed makes the setup reproducible


def test_a_battle_group_with_a_seed_and_another_person_is_refused_and_writes_nothing(strict):
    """A group is one game: a seed at any table, and another person at any table, is
    refused before the group or any table is written."""
    client, ctx = strict
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    tables = [{"seats": [{"player_id": ana.player_id}, {"bot": "random"}],
               "options": TABLE_OPTIONS, "seed": 5},
              {"seats": [{"player_id": ana.player_id}, {"player_id": bo.player_id}],
               "options": TABLE_OPTIONS}]
    response = client.post("/v1/battle-groups", headers=ana.headers,
                           json={"game": "nexum", "tables": tables})
    assert response.status_code == 400 and "seed" in response.get_json()["fields"]
    assert _matches_written(ctx) == [] and not _created_anything(ctx)
    alone = [dict(table, seats=[{"player_id": ana.player_id}, {"bot": "random"}])
             for table in tables]
    accepted = client.post("/v1/battle-groups", headers=ana.headers,
                           json={"game": "nexum", "tables": alone})
    assert accepted.status_code == 201, accepted.get_json()


def test_an_invitation_cannot_carry_a_seed(strict):
    """Seating another player invites them; with a seed the invitation is refused, so the
    invited player can never be dealt from a deck the creator chose."""
    client, ctx = strict
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    response = client.post("/v1/matches", headers=ana.headers, json={
        "game": "exordium", "seed": 1, "seats": [{"player_id": ana.player_id},
                                                 {"player_id": bo.player_id}]})
    assert response.status_code == 400
    listed = client.get("/v1/players/me/matches", headers=bo.headers).get_json()
    assert listed["matches"] == []
