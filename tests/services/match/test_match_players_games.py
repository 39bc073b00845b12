"""Players, tokens and the list of games (API.md: Identity, Games)."""
import time

import pytest
from itsdangerous import URLSafeSerializer

from services.match.api.app import create_app
from services.matchmaking.app import create_app as create_matchmaking_app
from shared.config import Settings
from shared.games import bot_levels, level_ratings
from shared.web.auth import GENERATION_TTL, SALT, MissingSecret

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


@pytest.mark.parametrize("bad", [
    "\u200b\u200b\u200b",         # zero-width spaces only: nothing to see
    "\u200d\ufe0f",                # a joiner and a variation selector only
    "\u0301\u0301",                # combining marks with nothing to mark
    "Ana\u202eoB",                  # right-to-left override ("Trojan source")
    "Ana\u2066x\u2069",            # an isolate
    "Ana\u200fBo",                  # a right-to-left mark
    "Ana\x07", "Ana\nBo", "Ana\x00", "Ana\x7f", "Ana\x9b",  # control characters
    "Ana\u2028Bo",                  # a line separator
    "x" * 41,                       # 41 visible characters
    "x" + "\u200d" * 64,            # one visible character padded with joiners
])
def test_a_name_is_one_to_forty_visible_characters_without_controls(client, bad):
    response = client.post("/v1/players", json={"name": bad})
    assert response.status_code == 400, bad
    assert response.get_json()["fields"]["name"], bad


def test_a_name_is_kept_in_nfc_and_may_use_any_script(client, ctx):
    decomposed = "Zoe\u0301"  # "Zoé" with a combining accent
    body = client.post("/v1/players", json={"name": decomposed}).get_json()
    assert body["name"] == "Zo\u00e9"
    stored = ctx.redis.hget(ctx.keys.player(body["player_id"]), "name").decode()
    assert stored == "Zo\u00e9"
    for good in ("\u0622\u0646\u0627", "\u738b\u82b3", "x" * 40,
                 "\U0001F469\u200d\U0001F4BB Ana", "Jos\u00e9 Mar\u00eda"):
        answer = client.post("/v1/players", json={"name": good})
        assert answer.status_code == 201, (good, answer.get_json())


def test_a_body_that_is_not_json_is_invalid_request(client):
    response = client.post("/v1/players", data="{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["error"] == "invalid_request"


def test_a_forged_token_is_refused(client, ana, ttt):
    forged = URLSafeSerializer("another-secret-of-some-length", salt=SALT).dumps(
        {"p": ana.player_id, "g": 0, "iat": 0})
    for header in (f"Bearer {forged}", f"Bearer {ana.token}x", "Bearer", "Basic abc", ana.token):
        response = client.get(f"/v1/matches/{ttt}", headers={"Authorization": header})
        assert response.status_code == 401, header
        assert response.get_json()["error"] == "unauthenticated"


def test_games_lists_every_registered_game_with_its_options(client):
    body = client.get("/v1/games").get_json()
    by_name = {game["name"]: game for game in body["games"]}
    assert by_name["tictactoe"] == {"name": "tictactoe", "title": "Tic-tac-toe",
                                    "min_players": 2, "max_players": 2, "options": {},
                                    "bot_levels": bot_levels.scale("tictactoe")}
    assert "exordium" in by_name


def test_games_lists_the_one_scale_of_bot_levels_the_api_accepts(client, ana):
    body = client.get("/v1/games").get_json()
    assert body["bots"] == ["random", "greedy", "mcts"]
    levels = [entry["level"] for entry in body["bot_levels"]]
    assert levels == list(bot_levels.LEVELS)
    assert [e["level"] for e in body["bot_levels"] if e["default"]] == [bot_levels.DEFAULT_LEVEL]
    mus = [entry["rating_mu"] for entry in body["bot_levels"]]
    assert mus == sorted(mus) and len(set(mus)) == len(mus)
    for game in body["games"]:  # each game's levels as rated by play there
        assert [e["level"] for e in game["bot_levels"]] == levels
        assert [e["rating_mu"] for e in game["bot_levels"]] == \
            [bot_levels.level_mu(game["name"])[level] for level in levels]
    exordium = next(g for g in body["games"] if g["name"] == "exordium")
    assert {e["level"]: e["rating_mu"] for e in exordium["bot_levels"]} == \
        level_ratings.table()["exordium"]["mu"]
    for level in levels + [max(levels) + 1, min(levels) - 1]:
        response = client.post("/v1/matches", headers=ana.headers, json={
            "game": "tictactoe", "seats": [{"player_id": ana.player_id},
                                           {"bot": "mcts", "level": level}]})
        assert response.status_code == (201 if level in levels else 400), level
        if level in levels:
            match = client.get(f"/v1/matches/{response.get_json()['match_id']}").get_json()
            assert match["seats"][1]["level"] == level
    unleveled = client.post("/v1/matches", headers=ana.headers, json={
        "game": "tictactoe", "seats": [{"player_id": ana.player_id}, {"bot": "mcts"}]})
    match = client.get(f"/v1/matches/{unleveled.get_json()['match_id']}").get_json()
    assert match["seats"][1]["level"] == bot_levels.DEFAULT_LEVEL


def test_players_are_distinct(client):
    assert Player(client, "A").player_id != Player(client, "A").player_id


# ---- tokens that can be trusted (issue 14) ------------------------------------------------

def _me(client, headers):
    return client.get("/v1/players/me/matches", headers=headers)


def test_a_token_carries_its_player_generation_and_issue_time(ctx, ana):
    payload = URLSafeSerializer(ctx.settings.secret, salt=SALT).loads(ana.token)
    assert payload["p"] == ana.player_id and payload["g"] == 0
    assert isinstance(payload["iat"], int) and payload["iat"] > 1_700_000_000


def test_revoking_stops_every_token_issued_so_far_on_both_services(client, settings, ana):
    second = client.post("/v1/players/me/tokens", headers=ana.headers)
    assert second.status_code == 201
    other = {"Authorization": f"Bearer {second.get_json()['token']}"}
    assert _me(client, other).status_code == 200
    matchmaking = create_matchmaking_app(settings).test_client()
    ticket = {"game": "tictactoe", "players": 2, "mode": "casual"}
    assert matchmaking.get("/v1/tickets/" + "0" * 32, headers=other).status_code == 404
    assert client.delete("/v1/players/me/tokens", headers=ana.headers).status_code == 204
    for headers in (ana.headers, other):  # at once on the process that revoked
        refused = _me(client, headers)
        assert refused.status_code == 401 and "revoked" in refused.get_json()["message"]
    time.sleep(GENERATION_TTL + 0.1)  # other processes keep a generation this long
    for headers in (ana.headers, other):
        refused = matchmaking.post("/v1/tickets", headers=headers, json=ticket)
        assert refused.status_code == 401


def test_a_rotation_keeps_only_the_new_token(client, ana):
    response = client.post("/v1/players/me/tokens", headers=ana.headers,
                           json={"revoke_others": True})
    assert response.status_code == 201
    fresh = {"Authorization": f"Bearer {response.get_json()['token']}"}
    assert _me(client, ana.headers).status_code == 401
    assert _me(client, fresh).status_code == 200


def test_a_token_from_before_generations_is_generation_zero(client, ctx, ana):
    legacy = URLSafeSerializer(ctx.settings.secret, salt=SALT).dumps(ana.player_id)
    headers = {"Authorization": f"Bearer {legacy}"}
    assert _me(client, headers).status_code == 200
    client.delete("/v1/players/me/tokens", headers=ana.headers)
    assert _me(client, headers).status_code == 401


def test_new_tokens_need_a_valid_token(client):
    assert client.post("/v1/players/me/tokens").status_code == 401
    assert client.delete("/v1/players/me/tokens").status_code == 401


@pytest.mark.parametrize("secret", [None, "", "change-me", "short"])
def test_the_services_refuse_to_start_without_a_real_secret(settings, secret):
    unsafe = Settings(**{**settings.__dict__, "secret": secret})
    for factory in (create_app, create_matchmaking_app):
        with pytest.raises(MissingSecret):
            factory(unsafe)


def test_only_an_explicit_development_mode_signs_with_a_known_secret(monkeypatch):
    monkeypatch.delenv("ORRERY_SECRET", raising=False)
    monkeypatch.delenv("ORRERY_DEVELOPMENT", raising=False)
    assert Settings.from_env().secret is None
    monkeypatch.setenv("ORRERY_DEVELOPMENT", "1")
    assert Settings.from_env().secret  # the development secret, named as such
    monkeypatch.setenv("ORRERY_SECRET", "a-real-secret-of-enough-length")
    assert Settings.from_env().secret == "a-real-secret-of-enough-length"
