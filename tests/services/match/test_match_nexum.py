"""Nexum through the match API: each sector and mode, 1-4 seats (with AI civilisations where
the mode has events), played by people sending random legal commands over HTTP to the end."""
from __future__ import annotations

import random

import pytest

from tests.services.match.conftest import Player, new_match
from tests.services.match.test_match_exsilium import _play_to_the_end

TABLES = [("tabula", "asteroids", 1), ("ihx", "asteroids", 2), ("limit", "asteroids", 3),
          ("tabula", "asteroids", 4), ("ihx", "eventless", 2), ("limit", "core", 2)]


@pytest.mark.parametrize("sector,mode,seats", TABLES)
def test_each_sector_and_mode_is_played_to_a_winner_over_http(client, sector, mode, seats):
    """Given a Nexum table, when its seats play legal commands over HTTP (a short safety
    limit of 4 rounds), then the match ends with an outcome ranking every seat."""
    players = [Player(client, f"P{i}") for i in range(seats)]
    match_id = new_match(client, players[0], players, game="nexum", seed=seats,
                         options={"sector": sector, "mode": mode, "max_rounds": 4})
    final = _play_to_the_end(client, match_id, players, random.Random(sector))
    assert final["status"] == "finished"
    assert len(final["outcome"]["ranks"]) == seats
    assert final["outcome"]["reason"] in ("victory_points", "relics", "last_standing",
                                          "round_limit")


def test_parts_not_built_are_a_400_naming_the_option(client):
    ana = Player(client, "Ana")
    response = client.post("/v1/matches", headers=ana.headers, json={
        "game": "nexum", "seats": [{"player_id": ana.player_id}],
        "options": {"multi_battle": True}})
    assert response.status_code == 400
    assert "multi_battle" in str(response.get_json())


def test_a_campaign_battle_carries_over_to_the_next_through_the_api(client):
    """Campaign mode (Asteroids p.14): given a campaign battle played to its end over HTTP,
    when the next battle is created with the options its outcome names, then that match
    starts from the carried-over state (reserves less the ships held on the map)."""
    players = [Player(client, f"C{i}") for i in range(2)]
    first = new_match(client, players[0], players, game="nexum", seed=7, options={
        "sector": "ihx", "max_rounds": 4, "campaign": True, "campaign_withheld_1": 2})
    final = _play_to_the_end(client, first, players, random.Random("campaign"))
    carried = final["outcome"]["campaign"]
    nxt = carried["next_options"]
    assert nxt["campaign"] is True and nxt["campaign_first_player"] == 1
    assert nxt["campaign_withheld_1"] >= 2
    second = new_match(client, players[0], players, game="nexum", seed=8,
                       options={"sector": "limit", **nxt})
    view = client.get(f"/v1/matches/{second}", headers=players[1].headers).get_json()
    factions = view["view"]["factions"]
    assert factions[1]["reserve"] == 25 - 4 - nxt["campaign_withheld_1"]
    assert view["view"]["campaign"]["first_player"] == 1
