"""Exile Sun through the match API: a two-player match created and played to the end by
people (random legal commands, each sent with the seat's own token), secrets kept on the way."""
from __future__ import annotations

import random

from tests.services.match.conftest import Player, new_match


def _send_random(client, match_id, players, rng, step, to_act):
    """One random legal command by one of the seats to act; returns who acts next."""
    seat = rng.choice(to_act)
    player = players[seat]
    legal = client.get(f"/v1/matches/{match_id}/legal?seat={seat}",
                       headers=player.headers).get_json()
    assert legal["seat"] == seat and legal["commands"], legal
    sent = client.post(f"/v1/matches/{match_id}/commands?seat={seat}", headers=player.headers,
                       json={"command": rng.choice(legal["commands"]), "command_id": f"s{step}"})
    assert sent.status_code == 200, sent.get_json()
    return sent.get_json()["to_act"]


def test_a_match_is_played_to_the_end_over_http_with_fleet_values_hidden(client):
    """Given two players at an Exile Sun table, when they play legal commands over HTTP, then
    once the starting fleets are down a spectator sees no fleet value and each seat only its
    own (and no other hand), and the match ends with an outcome that ranks both seats and
    names the ending."""
    players = [Player(client, "Ana"), Player(client, "Bo")]
    match_id = new_match(client, players[0], players, game="exile_sun", seed=3)
    rng = random.Random(3)
    step, to_act = 0, client.get(f"/v1/matches/{match_id}").get_json()["to_act"]
    while len(to_act) < 2:   # setup is played in turn; the first allocation by everyone
        to_act = _send_random(client, match_id, players, rng, step, to_act)
        step += 1
    spectator = client.get(f"/v1/matches/{match_id}").get_json()["view"]
    assert spectator["fleets"] and all(f["kind"] is None for f in spectator["fleets"])
    for seat, player in enumerate(players):
        view = client.get(f"/v1/matches/{match_id}", headers=player.headers).get_json()["view"]
        assert all((f["kind"] is not None) == (f["owner"] == seat) for f in view["fleets"])
        assert "hand" in view["players"][seat] and "hand" not in view["players"][1 - seat]
    for step in range(step, 4000):
        to_act = _send_random(client, match_id, players, rng, step, to_act)
        if not to_act:
            break
    final = client.get(f"/v1/matches/{match_id}").get_json()
    assert final["status"] == "finished"
    assert sorted(final["outcome"]["ranks"])[0] == 1 and len(final["outcome"]["ranks"]) == 2
    assert final["outcome"]["reason"]
