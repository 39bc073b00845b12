"""The matchmaking HTTP API: tickets, standings and operations (API.md)."""
import time

import pytest

from services.matchmaking.loop import PairingLoop
from shared.eventlog.keys import Keys
from tests.services.matchmaking.conftest import TICKET, bearer

pytestmark = pytest.mark.cluster_too  # and on one Redis (tests/conftest.py)


def test_a_ticket_is_created_and_shown_to_its_owner(mm, mm_ctx):
    me = bearer(mm_ctx)
    created = mm.post("/v1/tickets", json=TICKET, headers=me)
    assert created.status_code == 201
    shown = mm.get(f"/v1/tickets/{created.get_json()['ticket_id']}", headers=me).get_json()
    assert shown["status"] == "waiting" and shown["match_id"] is None


@pytest.mark.parametrize("body, field", [
    ({"players": 2}, "game"),
    ({**TICKET, "game": "chess"}, "game"),
    ({**TICKET, "players": 3}, "players"),
    ({**TICKET, "players": "2"}, "players"),
    ({**TICKET, "mode": "friendly"}, "mode"),
    ({**TICKET, "options": {"variant": "x"}}, "options"),
    ({**TICKET, "clock": {"per_move_seconds": 60}}, "clock"),
    ({**TICKET, "max_wait_seconds": 0}, "max_wait_seconds"),
    ({**TICKET, "colour": "red"}, "colour"),
    # Issue 14: accepted (201), then every read of the match it formed was a 500.
    ({**TICKET, "clock": {"per_move_seconds": 10 ** 20, "on_timeout": "bot"}}, "clock"),
    ({**TICKET, "clock": {"bank_seconds": 10 ** 12, "increment_seconds": 0,
                          "on_timeout": "bot"}}, "clock"),
    ({**TICKET, "options": {"o" * 65: 1}}, "options"),
])
def test_a_malformed_ticket_is_a_400_naming_the_field(mm, mm_ctx, body, field):
    response = mm.post("/v1/tickets", json=body, headers=bearer(mm_ctx))
    assert response.status_code == 400
    assert response.get_json()["error"] == "invalid_request"
    assert field in response.get_json()["fields"]


def test_garbage_bodies_are_400s_not_500s(mm, mm_ctx):
    deep = b'{"options": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"  # was a RecursionError
    deeper_than_allowed = b'{"game": ' + b"[" * 20_000 + b"]" * 20_000 + b"}"
    for data in (b"{", b"[]", b"null", b"\xff", deeper_than_allowed):
        response = mm.post("/v1/tickets", data=data, headers={
            **bearer(mm_ctx), "Content-Type": "application/json"})
        assert response.status_code == 400, data
    response = mm.post("/v1/tickets", data=deep, headers={
        **bearer(mm_ctx), "Content-Type": "application/json"})
    assert response.status_code == 413 and response.get_json()["error"] == "body_too_large"


def test_tickets_need_a_valid_token(mm):
    assert mm.post("/v1/tickets", json=TICKET).status_code == 401
    bad = {"Authorization": "Bearer forged.token"}
    assert mm.post("/v1/tickets", json=TICKET, headers=bad).get_json()["error"] == "unauthenticated"


def test_only_the_owner_sees_or_cancels_a_ticket(mm, mm_ctx):
    ticket_id = mm.post("/v1/tickets", json=TICKET, headers=bearer(mm_ctx)).get_json()["ticket_id"]
    other = bearer(mm_ctx)
    assert mm.get(f"/v1/tickets/{ticket_id}", headers=other).status_code == 403
    assert mm.delete(f"/v1/tickets/{ticket_id}", headers=other).status_code == 403


def test_unknown_tickets_are_404(mm, mm_ctx):
    for ticket_id in ("nope", "exordium.2.ranked.untimed~" + "0" * 32):
        assert mm.get(f"/v1/tickets/{ticket_id}", headers=bearer(mm_ctx)).status_code == 404


def test_cancelling_a_waiting_ticket_and_again(mm, mm_ctx):
    me = bearer(mm_ctx)
    ticket_id = mm.post("/v1/tickets", json=TICKET, headers=me).get_json()["ticket_id"]
    assert mm.delete(f"/v1/tickets/{ticket_id}", headers=me).get_json()["status"] == "cancelled"
    assert mm.delete(f"/v1/tickets/{ticket_id}", headers=me).status_code == 200
    assert mm_ctx.pools.waiting(ticket_id.split("~")[0]) == []


def test_one_waiting_ticket_per_player_and_pool(mm, mm_ctx):
    me = bearer(mm_ctx)
    first = mm.post("/v1/tickets", json=TICKET, headers=me).get_json()["ticket_id"]
    again = mm.post("/v1/tickets", json=TICKET, headers=me)
    assert again.status_code == 409 and again.get_json()["ticket_id"] == first
    casual = mm.post("/v1/tickets", json={**TICKET, "mode": "casual"}, headers=me)
    assert casual.status_code == 201


def test_a_player_at_the_cap_of_matches_not_over_gets_no_ticket(mm, mm_ctx):
    """A ticket forms a match: a player holding as many matches not over as the match
    service allows (its count, services/match/command_path/caps.py) is refused, 409."""
    player = "a" * 32
    held = Keys(mm_ctx.settings.namespace).player_active(player)
    cap = mm_ctx.settings.max_active_matches
    mm_ctx.redis.zadd(held, {f"{i:032x}": time.time() for i in range(cap - 1)})
    assert mm.post("/v1/tickets", json=TICKET, headers=bearer(mm_ctx, player)).status_code == 201
    mm_ctx.redis.zadd(held, {"f" * 32: time.time()})
    refused = mm.post("/v1/tickets", json={**TICKET, "mode": "casual"},
                      headers=bearer(mm_ctx, player))
    assert refused.status_code == 409
    assert refused.get_json()["error"] == "too_many_active_matches"


def test_a_ticket_being_matched_cannot_be_cancelled(mm, mm_ctx):
    me, you = bearer(mm_ctx), bearer(mm_ctx)
    mine = mm.post("/v1/tickets", json=TICKET, headers=me).get_json()["ticket_id"]
    mm.post("/v1/tickets", json=TICKET, headers=you)
    assert PairingLoop(mm_ctx).run_once() == 1
    assert mm.get(f"/v1/tickets/{mine}", headers=me).get_json()["status"] == "waiting"
    refused = mm.delete(f"/v1/tickets/{mine}", headers=me)
    assert refused.status_code == 409 and refused.get_json()["error"] == "ticket_closed"


def test_a_ticket_waits_its_limit_then_expires(mm, mm_ctx):
    me = bearer(mm_ctx)
    ticket_id = mm.post("/v1/tickets", json={**TICKET, "max_wait_seconds": 1},
                        headers=me).get_json()["ticket_id"]
    mm_ctx.pools.run_pass(ticket_id.split("~")[0], now=__import__("time").time() + 2)
    assert mm.get(f"/v1/tickets/{ticket_id}", headers=me).get_json()["status"] == "expired"


def test_standings_of_unknown_games_are_404_and_of_new_players_empty(mm, mm_ctx):
    assert mm.get("/v1/leaderboards/chess").status_code == 404
    assert mm.get("/v1/leaderboards/exordium").get_json() == {"game": "exordium", "entries": []}
    mm_ctx.redis.hset(mm_ctx.log.keys.player("somebody"), "name", "Somebody")  # registered
    body = mm.get("/v1/players/somebody/ratings").get_json()
    assert body == {"player_id": "somebody", "ratings": [], "reliability": 1.0}


def test_ratings_of_nobody_are_404(mm):
    """Issue 14: GET /v1/players/nope/ratings answered 200; API.md says 404."""
    response = mm.get("/v1/players/nope/ratings")
    assert response.status_code == 404 and response.get_json()["error"] == "not_found"


def test_operations_endpoints(mm, mm_ctx):
    mm.post("/v1/tickets", json=TICKET, headers=bearer(mm_ctx))
    assert mm.get("/healthz").status_code == 200 and mm.get("/readyz").status_code == 200
    metrics = mm.get("/metrics").get_data(as_text=True)
    assert 'orrery_matchmaking_waiting_tickets{pool="exordium.2.ranked.untimed"} 1.0' in metrics
    assert "orrery_matchmaking_time_to_match_seconds" in metrics
    spec = mm.get("/openapi.json").get_json()
    assert "/v1/tickets" in spec["paths"] and "/v1/leaderboards/{game}" in spec["paths"]


def test_too_many_requests_are_429(settings):
    from dataclasses import replace
    from services.matchmaking.app import create_app
    client = create_app(replace(settings, rate_limit_per_minute=3)).test_client()
    codes = [client.get("/v1/leaderboards/exordium").status_code for _ in range(5)]
    assert codes[:3] == [200] * 3 and codes[3:] == [429, 429]
