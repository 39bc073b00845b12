"""Multi-battle through the match service: battle groups over HTTP, a fleet that leaves one
table's log and arrives in the other's through the bus exactly once, and each table's log
verifying on its own. (A consumer killed mid-transfer: test_wormhole_crashes.py.)"""
from __future__ import annotations

import json

import pytest

from services.cli import main as orrery
from services.match.bus.consumer import Consumer, handle
from services.match.wormholes import transfers
from services.match.wormholes.relay import relay
from shared.schemas.bus import COMMANDS, REJECTIONS
from tests.services.match.conftest import Player
from tests.services.match.wormhole_tables import (JUMP, TABLE_OPTIONS, arrivals, create_group,
                                                  jump, sent_arrivals, to_movement, topic)

pytestmark = pytest.mark.cluster_too  # keys of several matches and groups: several slots


def _drain(consumer, rounds: int = 6) -> None:
    for _ in range(rounds):
        consumer.run_once(block_ms=50)


def test_a_battle_group_creates_linked_tables(client, ctx, ana, bo):
    group = create_group(client, ana, bo, tables=3)
    assert [t["table"] for t in group["tables"]] == [0, 1, 2]
    for table in group["tables"]:
        match = client.get(f"/v1/matches/{table['match_id']}", headers=ana.headers).get_json()
        assert match["status"] == "active"
        assert match["view"]["wormhole"] == {"tables": 3, "table": table["table"],
                                             "rules": match["view"]["wormhole"]["rules"]}
        assert "wormhole" in match["view"]["links"]
    again = client.get(f"/v1/battle-groups/{group['group_id']}").get_json()
    assert [t["status"] for t in group["tables"]] == ["invited"] * 3  # Bo accepted after
    assert again == {**group, "tables": [{**t, "status": "active"} for t in group["tables"]]}


@pytest.mark.parametrize("body, where", [
    ({"game": "nexum", "tables": [{"seats": [{"player_id": "A"}]}]}, "tables"),
    ({"game": "nexum", "tables": [{"seats": [{"player_id": "A"}]},
                                  {"seats": [{"player_id": "A"}, {"bot": "random"}]}]},
     "tables"),
    ({"game": "nexum", "tables": [{"seats": [{"player_id": "A"}, {"bot": "random"}],
                                   "options": {"battle_table": 1}}] * 2}, "battle_table"),
    ({"game": "nexum", "tables": [{"seats": [{"player_id": "A"}, {"bot": "random"}],
                                   "options": {"sector": "nowhere"}}] * 2}, "sector"),
    ({"game": "nexum", "tables": [{"seats": [{"player_id": "A"}, {"bot": "random"}],
                                   "options": {"sector": "ihx"}},
                                  {"seats": [{"player_id": "A"}, {"bot": "random"}],
                                   "options": {"sector": "limit"}}]}, "same map"),
    ({"game": "tictactoe", "tables": [{"seats": [{"player_id": "A"}, {"bot": "random"}]}] * 2},
     "no multi-battle mode"),
])
def test_a_group_the_rules_refuse_is_a_400_and_writes_nothing(client, ctx, ana, body, where):
    body = json.loads(json.dumps(body).replace('"A"', json.dumps(ana.player_id)))
    before = set(ctx.redis.scan_iter(match=f"{ctx.keys.namespace}*"))
    response = client.post("/v1/battle-groups", headers=ana.headers, json=body)
    assert response.status_code == 400, response.get_json()
    assert where in json.dumps(response.get_json())
    after = set(ctx.redis.scan_iter(match=f"{ctx.keys.namespace}*"))
    assert not [k for k in after - before if b"match:" in k or b"battle:" in k]


def test_a_group_with_an_unknown_player_at_a_later_table_creates_no_table(client, ctx, ana,
                                                                          bo):
    """A refused group creates nothing: no first table left active without its group."""
    before = set(ctx.redis.scan_iter(match=f"{ctx.keys.namespace}*"))
    response = client.post("/v1/battle-groups", headers=ana.headers, json={
        "game": "nexum", "tables": [
            {"seats": [{"player_id": ana.player_id}, {"player_id": bo.player_id}],
             "options": TABLE_OPTIONS},
            {"seats": [{"player_id": ana.player_id}, {"player_id": "f" * 32}],
             "options": TABLE_OPTIONS}]})
    assert response.status_code == 404, response.get_json()
    after = set(ctx.redis.scan_iter(match=f"{ctx.keys.namespace}*"))
    assert not [k for k in after - before if b"match:" in k or b"battle:" in k
                or b"player:" in k], after - before


def test_teammates_play_a_faction_at_different_tables(client, ana, bo):
    """A p.18: "your teammate in that game will have to recover those ships": Ana plays
    faction 0 at table 0, Cy at table 1; Cy is invited to table 1, and must accept it."""
    cy = Player(client, "Cy")
    response = client.post("/v1/battle-groups", headers=ana.headers, json={
        "game": "nexum", "tables": [
            {"seats": [{"player_id": ana.player_id}, {"player_id": bo.player_id}]},
            {"seats": [{"player_id": cy.player_id}, {"bot": "random"}]}]})
    assert response.status_code == 201, response.get_json()
    second = response.get_json()["tables"][1]["match_id"]
    match = client.get(f"/v1/matches/{second}", headers=cy.headers).get_json()
    assert match["status"] == "invited" and match["invited"] == [0]
    assert client.post(f"/v1/matches/{second}/accept", headers=cy.headers).status_code == 200


def test_a_group_needs_the_caller_at_one_table(client, ana, bo):
    response = client.post("/v1/battle-groups", headers=ana.headers, json={
        "game": "nexum",
        "tables": [{"seats": [{"player_id": bo.player_id}, {"bot": "random"}]}] * 2})
    assert response.status_code == 403


def test_an_unknown_group_is_a_404(client):
    assert client.get("/v1/battle-groups/" + "0" * 32).status_code == 404
    assert client.get("/v1/battle-groups/not-an-id").status_code == 404


def test_a_multi_battle_table_outside_a_battle_group_is_a_400(client):
    ana = Player(client, "Ana")
    response = client.post("/v1/matches", headers=ana.headers, json={
        "game": "nexum", "seats": [{"player_id": ana.player_id}],
        "options": {"multi_battle": True}})
    assert response.status_code == 400
    assert "battle-groups" in str(response.get_json())


def test_a_fleet_leaves_one_log_and_arrives_in_the_other_once(client, ctx, ana, bo):
    group = create_group(client, ana, bo)
    sender, receiver = (t["match_id"] for t in group["tables"])
    before = client.get(f"/v1/matches/{receiver}", headers=ana.headers).get_json()
    departed = jump(client, ana, bo, sender)  # 1 ship, 2 energy
    consumer = Consumer(ctx, name="one")
    _drain(consumer)
    arrived = arrivals(ctx, receiver)
    assert len(arrived) == 1
    assert arrived[0]["data"]["transfer_id"] == f"{sender}:{departed}"
    assert arrived[0]["cause"]["system"]["type"] == "wormhole_arrival"
    after = client.get(f"/v1/matches/{receiver}", headers=ana.headers).get_json()
    assert after["view"]["ships"]["wormhole"] == {"0": 1}
    mine = lambda m: m["view"]["factions"][0]  # noqa: E731
    assert mine(after)["energy"] == mine(before)["energy"] + 2
    assert mine(after)["reserve"] == mine(before)["reserve"] - 1
    version = ctx.log.version(receiver)

    # Every way a transfer is repeated appends nothing: the departure published again,
    # the relay's cursor lost (the record stays as it was, settled: nothing to publish),
    # the record's retry, a direct resubmission.
    for message in sent_arrivals(ctx):
        ctx.bus.publish(COMMANDS, message, key=receiver)
    ctx.redis.hset(ctx.keys.match_wormhole(sender), "relayed", 0)
    assert relay(ctx, sender) == 0
    assert transfers.record_of(ctx, sender, departed)["state"] == "arrived"
    assert transfers.pending(ctx, sender) == []
    _drain(consumer)
    assert handle(ctx, sent_arrivals(ctx)[0]) is None
    assert ctx.log.version(receiver) == version and len(arrivals(ctx, receiver)) == 1
    assert topic(ctx, REJECTIONS) == []


def test_a_departure_never_relayed_is_relayed_by_the_sweep(client, ctx, ana, bo):
    """The process that appended the departure died before relaying it: the sweep reads the
    log after the relay's cursor."""
    group = create_group(client, ana, bo)
    sender, receiver = (t["match_id"] for t in group["tables"])
    departed = jump(client, ana, bo, sender)
    for stream in ctx.bus.streams(COMMANDS):  # as if it had never been published
        ctx.redis.delete(stream)
    ctx.redis.delete(ctx.keys.wormhole_transfer(sender, departed),  # ... nor recorded
                     ctx.keys.wormhole_pending(sender))
    ctx.redis.hset(ctx.keys.match_wormhole(sender), "relayed", 0)
    _drain(Consumer(ctx, name="sweeper"))
    assert len(arrivals(ctx, receiver)) == 1


def test_a_jump_to_a_table_that_is_over_or_not_started_is_refused(client, ctx, ana, bo):
    """Refused before it is appended (422), rather than lost after."""
    group = create_group(client, ana, bo, tables=3, accept=(0, 1))
    sender, finished, waiting = (t["match_id"] for t in group["tables"])
    resign = client.post(f"/v1/matches/{finished}/commands", headers=bo.headers,
                         json={"command": {"type": "resign"}, "command_id": "r"})
    assert resign.status_code == 200
    to_movement(client, ana, bo, sender)
    version = ctx.log.version(sender)
    for table, why in ((1, "is finished"), (2, "invited players")):
        answer = client.post(f"/v1/matches/{sender}/commands", headers=ana.headers,
                             json={"command": {**JUMP, "table": table}, "command_id": f"j{table}"})
        assert answer.status_code == 422 and why in answer.get_json()["message"]
    assert ctx.log.version(sender) == version
    # ... and /legal does not offer them: it lists only commands the service would take.
    offered = client.get(f"/v1/matches/{sender}/legal", headers=ana.headers).get_json()
    jumps = [c for c in offered["commands"] if c["type"] == "jump"]
    assert jumps == [] and [c for c in offered["commands"] if c["type"] == "move"]


def test_legal_offers_jumps_to_every_table_that_can_take_them(client, ctx, ana, bo):
    group = create_group(client, ana, bo, tables=3)
    sender = group["tables"][0]["match_id"]
    to_movement(client, ana, bo, sender)
    offered = client.get(f"/v1/matches/{sender}/legal", headers=ana.headers).get_json()
    assert {c["table"] for c in offered["commands"] if c["type"] == "jump"} == {1, 2}


def test_a_table_that_ends_before_the_arrival_refuses_it_and_it_is_reported(client, ctx, ana,
                                                                            bo):
    group = create_group(client, ana, bo)
    sender, receiver = (t["match_id"] for t in group["tables"])
    departed = jump(client, ana, bo, sender)
    resign = client.post(f"/v1/matches/{receiver}/commands", headers=bo.headers,
                         json={"command": {"type": "resign"}, "command_id": "r"})
    assert resign.status_code == 200
    _drain(Consumer(ctx, name="one"))
    assert arrivals(ctx, receiver) == []
    # The transfer record says where the fleet went, and stops being published.
    settled = transfers.record_of(ctx, sender, departed)
    assert settled["state"] == "refused" and settled["reason"] == "table 1 is finished"
    assert transfers.pending(ctx, sender) == []
    rejected = topic(ctx, REJECTIONS)
    assert len(rejected) == 1 and rejected[0]["match_id"] == receiver
    assert rejected[0]["command_id"].startswith(sender) and "finished" in rejected[0]["message"]
    assert ctx.redis.sismember(ctx.keys.wormhole_matches(), receiver) == 0


def test_each_tables_log_verifies_on_its_own(client, ctx, ana, bo, redis_url, monkeypatch,
                                             capsys):
    group = create_group(client, ana, bo)
    sender, receiver = (t["match_id"] for t in group["tables"])
    jump(client, ana, bo, sender)
    _drain(Consumer(ctx, name="one"))
    assert len(arrivals(ctx, receiver)) == 1
    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("ORRERY_NAMESPACE", ctx.keys.namespace)
    for match_id in (sender, receiver):
        capsys.readouterr()
        assert orrery(["verify", match_id]) == 0
        verdict = json.loads(capsys.readouterr().out)
        assert verdict["verified"] is True
        assert verdict["re_executed"] == verdict["version"] == ctx.log.version(match_id)


def test_the_games_list_shows_the_multi_battle_options(client):
    games = client.get("/v1/games").get_json()["games"]
    nexum = next(g for g in games if g["name"] == "nexum")
    assert {"multi_battle", "battle_table", "battle_tables"} <= set(nexum["options"])
