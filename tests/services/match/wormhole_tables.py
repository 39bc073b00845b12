"""A two-table battle group over HTTP, and the moves that send a fleet through its
wormhole (for the multi-battle tests of the match service)."""
from __future__ import annotations

import json

from tests.invitations import accept_all

# Eventless Nexum: hyperspace from the start (a fleet reaches the Wormhole from its Tann
# planet at once), no Action Row, no AI: the shortest way to a jump.
TABLE_OPTIONS = {"sector": "ihx", "mode": "eventless", "ai": "0"}


def create_group(client, ana, bo, tables: int = 2, accept=None) -> dict:
    """Ana creates the group (Ana seat 0, Bo seat 1 at every table); Bo accepts each (or
    the tables `accept` lists)."""
    response = client.post("/v1/battle-groups", headers=ana.headers, json={
        "game": "nexum", "tables": [
            {"seats": [{"player_id": ana.player_id}, {"player_id": bo.player_id}],
             "options": TABLE_OPTIONS, "seed": 10 + i} for i in range(tables)]})
    assert response.status_code == 201, response.get_json()
    group = response.get_json()
    for table in group["tables"]:
        if accept is None or table["table"] in accept:
            accept_all(client, table["match_id"], [bo])
    return group


def command(client, player, match_id, body, command_id):
    response = client.post(f"/v1/matches/{match_id}/commands", headers=player.headers,
                           json={"command": body, "command_id": command_id})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


JUMP = {"type": "jump", "origin": "A1", "ships": 1, "table": 1, "energy": 2}


def to_movement(client, ana, bo, match_id) -> None:
    """Round 1 at `match_id`: Ana takes Movement, Bo Management: Ana moves first."""
    command(client, ana, match_id, {"type": "choose_phase", "card": "movement", "bid": 0}, "c-a")
    command(client, bo, match_id, {"type": "choose_phase", "card": "management", "bid": 0},
            "c-b")


def jump(client, ana, bo, match_id) -> int:
    """Ana jumps one ship from her Tann planet (A1) to table 1 carrying 2 energy (`JUMP`),
    over HTTP; returns the departure's version."""
    to_movement(client, ana, bo, match_id)
    answer = command(client, ana, match_id, JUMP, "j-1")
    departed = [e for e in answer["events"] if e["type"] == "FleetDeparted"]
    assert len(departed) == 1
    return departed[0]["v"]


def arrivals(ctx, match_id) -> list:
    return [e for e in ctx.log.read(match_id) if e["type"] == "FleetArrived"]


def topic(ctx, name) -> list:
    out = []
    for stream in ctx.bus.streams(name):
        out += [json.loads(fields[b"m"]) for _, fields in ctx.redis.xrange(stream)]
    return out


def sent_arrivals(ctx) -> list:
    """The arrival commands the relay put on the bus (topic "commands")."""
    return [m for m in topic(ctx, "commands") if m.get("source") == "system"
            and m["command"]["type"] == "wormhole_arrival"]
