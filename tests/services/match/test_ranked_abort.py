"""Aborts have a cost in ranked play: once a ranked match of a game that hides information
has started, its deal is dealt and a seat may have seen its hand, so an abort is refused
(resign instead); casual play, and a game that hides nothing, keep the free abort before
the first move (docs/API.md, "Matches")."""
from __future__ import annotations

import uuid

import pytest

from services.match.command_path.creation import create_match
from tests.services.match.conftest import Player


def _formed(ctx, game: str, players: list, mode: str) -> str:
    """A match as matchmaking forms it (no invitation), in `mode`."""
    match_id = uuid.uuid4().hex
    create_match(ctx, None, {"game": game, "options": {}, "clock": None,
                             "seats": [{"player_id": p.player_id} for p in players],
                             "seed": None}, match_id=match_id,
                 provenance={"mode": mode, "group_id": uuid.uuid4().hex,
                             "ticket_ids": [uuid.uuid4().hex for _ in players],
                             "ratings": [25.0] * len(players)})
    return match_id


def _abort(client, player, match_id):
    return client.post(f"/v1/matches/{match_id}/commands", headers=player.headers,
                       json={"command": {"type": "abort"}})


@pytest.mark.parametrize("game", ["exile_sun", "exsilium", "nexum", "exordium"])
def test_a_ranked_match_that_hides_information_cannot_be_aborted_after_the_deal(
        client, ctx, game):
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    match_id = _formed(ctx, game, [ana, bo], "ranked")
    before = client.get(f"/v1/matches/{match_id}").get_json()
    refused = _abort(client, bo, match_id)
    assert refused.status_code == 422
    body = refused.get_json()
    assert body["error"] == "illegal_command" and "ranked" in body["message"]
    assert "Resign" in body["message"]
    after = client.get(f"/v1/matches/{match_id}").get_json()
    assert after["version"] == before["version"] and after["status"] == "active"
    resigned = client.post(f"/v1/matches/{match_id}/commands", headers=bo.headers,
                           json={"command": {"type": "resign"}})
    assert resigned.status_code == 200  # the way out costs what a loss costs


def test_casual_play_keeps_the_free_abort(client, ctx):
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    match_id = _formed(ctx, "exile_sun", [ana, bo], "casual")
    assert _abort(client, bo, match_id).status_code == 200
    assert client.get(f"/v1/matches/{match_id}").get_json()["status"] == "aborted"


def test_a_ranked_game_that_hides_nothing_keeps_the_free_abort(client, ctx):
    ana, bo = Player(client, "Ana"), Player(client, "Bo")
    match_id = _formed(ctx, "tictactoe", [ana, bo], "ranked")
    assert _abort(client, ana, match_id).status_code == 200
