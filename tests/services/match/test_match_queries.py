"""Reading a match: view, legal, events, replay and log (API.md: Matches)."""
import json

from .conftest import Player, mark, new_match


def _play_to_a_win(client, ana, bo, match_id):
    for player, cell in [(ana, 0), (bo, 3), (ana, 1), (bo, 4), (ana, 2)]:
        assert mark(client, player, match_id, cell).status_code == 200


def test_the_view_is_the_callers(client, ana, bo, ttt):
    view = client.get(f"/v1/matches/{ttt}", headers=bo.headers).get_json()
    assert view["match_id"] == ttt and view["game"] == "tictactoe"
    assert view["status"] == "active" and view["version"] == 3 and view["to_act"] == [0]
    assert view["outcome"] is None and view["clock"] is None
    assert view["seats"][1] == {"player_id": bo.player_id, "name": "Bo"}
    assert view["view"]["next"] == 0


def test_a_seat_that_is_not_yours_is_forbidden_while_the_match_is_on(client, ana, bo, ttt):
    response = client.get(f"/v1/matches/{ttt}?seat=1", headers=ana.headers)
    assert response.status_code == 403 and response.get_json()["error"] == "forbidden"
    assert client.get(f"/v1/matches/{ttt}?seat=1").status_code == 401
    assert client.get(f"/v1/matches/{ttt}?seat=2", headers=ana.headers).status_code == 400
    assert client.get(f"/v1/matches/{ttt}?seat=x", headers=ana.headers).status_code == 400
    # Digits of other scripts are not numbers here (Python's int() reads "１" as 1).
    for seat in ("\uff11", "\u0661", "1\u00a0", "+1", " 1"):
        response = client.get(f"/v1/matches/{ttt}?seat={seat}", headers=ana.headers)
        assert response.status_code == 400, seat
        assert response.get_json()["error"] == "invalid_request"
    _play_to_a_win(client, ana, bo, ttt)
    assert client.get(f"/v1/matches/{ttt}?seat=1").status_code == 200  # now public


def test_legal_lists_the_commands_of_the_seat_to_act(client, ana, bo, ttt):
    body = client.get(f"/v1/matches/{ttt}/legal", headers=ana.headers).get_json()
    assert body == {"seat": 0, "commands": [{"type": "mark", "cell": i} for i in range(9)]}
    assert client.get(f"/v1/matches/{ttt}/legal", headers=bo.headers).get_json() == {
        "seat": 1, "commands": []}


def test_legal_needs_a_seat(client, ttt):
    response = client.get(f"/v1/matches/{ttt}/legal")
    assert response.status_code == 401 and response.get_json()["error"] == "unauthenticated"
    stranger = Player(client, "Cy")
    assert client.get(f"/v1/matches/{ttt}/legal", headers=stranger.headers).status_code == 403
    assert client.get(f"/v1/matches/{'0' * 32}/legal", headers=stranger.headers).status_code == 404


def test_events_page_after_from(client, ana, bo, ttt):
    _play_to_a_win(client, ana, bo, ttt)
    page = client.get(f"/v1/matches/{ttt}/events?from=3&limit=2").get_json()
    assert [e["v"] for e in page["events"]] == [4, 5] and page["next"] == 5
    assert set(page["events"][0]) == {"v", "type", "schema", "data", "at"}
    page = client.get(f"/v1/matches/{ttt}/events?from=5").get_json()
    assert [e["v"] for e in page["events"]] == [6, 7, 8] and page["next"] == 8
    assert client.get(f"/v1/matches/{ttt}/events?from=8").get_json() == {"events": [], "next": 8}
    everything = client.get(f"/v1/matches/{ttt}/events").get_json()
    assert [e["v"] for e in everything["events"]] == list(range(1, 9))


def test_events_reject_bad_paging(client, ttt):
    for query in ("from=-1", "limit=0", "limit=1001", "from=abc", "from=\uff13", "limit=\u0662"):
        response = client.get(f"/v1/matches/{ttt}/events?{query}")
        assert response.status_code == 400, query
        assert response.get_json()["error"] == "invalid_request"


def test_replay_shows_the_match_after_a_version(client, ana, bo, ttt):
    _play_to_a_win(client, ana, bo, ttt)
    then = client.get(f"/v1/matches/{ttt}/replay?version=5").get_json()
    assert then["version"] == 5 and then["status"] == "active" and then["to_act"] == [0]
    assert then["view"]["board"] == ["X", None, None, "O"] + [None] * 5
    for version in (0, 9):
        response = client.get(f"/v1/matches/{ttt}/replay?version={version}")
        assert response.status_code == 400 and "version" in response.get_json()["fields"]
    assert client.get(f"/v1/matches/{ttt}/replay").status_code == 400


def test_the_log_is_exported_only_once_the_match_is_over(client, ctx, ana, bo, ttt):
    response = client.get(f"/v1/matches/{ttt}/log", headers=ana.headers)
    assert response.status_code == 403 and response.get_json()["error"] == "forbidden"
    _play_to_a_win(client, ana, bo, ttt)
    response = client.get(f"/v1/matches/{ttt}/log")
    assert response.status_code == 200 and response.mimetype == "application/x-ndjson"
    lines = [json.loads(line) for line in response.data.decode().splitlines()]
    logged = ctx.log.read(ttt)
    assert lines == [{**logged[0], "seed": ctx.seeds.of(ttt)}, *logged[1:]]


# ---- hidden information (Exordium: unextracted colours and deck orders) -------------

def _exordium(client, ana, bo):
    return new_match(client, ana, [ana, bo],
                     game="exordium", seed=11)


def _hidden_text(ctx, match_id):
    """The JSON of every hidden part the log holds, which no one may see while it is on."""
    hidden = []
    for event in ctx.log.read(match_id):
        for key in ("colours", "decks"):
            if key in event["data"]:
                hidden.append(json.dumps(event["data"][key]))
    assert hidden  # the setup does hide something
    return hidden


def test_no_seat_and_no_spectator_sees_hidden_information(app, client, ctx, ana, bo):
    app.config["SSE_MAX_SECONDS"] = 0.2  # an active match's stream would not end by itself
    match_id = _exordium(client, ana, bo)
    hidden = _hidden_text(ctx, match_id)
    stranger = Player(client, "Cy")
    for headers in (ana.headers, bo.headers, stranger.headers, {}):
        for path in ("", "/events", "/replay?version=3", "/replay?version=4", "/live?from=0"):
            response = client.get(f"/v1/matches/{match_id}{path}", headers=headers)
            assert response.status_code == 200, (headers, path)
            assert not any(h in response.data.decode() for h in hidden), (headers, path)
        events = client.get(f"/v1/matches/{match_id}/events", headers=headers).get_json()
        assert all("colours" not in e["data"] and "decks" not in e["data"]
                   for e in events["events"])


def test_command_answers_are_redacted_too(client, ctx, ana, bo):
    match_id = _exordium(client, ana, bo)
    before = client.get(f"/v1/matches/{match_id}").get_json()
    seat = before["to_act"][0]
    player = (ana, bo)[seat]
    command = client.get(f"/v1/matches/{match_id}/legal", headers=player.headers
                         ).get_json()["commands"][0]
    response = client.post(f"/v1/matches/{match_id}/commands", headers=player.headers,
                           json={"command": command})
    assert response.status_code == 200, response.get_json()
    logged = ctx.log.read(match_id, from_version=before["version"])
    for event, shown in zip(logged, response.get_json()["events"]):
        assert shown["type"] == event["type"]
        assert shown["data"] == ctx.store.load(match_id).engine.redact(event, seat)["data"]


def test_once_over_everything_is_public(client, ctx, ana, bo):
    match_id = _exordium(client, ana, bo)
    players = (ana, bo)
    for _ in range(500):
        view = client.get(f"/v1/matches/{match_id}").get_json()
        if view["status"] == "finished":
            break
        seat = view["to_act"][0]
        command = client.get(f"/v1/matches/{match_id}/legal?seat={seat}",
                             headers=players[seat].headers).get_json()["commands"][0]
        assert client.post(f"/v1/matches/{match_id}/commands", headers=players[seat].headers,
                           json={"command": command}).status_code == 200
    assert view["status"] == "finished"
    public = client.get(f"/v1/matches/{match_id}/events").get_json()["events"]
    assert public == [{k: v for k, v in e.items() if k != "cause"}  # commands: only in /log
                      for e in ctx.log.read(match_id)]
    assert client.get(f"/v1/matches/{match_id}/log").status_code == 200


def test_replay_of_version_one_shows_the_match_before_its_setup(client, ttt):
    body = client.get(f"/v1/matches/{ttt}/replay?version=1").get_json()
    assert body["version"] == 1 and body["view"] == {} and body["to_act"] == []
    assert body["status"] == "invited" and body["invited"] == [1]  # as it stood then
