"""GET /legal says, beside each command, what it costs or gives the seat (Game.costs), in
the order of the commands, as the rules' own checks count it: Exile Sun's Initiative points,
allocations, fleet moves and deployments; Nexum's energy. The page's labels show it; the
secrecy contract (tests/contract) proves it tells a seat nothing its view does not."""
from __future__ import annotations

import random

from shared.games.exile_sun.components import CATEGORIES, INITIATIVE
from shared.games.nexum.movement import check_move
from shared.games.registry import games
from tests.services.match.conftest import Player, new_match


def _played(client, game, seed, want, most=400):
    """Random legal commands by whoever is to act until every command type in `want` has
    been offered with a cost; yields (state as served, seat, legal) along the way."""
    players = [Player(client, "Ana"), Player(client, "Bo")]
    match_id = new_match(client, players[0], players, game=game, seed=seed)
    rng, seen = random.Random(seed), set()
    for step in range(most):
        match = client.get(f"/v1/matches/{match_id}").get_json()
        if not match["to_act"] or want <= seen:
            break
        seat = rng.choice(match["to_act"])
        legal = client.get(f"/v1/matches/{match_id}/legal?seat={seat}",
                           headers=players[seat].headers).get_json()
        assert len(legal["costs"]) == len(legal["commands"]), legal
        seen |= {c["type"] for c, cost in zip(legal["commands"], legal["costs"]) if cost}
        yield match_id, seat, legal
        sent = client.post(f"/v1/matches/{match_id}/commands?seat={seat}",
                           headers=players[seat].headers,
                           json={"command": rng.choice(legal["commands"]), "command_id": f"c{step}"})
        assert sent.status_code == 200, sent.get_json()
    assert want <= seen, seen


def test_exile_sun_legal_says_points_moves_and_deployments(client):
    want = {"choose_initiative", "allocate", "move", "scan"}
    for _, _, legal in _played(client, "exile_sun", 3, want):
        for command, cost in zip(legal["commands"], legal["costs"]):
            if command["type"] == "choose_initiative":
                assert cost == {"budget_points": INITIATIVE[command["card"]]["budget"]}
            elif command["type"] == "allocate":
                assert cost["budget_points"] == sum(command[c] for c in CATEGORIES)
                assert cost["fleets"] >= command["fuel"] // cost["fuel_per_fleet"]
            elif command["type"] in ("move", "scan"):
                assert 0 <= cost["moves"] <= cost["moves_left"], (command, cost)
            elif command["type"] == "deploy":
                assert cost["deployments"] == (0 if command["token"] == "decoy" else 1)


def test_nexum_legal_says_the_energy_a_move_costs(client, ctx):
    game = games()["nexum"]
    for match_id, seat, legal in _played(client, "nexum", 5, {"move"}):
        moves = [(c, cost) for c, cost in zip(legal["commands"], legal["costs"])
                 if c["type"] == "move"]
        if not moves:
            continue
        state = ctx.store.load(match_id).game_state
        for command, cost in moves:
            assert cost == {"energy": check_move(state, seat, command)[1]}
            assert 0 <= cost["energy"] <= state.energy[seat]
        assert game.costs(state, seat, legal["commands"]) == legal["costs"]
