"""POST /v1/matches/{id}/commands: the command path over HTTP."""
import json
import threading

from services.match.api.app import create_app
from shared.schemas.bus import BOT_MATCHES, FINISHED_MATCHES, MATCHES

from .conftest import Player, mark, new_match


def _announcements(ctx, topic=MATCHES):
    """Every message on the topic ("matches" by default), in partition order."""
    out = []
    for stream in ctx.bus.streams(topic):
        out += [entry for _, entry in ctx.redis.xrange(stream)]
    return [json.loads(entry[b"m"]) for entry in out]


def test_announcements_reach_the_bot_and_finished_topics_only_when_they_concern_them(
        client, ctx, ana, bo, ttt):
    """Issue 15: the bot dispatcher and matchmaking are not woken by appends that are none
    of their business: a human match's moves go to "matches" alone, its end also to
    "finished-matches"; a match with a bot seat is also on "bot-matches"."""
    for player, cell in [(ana, 0), (bo, 3), (ana, 1), (bo, 4)]:
        mark(client, player, ttt, cell)
    assert _announcements(ctx, BOT_MATCHES) == [] == _announcements(ctx, FINISHED_MATCHES)
    mark(client, ana, ttt, 2)
    (finished,) = _announcements(ctx, FINISHED_MATCHES)
    assert finished == _announcements(ctx)[-1] and finished["status"] == "finished"
    with_bot = new_match(client, ana, [ana, {"bot": "random"}])
    mark(client, ana, with_bot, 4)
    assert [a["version"] for a in _announcements(ctx, BOT_MATCHES)] == [
        a["version"] for a in _announcements(ctx) if a["match_id"] == with_bot]
    assert _announcements(ctx, BOT_MATCHES)[-1]["seats"][1]["bot"] == "random"


def test_a_full_match_played_over_http_ends_in_a_win(client, ana, bo, ttt):
    moves = [(ana, 0), (bo, 3), (ana, 1), (bo, 4)]
    for version, (player, cell) in enumerate(moves, start=4):
        response = mark(client, player, ttt, cell)
        assert response.status_code == 200
        body = response.get_json()
        assert body["version"] == version
        seat = 0 if player is ana else 1
        assert body["events"][0]["data"] == {"seat": seat, "cell": cell, "mark": "XO"[seat]}
    body = mark(client, ana, ttt, 2).get_json()
    assert body["to_act"] == []
    view = client.get(f"/v1/matches/{ttt}").get_json()
    assert view["status"] == "finished"
    assert view["outcome"]["winner"] == 0
    assert view["view"]["board"][:3] == ["X", "X", "X"]
    assert mark(client, bo, ttt, 8).get_json()["error"] == "not_your_turn"


def test_each_command_is_announced_on_the_bus(client, ctx, ana, bo, ttt):
    mark(client, ana, ttt, 4)
    last = _announcements(ctx)[-1]
    created_at = last.pop("created_at")
    assert isinstance(created_at, float)
    assert last == {"match_id": ttt, "game": "tictactoe", "version": 4, "to_act": [1],
                    "status": "active", "outcome": None, "seats": [
                        {"seat": 0, "player_id": ana.player_id, "bot": None, "level": None,
                         "out": None, "deadline": None, "turn_began_at_version": None},
                        {"seat": 1, "player_id": bo.player_id, "bot": None, "level": None,
                         "out": None, "deadline": None, "turn_began_at_version": 4}]}


def test_a_retried_command_id_returns_the_first_answer_and_appends_nothing(client, ctx, ana,
                                                                            bo, ttt):
    first = mark(client, ana, ttt, 4, command_id="c-1")
    mark(client, bo, ttt, 0)
    retry = mark(client, ana, ttt, 4, command_id="c-1")
    assert retry.status_code == 200
    assert retry.get_json() == first.get_json()
    assert ctx.log.version(ttt) == 5
    # Announced again, so a crash between append and announcement heals on retry.
    assert _announcements(ctx)[-1]["version"] == 5


def test_a_retry_gets_the_first_answer_whatever_deciding_it_again_would_say(client, ctx,
                                                                              ana, bo, ttt):
    """The first answer, whether the retry is out of turn or stale."""
    first = mark(client, ana, ttt, 4, command_id="c-1", expected_version=3).get_json()
    out_of_turn = mark(client, ana, ttt, 4, command_id="c-1", expected_version=3)
    assert out_of_turn.status_code == 200 and out_of_turn.get_json() == first
    mark(client, bo, ttt, 0)
    stale = mark(client, ana, ttt, 4, command_id="c-1", expected_version=3)
    assert stale.status_code == 200 and stale.get_json() == first
    assert ctx.log.version(ttt) == 5


def test_a_command_id_reused_for_another_command_is_refused(client, ctx, ana, bo, ttt):
    """API.md: 409 command_id_reused, whether the other command would be refused anyway
    (the id is looked up after the refusal) or is legal now (the append finds the id)."""
    mark(client, ana, ttt, 4, command_id="c-1")
    out_of_turn = mark(client, ana, ttt, 5, command_id="c-1")
    assert out_of_turn.status_code == 409
    assert out_of_turn.get_json()["error"] == "command_id_reused"
    mark(client, bo, ttt, 0)
    legal_now = mark(client, ana, ttt, 5, command_id="c-1")
    assert legal_now.status_code == 409
    assert legal_now.get_json()["error"] == "command_id_reused"
    assert ctx.log.version(ttt) == 5
    assert mark(client, ana, ttt, 4, command_id="c-1").status_code == 200  # the same: a retry


def test_the_answer_carries_the_events_as_logged(client, ctx, ana, ttt):
    body = mark(client, ana, ttt, 4).get_json()
    logged = ctx.log.read(ttt, from_version=3)
    assert body["events"] == [{k: v for k, v in e.items() if k != "cause"} for e in logged]
    assert logged[0]["cause"]["command"] == {"type": "mark", "cell": 4}
    assert ctx.store.load(ttt).version == body["version"] == 4


def test_command_ids_belong_to_the_seat_that_sent_them(client, ctx, ana, bo, ttt):
    mark(client, ana, ttt, 4, command_id="same")
    response = mark(client, bo, ttt, 0, command_id="same")
    assert response.status_code == 200 and response.get_json()["version"] == 5


def test_a_stale_expected_version_changes_nothing(client, ctx, ana, bo, ttt):
    response = mark(client, ana, ttt, 4, expected_version=2)
    assert response.status_code == 409
    assert response.get_json() == {"error": "version_conflict", "current_version": 3,
                                   "message": response.get_json()["message"]}
    assert ctx.log.version(ttt) == 3
    assert mark(client, ana, ttt, 4, expected_version=3).status_code == 200


def test_the_seat_not_to_act_gets_not_your_turn(client, ctx, bo, ttt):
    response = mark(client, bo, ttt, 4)
    assert response.status_code == 409
    assert response.get_json()["error"] == "not_your_turn"
    assert ctx.log.version(ttt) == 3


def test_a_command_the_rules_forbid_is_illegal(client, ctx, ana, bo, ttt):
    mark(client, ana, ttt, 4)
    response = mark(client, bo, ttt, 4)
    assert response.status_code == 422
    assert response.get_json() == {"error": "illegal_command",
                                   "message": "Cell 4 is already marked."}
    assert ctx.log.version(ttt) == 4


def test_a_command_of_the_wrong_shape_is_invalid_request(client, ctx, ana, ttt):
    for command in ({"type": "mark"}, {"type": "mark", "cell": 9}, {"type": "pass"},
                    {"type": "mark", "cell": "4"}):
        response = client.post(f"/v1/matches/{ttt}/commands", headers=ana.headers,
                               json={"command": command})
        assert response.status_code == 400, command
        assert "command" in response.get_json()["fields"]
    for body in ({}, {"command": 4}, {"command": {}, "command_id": "x" * 101},
                 {"command": {"type": "mark", "cell": 1}, "expected_version": -1}):
        response = client.post(f"/v1/matches/{ttt}/commands", headers=ana.headers, json=body)
        assert response.status_code == 400, body
    assert ctx.log.version(ttt) == 3


def test_only_seated_players_act(client, ctx, ana, ttt):
    stranger = Player(client, "Cy")
    response = mark(client, stranger, ttt, 4)
    assert response.status_code == 403 and response.get_json()["error"] == "forbidden"
    response = client.post(f"/v1/matches/{ttt}/commands",
                           json={"command": {"type": "mark", "cell": 4}})
    assert response.status_code == 401
    assert ctx.log.version(ttt) == 3


def test_a_forged_token_cannot_act(client, ctx, ana, ttt):
    forged = {"Authorization": "Bearer " + ana.token[:-2] + "xx"}
    response = client.post(f"/v1/matches/{ttt}/commands", headers=forged,
                           json={"command": {"type": "mark", "cell": 4}})
    assert response.status_code == 401
    assert ctx.log.version(ttt) == 3


def test_a_player_with_two_seats_picks_one_with_the_seat_parameter(client, ana):
    match_id = new_match(client, ana, [{"player_id": ana.player_id}] * 2)
    assert mark(client, ana, match_id, 0).get_json()["to_act"] == [1]  # the seat to act
    url = f"/v1/matches/{match_id}/commands"
    body = {"command": {"type": "mark", "cell": 1}}
    assert client.post(url + "?seat=0", headers=ana.headers, json=body).status_code == 409
    assert client.post(url + "?seat=5", headers=ana.headers, json=body).status_code == 400
    assert client.post(url + "?seat=1", headers=ana.headers, json=body).status_code == 200


def test_an_unknown_match_is_not_found(client, ana):
    for match_id in ("0" * 32, "not-a-match", "{x}"):
        response = mark(client, ana, match_id, 0)
        assert response.status_code == 404 and response.get_json()["error"] == "not_found"


def test_concurrent_commands_without_a_version_never_double_move(app, ctx, ana, bo, ttt):
    """Two writers race for the same turn; exactly one move per turn is appended."""
    results = []

    def play(cell):
        results.append(mark(app.test_client(), ana, ttt, cell).status_code)

    threads = [threading.Thread(target=play, args=(cell,)) for cell in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [200] + [409] * 5
    assert ctx.log.version(ttt) == 4


def test_a_process_whose_cached_match_is_behind_the_log_still_decides_on_the_log(
        settings, client, ana, bo, ttt):
    """Commands are decided on the state a process last folded, without a read: when
    another process appended since, a refusal on the old state, or the append's version
    check, makes it read the log and decide again, so every answer is the log's."""
    other = create_app(settings).test_client()  # a second API process on the same Redis
    assert mark(other, ana, ttt, 4).get_json()["version"] == 4  # `other` caches Bo's turn
    # `client` cached the match at creation (Ana's turn): Bo is refused there at first,
    # then decided again on the log, where it is his turn.
    assert mark(client, bo, ttt, 0).get_json()["version"] == 5
    # `other` still believes it is Bo's turn: the same for Ana.
    assert mark(other, ana, ttt, 8).get_json()["version"] == 6
    # A version the log has but `client`'s cache has not is not a conflict.
    assert mark(client, bo, ttt, 1, expected_version=6).get_json()["version"] == 7
    # `other` (at version 6, Bo's turn) takes Bo's next move as legal, but the append finds
    # the log moved on: read again, it is Ana's turn.
    refused = mark(other, bo, ttt, 7)
    assert refused.status_code == 409 and refused.get_json()["error"] == "not_your_turn"
    assert len(other.application.extensions["orrery.match"].log.read(ttt)) == 7
