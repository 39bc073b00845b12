"""A ticket is accepted exactly when the match service would create its match (issue 14,
item 5: one check, shared/games/terms.py), and a ticket that was not matched says why."""
from __future__ import annotations

import json
import time

import pytest

from services.match.api.app import create_app as create_match_app
from shared.games import bot_levels
from shared.schemas.matchmaking import FORMED
from tests.services.match.conftest import Player
from tests.services.matchmaking.conftest import TICKET, bearer

# (game, players, options, clock): terms the issue found accepted by matchmaking and refused
# by the match service, a few the match service accepts, and a few both refuse.
TERMS = [
    ("tictactoe", 2, {}, {"per_move_seconds": 60, "on_timeout": "skip"}),
    ("exsilium", 2, {"scenario": "4_short"}, None),
    ("exsilium", 3, {"scenario": "2"}, None),
    ("exsilium", 4, {"scenario": "4_short"}, None),
    ("exsilium", 2, {}, {"per_move_seconds": 60, "on_timeout": "forfeit"}),
    ("exordium", 2, {}, {"per_move_seconds": 60, "on_timeout": "bot"}),
    ("exordium", 2, {"no_such_option": 1}, None),
    ("tictactoe", 2, {}, {"per_move_seconds": 60, "on_timeout": "forfeit"}),
    ("nexum", 2, {"multi_battle": True}, None),  # a table of a battle group only
]


def _ticket(terms) -> dict:
    game, players, options, clock = terms
    return {"game": game, "players": players, "mode": "casual", "options": options,
            "clock": clock, "allow_bots": True}


def _match(terms, creator) -> dict:
    game, players, options, clock = terms
    seats = [{"player_id": creator.player_id}] + [{"bot": "random"}] * (players - 1)
    return {"game": game, "seats": seats, "options": options, "clock": clock}


@pytest.mark.parametrize("terms", TERMS, ids=lambda t: f"{t[0]}-{t[1]}-{t[2]}-{t[3]}")
def test_a_ticket_is_accepted_exactly_when_its_match_would_be(settings, mm, mm_ctx, terms):
    matches = create_match_app(settings).test_client()
    ana = Player(matches, "Ana")
    created = matches.post("/v1/matches", headers=ana.headers, json=_match(terms, ana))
    ticket = mm.post("/v1/tickets", headers=bearer(mm_ctx), json=_ticket(terms))
    assert created.status_code in (201, 400), created.get_json()
    assert ticket.status_code == created.status_code, (ticket.get_json(), created.get_json())
    if ticket.status_code == 400:
        assert ticket.get_json()["error"] == "invalid_request"
        assert ticket.get_json()["message"] == created.get_json()["message"]


def test_a_skip_clock_for_a_game_without_a_pass_is_refused_saying_why(mm, mm_ctx):
    answer = mm.post("/v1/tickets", headers=bearer(mm_ctx), json=_ticket(TERMS[0]))
    assert answer.status_code == 400
    assert "no pass" in answer.get_json()["fields"]["clock"]["on_timeout"][0]


def test_a_scenario_for_another_table_size_is_refused_saying_why(mm, mm_ctx):
    answer = mm.post("/v1/tickets", headers=bearer(mm_ctx), json=_ticket(TERMS[1]))
    assert answer.status_code == 400 and "scenario" in answer.get_json()["fields"]["options"]


def test_an_expired_ticket_says_why_it_was_not_matched(mm, mm_ctx):
    me = bearer(mm_ctx)
    ticket_id = mm.post("/v1/tickets", json={**TICKET, "max_wait_seconds": 1},
                        headers=me).get_json()["ticket_id"]
    assert mm.get(f"/v1/tickets/{ticket_id}", headers=me).get_json()["reason"] is None
    mm_ctx.pools.run_pass(ticket_id.split("~")[0], now=time.time() + 2)
    shown = mm.get(f"/v1/tickets/{ticket_id}", headers=me).get_json()
    assert shown["status"] == "expired" and "max_wait_seconds" in shown["reason"]


def test_a_group_the_match_service_refused_leaves_its_reason_on_the_tickets(mm, mm_ctx):
    me = bearer(mm_ctx)
    ticket_id = mm.post("/v1/tickets", json={**TICKET, "allow_bots": True, "max_wait_seconds": 1},
                        headers=me).get_json()["ticket_id"]
    pool = ticket_id.split("~")[0]
    formed = mm_ctx.pools.run_pass(pool, now=time.time() + 2)  # waited: bots complete it
    assert formed.groups
    group_id = mm_ctx.redis.hget(mm_ctx.pools.keys.ticket(pool, ticket_id), "group_id").decode()
    mm_ctx.pools.settle({"group_id": group_id, "pool": pool, "ticket_ids": [ticket_id],
                         "match_id": None, "error": "invalid_request",
                         "message": "Exordium does not accept these options."})
    shown = mm.get(f"/v1/tickets/{ticket_id}", headers=me).get_json()
    assert shown["status"] == "expired"
    assert shown["reason"] == "Exordium does not accept these options."


def test_a_table_completed_with_bots_gets_levels_that_exist_and_carries_the_players_rating(
        mm, mm_ctx):
    me = bearer(mm_ctx)
    ticket_id = mm.post("/v1/tickets", json={**TICKET, "allow_bots": True, "max_wait_seconds": 1},
                        headers=me).get_json()["ticket_id"]
    pool = ticket_id.split("~")[0]
    assert mm_ctx.pools.run_pass(pool, now=time.time() + 2).groups
    [message] = [json.loads(fields[b"m"]) for stream in mm_ctx.pools.bus.streams(FORMED)
                 for _, fields in mm_ctx.redis.xrange(stream)]
    [player] = [seat for seat in message["seats"] if "player_id" in seat]
    bots = [seat for seat in message["seats"] if "bot" in seat]
    assert player["ticket_id"] == ticket_id and player["rating"] == pytest.approx(25.0)
    assert bots and all(seat["level"] == bot_levels.level_near(player["rating"])
                        for seat in bots)
    assert all(seat["level"] in bot_levels.LEVELS for seat in bots)
