"""Exsilium through the match API: every scenario with its player count, played by people
(random legal commands sent over HTTP, each by the seat's own token) to the end."""
from __future__ import annotations

import random

import pytest

from shared.games.exsilium.components import SCENARIOS
from tests.services.match.conftest import Player, new_match

SCENARIO_SEATS = [(name, layout["players"]) for name, layout in sorted(SCENARIOS.items())]


def _play_to_the_end(client, match_id, players, rng, most=5000):
    """Each seat to act fetches its own legal commands and sends one; returns the match."""
    for step in range(most):
        match = client.get(f"/v1/matches/{match_id}").get_json()
        if match["status"] != "active":
            return match
        seat = rng.choice(match["to_act"])
        player = players[seat]
        legal = client.get(f"/v1/matches/{match_id}/legal?seat={seat}",
                           headers=player.headers).get_json()
        assert legal["seat"] == seat and legal["commands"], legal
        sent = client.post(f"/v1/matches/{match_id}/commands?seat={seat}", headers=player.headers,
                           json={"command": rng.choice(legal["commands"]),
                                 "command_id": f"step-{step}"})
        assert sent.status_code == 200, sent.get_json()
    raise AssertionError(f"match {match_id} still active after {most} commands")


@pytest.mark.parametrize("scenario,seats", SCENARIO_SEATS)
def test_every_scenario_is_created_and_played_to_a_winner_over_http(client, scenario, seats):
    """Given players at an Exsilium table of the scenario's size, when they play legal
    commands over HTTP, then the match ends with an outcome that ranks every seat."""
    players = [Player(client, f"P{i}") for i in range(seats)]
    match_id = new_match(client, players[0], players,
                         game="exsilium", options={"scenario": scenario, "max_rounds": 4},
                         seed=seats)
    final = _play_to_the_end(client, match_id, players, random.Random(scenario))
    assert final["status"] == "finished"
    assert sorted(final["outcome"]["ranks"])[0] == 1 and len(final["outcome"]["ranks"]) == seats


def test_a_scenario_for_another_table_size_is_refused(client, ctx, namespace):
    """Given a 3-player scenario, when two players create the match, then it is a 400 that
    names the option, and nothing is written."""
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    before = set(ctx.redis.scan_iter(match=f"{namespace}*"))
    response = client.post("/v1/matches", headers=ana.headers, json={
        "game": "exsilium", "seats": [{"player_id": ana.player_id}, {"player_id": bo.player_id}],
        "options": {"scenario": "3_short"}})
    assert response.status_code == 400
    assert "scenario" in response.get_json()["fields"]["options"]
    written = set(ctx.redis.scan_iter(match=f"{namespace}*")) - before
    assert not [key for key in written if b"rate" not in key], written


def test_spanish_tables_refuse_in_spanish(client):
    """Given a match with the option language=es, when a seat sends a command the rules
    forbid, then the 422 explains the rule in Spanish."""
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    seats = [ana, bo]
    english = new_match(client, ana, seats, game="exsilium", seed=1)
    spanish = new_match(client, ana, seats, game="exsilium", options={"language": "es"}, seed=1)
    answers = []
    for match_id in (english, spanish):
        match = client.get(f"/v1/matches/{match_id}").get_json()
        seat = match["to_act"][0]
        player = (ana, bo)[seat]
        response = client.post(f"/v1/matches/{match_id}/commands?seat={seat}",
                               headers=player.headers, json={"command": {"type": "end_turn"}})
        assert response.status_code == 422, response.get_json()
        answers.append(response.get_json()["message"])
    assert answers[0] != answers[1]
