"""Players, tokens and the list of games (API.md: Identity, Games)."""
from shared.web.auth import Tokens

from .conftest import Player


def test_a_new_player_gets_an_id_and_a_token(client, ctx):
    response = client.post("/v1/players", json={"name": "  Ana  "})
    assert response.status_code == 201
    body = response.get_json()
    assert body["name"] == "Ana" and body["token"] and len(body["player_id"]) == 32
    assert ctx.redis.hget(ctx.keys.player(body["player_id"]), "name") == b"Ana"


def test_a_player_needs_a_visible_name(client):
    for bad in ({}, {"name": ""}, {"name": "   "}, {"name": 7}, {"name": "x" * 65},
                {"name": "Ana", "extra": 1}):
        response = client.post("/v1/players", json=bad)
        assert response.status_code == 400, bad
        body = response.get_json()
        assert body["error"] == "invalid_request" and body["fields"], bad


def test_a_body_that_is_not_json_is_invalid_request(client):
    response = client.post("/v1/players", data="{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["error"] == "invalid_request"


def test_a_forged_token_is_refused(client, ana, ttt):
    forged = Tokens("another-secret").issue(ana.player_id)
    for header in (f"Bearer {forged}", f"Bearer {ana.token}x", "Bearer", "Basic abc", ana.token):
        response = client.get(f"/v1/matches/{ttt}", headers={"Authorization": header})
        assert response.status_code == 401, header
        assert response.get_json()["error"] == "unauthenticated"


def test_games_lists_every_registered_game_with_its_options(client):
    body = client.get("/v1/games").get_json()
    by_name = {game["name"]: game for game in body["games"]}
    assert by_name["tictactoe"] == {"name": "tictactoe", "title": "Tic-tac-toe",
                                    "min_players": 2, "max_players": 2, "options": {}}
    assert "exordium" in by_name


def test_players_are_distinct(client):
    assert Player(client, "A").player_id != Player(client, "A").player_id
