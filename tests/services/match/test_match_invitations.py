"""Invitations (API.md, "Matches"): seating another player never starts a match for them."""
from services.match.command_path import creation

from .conftest import Player, mark, new_match


def _invite(client, creator, seats, game="tictactoe", **extra):
    response = client.post("/v1/matches", headers=creator.headers, json={
        "game": game, "seats": [{"player_id": p.player_id} for p in seats], **extra})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["match_id"]


def _answer(client, player, match_id, answer):
    return client.post(f"/v1/matches/{match_id}/{answer}", headers=player.headers)


def _types(ctx, match_id):
    return [event["type"] for event in ctx.log.read(match_id)]


def test_seating_another_player_invites_them_and_nothing_of_the_game_is_drawn(
        client, ctx, ana, bo):
    match_id = _invite(client, ana, [ana, bo], clock={"per_move_seconds": 60,
                                                      "on_timeout": "forfeit"})
    assert _types(ctx, match_id) == ["MatchCreated"]
    view = client.get(f"/v1/matches/{match_id}", headers=bo.headers).get_json()
    assert view["status"] == "invited" and view["invited"] == [1]
    assert view["to_act"] == [] and view["view"] == {} and view["outcome"] is None
    assert all(seat["deadline"] is None for seat in view["clock"]["seats"])  # no clock runs
    listed = client.get("/v1/players/me/matches", headers=bo.headers).get_json()["matches"]
    assert [(m["match_id"], m["status"]) for m in listed] == [(match_id, "invited")]


def test_nobody_plays_before_every_invited_player_accepts(client, ctx, ana, bo):
    match_id = _invite(client, ana, [ana, bo])
    refused = mark(client, ana, match_id, 4)
    assert refused.status_code == 409 and refused.get_json()["error"] == "not_your_turn"
    assert "accept" in refused.get_json()["message"]
    for command in ({"type": "abort"}, {"type": "resign"}):
        response = client.post(f"/v1/matches/{match_id}/commands", headers=ana.headers,
                               json={"command": command})
        assert response.status_code == 422, command
    assert _types(ctx, match_id) == ["MatchCreated"]


def test_the_last_acceptance_starts_the_match_in_the_same_append(client, ctx, ana, bo):
    match_id = _invite(client, ana, [ana, bo])
    response = _answer(client, bo, match_id, "accept")
    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "active" and body["invited"] == [] and body["to_act"] == [0]
    assert _types(ctx, match_id) == ["MatchCreated", "InvitationAccepted", "GameStarted"]
    accepted = ctx.log.read(match_id)[1]
    assert accepted["data"] == {"player_id": bo.player_id, "seats": [1]}
    assert mark(client, ana, match_id, 4).status_code == 200


def test_accepting_again_changes_nothing(client, ctx, ana, bo):
    match_id = _invite(client, ana, [ana, bo])
    first = _answer(client, bo, match_id, "accept").get_json()
    again = _answer(client, bo, match_id, "accept")
    assert again.status_code == 200 and again.get_json() == first
    assert _answer(client, ana, match_id, "accept").status_code == 200  # the creator: no-op
    assert ctx.log.version(match_id) == 3


def test_a_table_starts_only_when_everyone_has_accepted(client, ctx):
    players = [Player(client, name) for name in ("Ana", "Bo", "Cy")]
    match_id = _invite(client, players[0], players, game="exsilium",
                       options={"scenario": "3_short"})
    after_one = _answer(client, players[2], match_id, "accept").get_json()
    assert after_one["status"] == "invited" and after_one["invited"] == [1]
    assert _answer(client, players[1], match_id, "accept").get_json()["status"] == "active"
    types = _types(ctx, match_id)
    assert types[:3] == ["MatchCreated", "InvitationAccepted", "InvitationAccepted"]
    assert len(types) > 3  # the setup followed the last acceptance


def test_the_setup_drawn_on_acceptance_is_the_one_creation_would_have_drawn(client, ctx,
                                                                            ana, bo):
    """The same seed gives the same setup whether the match waited for an invitation or
    not: chance comes from the seed, not from when the match started."""
    invited = _invite(client, ana, [ana, bo], game="exordium", seed=5)
    _answer(client, bo, invited, "accept")
    alone = new_match(client, ana, [{"player_id": ana.player_id}] * 2, game="exordium", seed=5)
    setup = lambda match_id, skip: [(e["type"], e["data"])  # noqa: E731
                                    for e in ctx.log.read(match_id)[skip:]]
    assert setup(invited, 2) == setup(alone, 1)


def test_a_decline_ends_the_match_before_it_starts(client, ctx, ana, bo):
    match_id = _invite(client, ana, [ana, bo])
    response = _answer(client, bo, match_id, "decline")
    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "declined" and body["outcome"] is None and body["to_act"] == []
    assert _types(ctx, match_id) == ["MatchCreated", "InvitationDeclined"]
    late = _answer(client, bo, match_id, "accept")
    assert late.status_code == 409 and late.get_json()["error"] == "invitation_closed"
    assert _answer(client, bo, match_id, "decline").status_code == 200  # again: no-op
    assert mark(client, ana, match_id, 4).get_json()["error"] == "not_your_turn"
    assert ctx.log.version(match_id) == 2


def test_the_creator_calls_an_invitation_off_by_declining_it(client, ctx, ana, bo):
    match_id = _invite(client, ana, [ana, bo])
    assert _answer(client, ana, match_id, "decline").get_json()["status"] == "declined"


def test_a_started_match_cannot_be_declined(client, ana, bo, ttt):
    response = _answer(client, bo, ttt, "decline")
    assert response.status_code == 409 and response.get_json()["error"] == "invitation_closed"
    assert "resign" in response.get_json()["message"]


def test_only_seated_players_answer(client, ctx, ana, bo):
    match_id = _invite(client, ana, [ana, bo])
    stranger = Player(client, "Cy")
    for answer in ("accept", "decline"):
        assert _answer(client, stranger, match_id, answer).status_code == 403
        assert client.post(f"/v1/matches/{match_id}/{answer}").status_code == 401
        assert _answer(client, bo, "0" * 32, answer).status_code == 404
    assert ctx.log.version(match_id) == 1


def test_matches_formed_by_a_service_need_no_invitation(client, ctx, ana, bo):
    state = creation.create_match(ctx, None, {
        "game": "tictactoe", "seats": [{"player_id": ana.player_id},
                                       {"player_id": bo.player_id}]})
    assert state.status == "active" and _types(ctx, state.match_id) == ["MatchCreated",
                                                                        "GameStarted"]


def test_a_match_with_only_the_creator_and_bots_starts_at_once(client, ctx, ana):
    match_id = _invite(client, ana, [ana, ana])
    assert client.get(f"/v1/matches/{match_id}").get_json()["status"] == "active"
    response = client.post("/v1/matches", headers=ana.headers, json={
        "game": "tictactoe", "seats": [{"player_id": ana.player_id}, {"bot": "random"}]})
    bot_match = response.get_json()["match_id"]
    assert _types(ctx, bot_match) == ["MatchCreated", "GameStarted"]
