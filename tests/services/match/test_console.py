"""The operator console: a 404 to anyone without the operator token (and entirely when no
token is set), and with it the live matches, bus lag, queues, heartbeats and metrics, and
any match's stored log with the match after any version as every seat sees it."""
from __future__ import annotations

from tests.services.match.conftest import mark, new_match

TOKEN = "operator-token-for-tests"
OPERATOR = {"Authorization": f"Bearer {TOKEN}"}


def test_the_console_is_not_there_without_an_operator_token(client, monkeypatch, ana, ttt):
    monkeypatch.delenv("ORRERY_OPERATOR_TOKEN", raising=False)
    assert client.get("/console").status_code == 404
    assert client.get("/console/api/overview", headers=OPERATOR).status_code == 404
    monkeypatch.setenv("ORRERY_OPERATOR_TOKEN", TOKEN)
    assert client.get("/console").status_code == 200
    for headers in ({}, ana.headers, {"Authorization": "Bearer wrong"}, {"Authorization": TOKEN}):
        assert client.get("/console/api/overview", headers=headers).status_code == 404
        assert client.get(f"/console/api/matches/{ttt}", headers=headers).status_code == 404


def test_the_overview_lists_live_matches_with_their_ages_and_what_runs(client, monkeypatch, ana, bo, ttt):
    monkeypatch.setenv("ORRERY_OPERATOR_TOKEN", TOKEN)
    over = new_match(client, ana, [ana, bo])
    for player, cell in ((ana, 0), (bo, 3), (ana, 1), (bo, 4), (ana, 2)):
        assert mark(client, player, over, cell).status_code == 200
    body = client.get("/console/api/overview", headers=OPERATOR).get_json()
    live = {m["match_id"]: m for m in body["matches"]}
    assert ttt in live and over not in live        # a finished match is no longer live
    assert live[ttt]["game"] == "tictactoe" and live[ttt]["to_act"] == [0]
    assert live[ttt]["age_seconds"] >= 0
    assert {"bus", "queues", "processes", "rate_limited", "command_seconds"} <= set(body)
    assert any(b["topic"] == "matches" and b["length"] > 0 for b in body["bus"])   # announcements
    assert body["command_seconds"]["p50"] > 0        # five commands were answered


def test_the_inspector_shows_hidden_information_and_the_match_after_any_version(client, monkeypatch, ana):
    monkeypatch.setenv("ORRERY_OPERATOR_TOKEN", TOKEN)
    match_id = new_match(client, ana, [ana, {"bot": "random"}], game="exordium")
    body = client.get(f"/console/api/matches/{match_id}?version=2", headers=OPERATOR).get_json()
    shuffled = next(e for e in body["events"] if e["type"] == "DecksShuffled")
    assert "decks" in shuffled["data"]              # both decks, as stored: players never see them
    seen = client.get(f"/v1/matches/{match_id}/events", headers=ana.headers).get_json()["events"]
    assert "decks" not in next(e for e in seen if e["type"] == "DecksShuffled")["data"]
    assert body["at_version"] == 2 and set(body["views"]) == {"spectator", "seat 1", "seat 2"}
    bad = client.get(f"/console/api/matches/{match_id}?version=zero", headers=OPERATOR)
    assert bad.status_code == 400
    assert client.get("/console/api/matches/nope", headers=OPERATOR).status_code == 404


def test_the_lobby_lists_the_latest_matches_to_watch(client, ana, bo, ttt):
    from tests.services.match.conftest import Player
    invited = client.post("/v1/matches", headers=ana.headers, json={
        "game": "tictactoe", "seats": [{"player_id": ana.player_id}, {"player_id": bo.player_id}]}).get_json()["match_id"]
    cy = Player(client, "Cy")
    newer = new_match(client, cy, [cy, {"bot": "random"}])
    listed = client.get("/v1/matches/recent").get_json()["matches"]   # no token: anyone may watch
    ids = [m["match_id"] for m in listed]
    assert ids.index(newer) < ids.index(ttt)         # newest first
    assert invited not in ids                        # still waiting for Bo: not to watch yet
    first = listed[ids.index(ttt)]
    assert first["game"] == "tictactoe" and first["status"] == "active" and first["to_act"] == [0]
    assert [s.get("name") for s in first["seats"]] == ["Ana", "Bo"]
    assert len(client.get("/v1/matches/recent?limit=1").get_json()["matches"]) == 1
    assert client.get("/v1/matches/recent?limit=0").status_code == 400
