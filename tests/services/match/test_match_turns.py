"""Play-by-turn in the match service (issue #5): resign and abort as commands for every
game, timeouts decided from the log, seats taken over and reclaimed, vacations, and the
error table of /v1/players/me/*. In-process: the system tests are tests/services/turns."""
from __future__ import annotations

import json
import random
import time

import pytest

from services.match.command_path.commands import submit_system
from services.match.bus.formed import creator, handle_formed
from shared.games import bot_levels
from shared.games.clock import DAY
from shared.schemas.bus import MATCHES
from shared.web.errors import ApiError
from tests.services.match.conftest import mark, new_match

FAR_FUTURE = 4_000_000_000.0


def _types(ctx, match_id, after=0):
    return [e["type"] for e in ctx.log.read(match_id, from_version=after)]


def _command(client, player, match_id, command, **extra):
    return client.post(f"/v1/matches/{match_id}/commands", headers=player.headers,
                       json={"command": command, **extra})


def _clocked(client, ana, bo, clock, game="tictactoe"):
    return new_match(client, ana, [ana, bo],
                     game=game, clock=clock)


def test_a_player_may_resign_even_when_it_is_not_their_turn(client, ctx, ana, bo, ttt):
    response = _command(client, bo, ttt, {"type": "resign"})
    assert response.status_code == 200, response.get_json()
    assert [e["type"] for e in response.get_json()["events"]] == ["SeatResigned"]
    view = client.get(f"/v1/matches/{ttt}").get_json()
    assert view["status"] == "finished" and view["to_act"] == []
    assert view["outcome"]["ranks"] == [1, 2]
    assert view["outcome"]["decided_by"] == "resignation"
    assert mark(client, ana, ttt, 4).get_json()["error"] == "not_your_turn"
    assert _command(client, ana, ttt, {"type": "resign"}).status_code == 422


def test_abort_only_before_the_first_move(client, ctx, ana, bo, ttt):
    second = _clocked(client, ana, bo, None)
    mark(client, ana, second, 4)
    refused = _command(client, bo, second, {"type": "abort"})
    assert refused.status_code == 422 and "first move" in refused.get_json()["message"]
    response = _command(client, bo, ttt, {"type": "abort"})
    assert response.status_code == 200
    view = client.get(f"/v1/matches/{ttt}").get_json()
    assert view["status"] == "aborted" and view["to_act"] == []
    assert view["outcome"]["decided_by"] == "abort"
    last = json.loads(list(ctx.redis.xrange(ctx.bus.streams(MATCHES)[
        ctx.bus.partition_of(ttt)]))[-1][1][b"m"])
    assert last["status"] == "aborted"


def test_platform_commands_have_one_shape_for_every_game(client, ana, bo, ttt):
    response = _command(client, ana, ttt, {"type": "resign", "cell": 3})
    assert response.status_code == 400 and response.get_json()["error"] == "invalid_request"


def test_skip_is_refused_at_creation_for_a_game_without_a_pass(client, ana, bo):
    response = client.post("/v1/matches", headers=ana.headers, json={
        "game": "tictactoe", "seats": [{"player_id": ana.player_id}, {"bot": "random"}],
        "clock": {"per_move_seconds": 60, "on_timeout": "skip"}})
    assert response.status_code == 400
    assert "no pass" in json.dumps(response.get_json())


def _time_out(ctx, match_id, seat, version, now=FAR_FUTURE):
    return submit_system(ctx, match_id, {"type": "time_out", "seat": seat, "version": version},
                         f"timeout:{version}:{seat}", now=now)


def test_a_timeout_hands_the_seat_to_a_bot_and_the_player_takes_it_back(client, ctx, ana, bo):
    match_id = _clocked(client, ana, bo, {"per_move_seconds": 2, "on_timeout": "bot"})
    version = ctx.log.version(match_id)
    result = _time_out(ctx, match_id, 0, version)
    assert [e["type"] for e in result.events] == ["TurnTimedOut", "SeatTakenOver"]
    assert result.events[0]["data"]["policy"] == "bot"
    again = _time_out(ctx, match_id, 0, version)  # a repeated sweep appends nothing
    assert again.duplicate and ctx.log.version(match_id) == version + 2
    state = ctx.store.load(match_id)
    assert state.controller(0)["bot"] and state.deadlines()[0] is None
    view = client.get(f"/v1/matches/{match_id}", headers=ana.headers).get_json()
    assert view["clock"]["seats"][0]["controlled_by"] == "bot"
    # Her next command (it is still her turn: the bot has not moved) reclaims the seat.
    response = mark(client, ana, match_id, 4)
    assert response.status_code == 200
    assert [e["type"] for e in response.get_json()["events"]] == ["SeatReclaimed", "CellMarked"]
    assert not ctx.store.load(match_id).controller(0).get("bot")


def test_reclaim_works_when_it_is_not_your_turn(client, ctx, ana, bo):
    match_id = _clocked(client, ana, bo, {"per_move_seconds": 2, "on_timeout": "bot"})
    _time_out(ctx, match_id, 0, ctx.log.version(match_id))
    assert _command(client, bo, match_id, {"type": "reclaim"}).status_code == 422
    response = _command(client, ana, match_id, {"type": "reclaim"})
    assert [e["type"] for e in response.get_json()["events"]] == ["SeatReclaimed"]


def test_a_timeout_not_due_stale_or_for_a_seat_not_to_act_is_refused(client, ctx, ana, bo):
    match_id = _clocked(client, ana, bo, {"per_move_seconds": 3600, "on_timeout": "bot"})
    version = ctx.log.version(match_id)
    for seat, at_version, now, code in [(0, version, 0.0, "illegal_command"),
                                        (0, version - 1, FAR_FUTURE, "version_conflict"),
                                        (1, version, FAR_FUTURE, "not_your_turn")]:
        try:
            _time_out(ctx, match_id, seat, at_version, now)
        except ApiError as error:
            assert error.code == code
        else:
            raise AssertionError("appended a timeout that was not due")
    assert ctx.log.version(match_id) == version


def test_forfeit_ends_a_two_seat_match_and_marks_the_result(client, ctx, ana, bo):
    match_id = _clocked(client, ana, bo, {"bank_seconds": 10, "increment_seconds": 1,
                                          "on_timeout": "forfeit"})
    _time_out(ctx, match_id, 0, ctx.log.version(match_id))
    view = client.get(f"/v1/matches/{match_id}").get_json()
    assert view["status"] == "finished"
    assert view["outcome"]["ranks"] == [2, 1]
    assert view["outcome"]["decided_by"] == "forfeit" and view["outcome"]["forfeited"] == [0]


def test_hidden_information_is_unaffected_by_platform_events(client, ctx, ana, bo):
    match_id = _clocked(client, ana, bo, {"per_move_seconds": 2, "on_timeout": "bot"},
                        game="exordium")
    before = client.get(f"/v1/matches/{match_id}/events", headers=bo.headers).get_json()
    _time_out(ctx, match_id, 0, ctx.log.version(match_id))
    after = client.get(f"/v1/matches/{match_id}/events", headers=bo.headers).get_json()
    assert after["events"][:len(before["events"])] == before["events"]
    assert [e["type"] for e in after["events"][len(before["events"]):]] == [
        "TurnTimedOut", "SeatTakenOver"]
    view_before = before["events"][2]["data"]
    assert view_before == after["events"][2]["data"]  # the decks stay redacted for Bo


def test_a_vacation_pauses_correspondence_clocks_only(client, ctx, ana, bo):
    slow = _clocked(client, ana, bo, {"per_move_seconds": 2 * DAY, "on_timeout": "bot"})
    fast = _clocked(client, ana, bo, {"per_move_seconds": 60, "on_timeout": "bot"})
    response = client.post("/v1/players/me/vacation", headers=ana.headers, json={"days": 3})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert body["on_vacation"] and body["matches"] == [slow] and body["days_left"] == 27
    assert _types(ctx, slow)[-1] == "VacationStarted"
    assert ctx.store.load(slow).deadlines()[0] is None
    assert ctx.store.load(fast).deadlines()[0] is not None
    again = client.post("/v1/players/me/vacation", headers=ana.headers, json={"days": 1})
    assert again.status_code == 409 and again.get_json()["error"] == "already_on_vacation"
    ended = client.delete("/v1/players/me/vacation", headers=ana.headers)
    # Ended at once: the day begun counts, the two whole days left are given back.
    assert ended.status_code == 200 and ended.get_json()["days_left"] == 29
    assert _types(ctx, slow)[-1] == "VacationEnded"
    assert ctx.store.load(slow).deadlines()[0] is not None


def test_a_vacations_end_ends_that_vacation_only(client, ctx, ana, bo):
    """Ends and starts of two vacations arriving out of order (a start's request racing
    an end's): each end ends only the pause of the vacation it names, so the late pause
    of the first is still ended by its own end, and no pause is left without one."""
    slow = _clocked(client, ana, bo, {"per_move_seconds": 2 * DAY, "on_timeout": "bot"})
    first, second = "2026-12-01T00:00:00.000Z", "2026-12-02T00:00:00.000Z"

    def send(kind, until):
        command = {"type": f"vacation_{kind}", "player_id": ana.player_id, "until": until}
        submit_system(ctx, slow, command, f"vacation-{kind}:{ana.player_id}:{until}")

    send("start", second)
    with pytest.raises(ApiError) as refused:  # the first vacation's end, late
        send("end", first)
    assert refused.value.code == "illegal_command"
    assert ctx.store.load(slow).deadlines()[0] is None  # the second still pauses
    send("end", second)
    send("start", first)  # the first vacation's start, later still
    send("end", first)  # the first start's own check ends it
    types = _types(ctx, slow)
    assert types.count("VacationStarted") == types.count("VacationEnded") == 2
    assert ctx.store.load(slow).deadlines()[0] is not None
    # An end that names no vacation (as logs from before ends named theirs) ends any.
    send("start", "2026-12-03T00:00:00.000Z")
    assert ctx.store.load(slow).deadlines()[0] is None
    submit_system(ctx, slow, {"type": "vacation_end", "player_id": ana.player_id},
                  "vacation-end-any")
    assert ctx.store.load(slow).deadlines()[0] is not None


def test_the_error_table_of_the_players_own_routes(client, ana):
    for method, path, body in [("get", "/v1/players/me/matches?to_act=true", None),
                               ("get", "/v1/players/me/live", None),
                               ("post", "/v1/players/me/webhooks", {"url": "http://x.org/h"}),
                               ("post", "/v1/players/me/vacation", {"days": 1}),
                               ("delete", "/v1/players/me/vacation", None)]:
        response = getattr(client, method)(path, json=body)
        assert response.status_code == 401, path
        assert response.get_json()["error"] == "unauthenticated"
    bad = [("post", "/v1/players/me/webhooks", {"url": "ftp://x.org/h"}),
           ("post", "/v1/players/me/webhooks", {}),
           ("post", "/v1/players/me/vacation", {"days": 0}),
           ("post", "/v1/players/me/vacation", {"days": "3"}),
           ("get", "/v1/players/me/matches?to_act=maybe", None)]
    for method, path, body in bad:
        response = getattr(client, method)(path, json=body, headers=ana.headers)
        assert response.status_code == 400, (path, body)
        assert response.get_json()["error"] == "invalid_request"
    too_many = client.post("/v1/players/me/vacation", headers=ana.headers, json={"days": 31})
    assert too_many.status_code == 422
    assert too_many.get_json()["error"] == "vacation_allowance_exceeded"
    not_away = client.delete("/v1/players/me/vacation", headers=ana.headers)
    assert not_away.status_code == 409 and not_away.get_json()["error"] == "not_on_vacation"
    live = client.get("/v1/players/me/live", headers={**ana.headers, "Last-Event-ID": "x"})
    assert live.status_code == 400


def test_each_webhook_gets_a_signing_secret_of_its_own_shown_once(client, ana):
    first = client.post("/v1/players/me/webhooks", headers=ana.headers,
                        json={"url": "http://93.184.216.34/hook"})
    second = client.post("/v1/players/me/webhooks", headers=ana.headers,
                         json={"url": "https://[2606:4700:4700::1111]/other"})
    assert first.status_code == 201 and second.status_code == 201
    assert first.get_json()["secret"] != second.get_json()["secret"]
    assert first.get_json()["signature_header"] == "X-Orrery-Signature"
    listed = client.get("/v1/players/me/webhooks", headers=ana.headers).get_json()["webhooks"]
    assert [h["webhook_id"] for h in listed] == [first.get_json()["webhook_id"],
                                                second.get_json()["webhook_id"]]
    assert all("secret" not in h for h in listed)


def test_my_matches_lists_every_match_of_mine(client, ana, bo, ttt):
    listed = client.get("/v1/players/me/matches", headers=ana.headers).get_json()["matches"]
    assert [(m["match_id"], m["to_act"]) for m in listed] == [(ttt, True)]
    bos = client.get("/v1/players/me/matches", headers=bo.headers).get_json()["matches"]
    assert [(m["match_id"], m["to_act"]) for m in bos] == [(ttt, False)]


def _formed_with_ratings(ctx, players, ratings, match_id):
    """A match matchmaking formed: each player's ticket paired at its rating."""
    message = {"group_id": "g-" + match_id, "match_id": match_id, "pool": "tictactoe:2:ranked",
               "game": "tictactoe", "mode": "ranked", "options": {},
               "clock": {"per_move_seconds": 60, "on_timeout": "bot"},
               "seats": [{"ticket_id": f"t-{i}", "player_id": p.player_id, "rating": r}
                         for i, (p, r) in enumerate(zip(players, ratings))],
               "formed_at": time.time()}
    answer = handle_formed(message, create_match=creator(ctx), rng=random.Random(3))
    assert answer["match_id"] == match_id, answer
    return match_id


@pytest.mark.parametrize("ratings", [(5.0, 45.0), (21.5, 25.0), (25.0, 21.0), (27.0, 27.0),
                                     (45.0, 5.0)])
def test_a_stand_in_plays_at_the_level_nearest_the_timed_out_players_rating(ctx, ana, bo,
                                                                          ratings):
    match_id = _formed_with_ratings(ctx, [ana, bo], ratings, "a1" * 16)
    created = ctx.log.read(match_id)[0]["data"]
    rating_of = dict(zip((ana.player_id, bo.player_id), ratings))
    recorded = [rating_of[s["player_id"]] for s in created["seats"]]
    assert created["matchmaking"]["ratings"] == recorded
    [seat] = ctx.store.load(match_id).to_act()
    result = _time_out(ctx, match_id, seat, ctx.log.version(match_id))
    taken = result.events[-1]
    assert taken["type"] == "SeatTakenOver" and taken["data"]["seat"] == seat
    assert taken["data"]["level"] == bot_levels.level_near(recorded[seat])
    assert taken["data"]["level"] in bot_levels.LEVELS


def test_a_stand_in_for_a_player_without_a_recorded_rating_plays_at_the_default_level(
        client, ctx, ana, bo):
    match_id = _clocked(client, ana, bo, {"per_move_seconds": 2, "on_timeout": "bot"})
    result = _time_out(ctx, match_id, 0, ctx.log.version(match_id))
    assert result.events[-1]["data"]["level"] == bot_levels.DEFAULT_LEVEL
