"""Every input bounded at the edge (issue 14): each finding of the attack, refused with our
JSON error and changing nothing."""
import json

import pytest

from services.match.schemas import MAX_VERSION
from shared.schemas.clock import MAX_CLOCK_SECONDS
from shared.web.limits import MAX_BODY_BYTES, MAX_JSON_DEPTH, json_depth

from .conftest import mark

HUGE = 18446744073709551615  # 2**64 - 1: "Invalid stream ID" for Redis once one is added


def _create(client, player, **extra):
    return client.post("/v1/matches", headers=player.headers, json={
        "game": "tictactoe", "seats": [{"player_id": player.player_id}, {"bot": "random"}],
        **extra})


@pytest.mark.parametrize("clock", [
    {"per_move_seconds": 10 ** 20, "on_timeout": "bot"},
    {"per_move_seconds": 1e20, "on_timeout": "bot"},
    {"bank_seconds": 10 ** 12, "increment_seconds": 1, "on_timeout": "forfeit"},
    {"bank_seconds": 60, "increment_seconds": 10 ** 12, "on_timeout": "forfeit"},
    {"per_move_seconds": MAX_CLOCK_SECONDS + 1, "on_timeout": "bot"},
])
def test_a_clock_beyond_a_year_is_refused(client, ctx, ana, clock):
    """Was 201, then every read of the match a 500 (OverflowError in the clock)."""
    response = _create(client, ana, clock=clock)
    assert response.status_code == 400 and response.get_json()["error"] == "invalid_request"
    assert "clock" in response.get_json()["fields"]
    assert ctx.redis.zcard(ctx.keys.player_matches(ana.player_id)) == 0


def test_a_clock_of_a_year_is_served(client, ana):
    response = _create(client, ana, clock={"per_move_seconds": MAX_CLOCK_SECONDS,
                                           "on_timeout": "bot"})
    assert response.status_code == 201
    match_id = response.get_json()["match_id"]
    assert client.get(f"/v1/matches/{match_id}").status_code == 200
    assert client.get("/v1/players/me/matches", headers=ana.headers).status_code == 200


@pytest.mark.parametrize("path", ["/events?from={n}", "/live?from={n}", "/replay?version={n}"])
def test_a_log_position_past_any_log_is_refused(client, ttt, path):
    """Was a 500 (events) or a stream that died after its 200 (live)."""
    for n in (HUGE, MAX_VERSION + 1):
        response = client.get(f"/v1/matches/{ttt}" + path.format(n=n))
        assert response.status_code == 400, (path, n)
        assert response.get_json()["error"] == "invalid_request"


def test_the_largest_log_position_is_served(app, client, ttt):
    app.config["SSE_MAX_SECONDS"] = 0.2
    page = client.get(f"/v1/matches/{ttt}/events?from={MAX_VERSION}").get_json()
    assert page == {"events": [], "next": MAX_VERSION}
    live = client.get(f"/v1/matches/{ttt}/live", headers={"Last-Event-ID": str(MAX_VERSION)})
    assert live.status_code == 200 and "event:" not in live.data.decode()


@pytest.mark.parametrize("header", [str(HUGE), str(MAX_VERSION + 1), "²", "-1", "1 2", ""])
def test_a_last_event_id_that_is_no_version_is_refused(client, ttt, header):
    response = client.get(f"/v1/matches/{ttt}/live", headers={"Last-Event-ID": header})
    assert response.status_code == 400 and "Last-Event-ID" in response.get_json()["fields"]


@pytest.mark.parametrize("header", ["18446744073709551616-0", "0-18446744073709551616",
                                    "١٢-0", "12"])
def test_a_feed_position_redis_would_refuse_is_refused(client, ana, header):
    response = client.get("/v1/players/me/live", headers={**ana.headers,
                                                         "Last-Event-ID": header})
    assert response.status_code == 400 and "Last-Event-ID" in response.get_json()["fields"]


def test_an_expected_version_past_any_log_is_refused(client, ctx, ana, ttt):
    response = mark(client, ana, ttt, 4, expected_version=HUGE)
    assert response.status_code == 400 and "expected_version" in response.get_json()["fields"]
    assert ctx.log.version(ttt) == 3


def _nested(depth: int) -> str:
    return '{"command": ' + "[" * depth + "]" * depth + "}"


def test_a_body_nested_deeper_than_the_limit_is_refused(client, ctx, ana, ttt):
    """100,000 levels were a 500 (RecursionError in the JSON parser)."""
    for depth in (MAX_JSON_DEPTH + 1, 20_000):
        response = client.post(f"/v1/matches/{ttt}/commands", headers=ana.headers,
                               data=_nested(depth), content_type="application/json")
        assert response.status_code == 400, depth
        assert response.get_json()["error"] == "invalid_request"
    assert ctx.log.version(ttt) == 3


def test_a_body_over_the_limit_is_refused(client, ctx, ana, ttt):
    for body in (_nested(100_000), json.dumps({"name": "x" * MAX_BODY_BYTES})):
        response = client.post("/v1/players", data=body, content_type="application/json")
        assert response.status_code == 413 and response.get_json()["error"] == "body_too_large"


def test_depth_ignores_brackets_inside_strings():
    text = json.dumps({"a": "[" * 100, "b": [[{"c": "{{{"}]]})
    assert json_depth(text.encode()) == 4
    assert json_depth(b'{"a": "\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}') == 1


@pytest.mark.parametrize("field,value", [
    ("game", "g" * 65), ("options", {"o" * 65: 1}), ("seed", 2 ** 64)])
def test_strings_and_numbers_of_a_new_match_are_bounded(client, ana, field, value):
    response = _create(client, ana, **{field: value})
    assert response.status_code == 400 and field in response.get_json()["fields"]
