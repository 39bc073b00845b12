"""POST /v1/matches: seats, options, clocks and the private seed."""
import json

import pytest

from .conftest import new_match


def _create(client, player, body):
    return client.post("/v1/matches", headers=player.headers, json=body)


def test_creation_writes_match_created_then_the_setup(client, ctx, ana, bo):
    match_id = new_match(client, ana, [{"player_id": ana.player_id}, {"bot": "mcts", "level": 2}],
                         clock={"per_move_seconds": 86400, "on_timeout": "bot"})
    first, second = ctx.log.read(match_id)
    assert first["type"] == "MatchCreated"
    assert first["data"]["seats"] == [{"player_id": ana.player_id, "name": "Ana"},
                                      {"bot": "mcts", "level": 2}]
    assert first["data"]["clock"] == {"per_move_seconds": 86400, "on_timeout": "bot"}
    assert second["type"] == "GameStarted"


def test_the_match_is_listed_for_each_human_player(client, ctx, ana, bo):
    match_id = new_match(client, ana, [ana, bo])
    for player in (ana, bo):
        assert ctx.redis.zscore(ctx.keys.player_matches(player.player_id), match_id) is not None


def test_the_seed_is_private(client, ctx, ana):
    match_id = new_match(client, ana, [{"player_id": ana.player_id}, {"bot": "random"}],
                         game="exordium", seed=987654321)
    assert ctx.redis.hget(ctx.keys.meta(match_id), "seed") == b"987654321"
    exposed = [client.get(f"/v1/matches/{match_id}", headers=ana.headers).data,
               client.get(f"/v1/matches/{match_id}/events", headers=ana.headers).data,
               json.dumps(ctx.log.read(match_id)).encode()]
    assert not any(b"987654321" in text for text in exposed)


def test_a_seed_makes_the_setup_reproducible(client, ctx, ana):
    seats = [{"player_id": ana.player_id}, {"bot": "greedy", "level": 1}]
    one, two, three = (new_match(client, ana, seats, game="exordium", seed=seed)
                       for seed in (7, 7, 8))
    setup = lambda m: [(e["type"], e["data"]) for e in ctx.log.read(m)[1:]]  # noqa: E731
    assert setup(one) == setup(two)
    assert setup(one) != setup(three)


def test_a_stored_seed_stands_and_is_read_once(ctx):
    """The first writer's seed wins (racing creators agree on one); a process keeps the
    seeds it has read, since none ever changes."""
    match_id = "f" * 32
    assert ctx.seeds.create(match_id, 11, {"created_by": "a"}) == 11
    assert ctx.seeds.create(match_id, 22, {"created_by": "b"}) == 11
    assert ctx.redis.hget(ctx.keys.meta(match_id), "seed") == b"11"
    ctx.redis.hset(ctx.keys.meta(match_id), "seed", 33)  # never done: shows the cache
    assert ctx.seeds.of(match_id) == 11


def test_the_view_shows_the_clock_as_agreed_and_enforced(client, ana):
    # Issue #5 enforces clocks (it replaced "not enforced yet"); tic-tac-toe has no pass,
    # so this clock's policy is `bot` (a `skip` is refused: test_match_turns.py).
    clock = {"bank_seconds": 3600, "increment_seconds": 60, "on_timeout": "bot",
             "weekends_off": True}
    match_id = new_match(client, ana, [{"player_id": ana.player_id}, {"bot": "random"}],
                         clock=clock)
    view = client.get(f"/v1/matches/{match_id}", headers=ana.headers).get_json()
    assert {k: view["clock"][k] for k in clock} == clock
    assert view["clock"]["enforced"] is True
    assert view["clock"]["seats"][0]["deadline"] is not None  # Ana (X) must act
    assert view["clock"]["seats"][1]["deadline"] is None       # a bot is never timed


def test_creating_needs_a_token(client, ana):
    response = client.post("/v1/matches", json={"game": "tictactoe", "seats": [
        {"player_id": ana.player_id}, {"bot": "random"}]})
    assert response.status_code == 401
    assert response.get_json()["error"] == "unauthenticated"


def test_an_unknown_game_is_not_found(client, ana):
    response = _create(client, ana, {"game": "chess", "seats": [{"player_id": ana.player_id}]})
    assert response.status_code == 404
    assert response.get_json()["error"] == "not_found"


def test_an_unknown_player_is_not_found(client, ana):
    response = _create(client, ana, {"game": "tictactoe", "seats": [
        {"player_id": ana.player_id}, {"player_id": "0" * 32}]})
    assert response.status_code == 404
    assert response.get_json()["error"] == "not_found"


def test_the_creator_must_hold_a_seat(client, ana, bo):
    response = _create(client, ana, {"game": "tictactoe", "seats": [
        {"player_id": bo.player_id}, {"bot": "random"}]})
    assert response.status_code == 403
    assert response.get_json()["error"] == "forbidden"


@pytest.mark.parametrize("seats", [1, 3])
def test_a_seat_count_outside_the_game_is_invalid(client, ana, seats):
    body = {"game": "tictactoe",
            "seats": [{"player_id": ana.player_id}] + [{"bot": "random"}] * (seats - 1)}
    response = _create(client, ana, body)
    assert response.status_code == 400
    assert "seats" in response.get_json()["fields"]


def test_options_the_game_does_not_accept_are_invalid(client, ana):
    response = _create(client, ana, {"game": "tictactoe", "options": {"size": 4},
                                     "seats": [{"player_id": ana.player_id}, {"bot": "random"}]})
    assert response.status_code == 400
    assert response.get_json()["fields"] == {"options": {"size": "Unknown option."}}


@pytest.mark.parametrize("bad", [
    {"seats": [{"bot": "genius", "level": 1}]},
    {"seats": [{"bot": "mcts", "level": 4}]},
    {"seats": [{"player_id": "x", "bot": "mcts"}]},
    {"seats": [{}]},
    {"seats": "two"},
    {"clock": {"per_move_seconds": 0, "on_timeout": "bot"}},
    {"clock": {"per_move_seconds": 60}},
    {"clock": {"per_move_seconds": 60, "on_timeout": "cry"}},
    {"clock": {"per_move_seconds": 60, "bank_seconds": 60, "increment_seconds": 1,
               "on_timeout": "bot"}},
    {"clock": {"bank_seconds": 60, "on_timeout": "bot"}},
    {"seed": -1},
    {"seed": 2 ** 63},
    {"seed": "42"},
    {"options": []},
    {"unknown": True},
])
def test_a_malformed_creation_is_invalid_request(client, ana, bad):
    body = {"game": "tictactoe", "seats": [{"player_id": ana.player_id}, {"bot": "random"}]}
    response = _create(client, ana, {**body, **bad})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"] == "invalid_request"
    assert response.get_json()["fields"]


def test_a_service_creates_a_match_once_under_its_own_id(ctx, ana):
    from services.match.command_path.creation import create_match
    request = {"game": "tictactoe", "seats": [{"player_id": ana.player_id}, {"bot": "random"}],
               "options": {}, "clock": None}
    first = create_match(ctx, None, request, match_id="a" * 32, provenance={"ticket": "t1"})
    again = create_match(ctx, None, request, match_id="a" * 32, provenance={"ticket": "t1"})
    assert first.version == again.version == ctx.log.version("a" * 32) == 2
    assert ctx.log.read("a" * 32)[0]["data"]["matchmaking"] == {"ticket": "t1"}
