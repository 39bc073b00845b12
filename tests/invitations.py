"""Starting a match with several human players over HTTP, as players do it: the creator
invites, every other player accepts (API.md, "Matches"). Any test that seats more than one
player uses this, whatever its service's test client (a Flask test client or the helpers
around `requests` share the call shape below)."""
from __future__ import annotations


def seat_of(seat) -> dict:
    """A seat of a create request: a Player-like object (player_id, headers) or a dict."""
    return dict(seat) if isinstance(seat, dict) else {"player_id": seat.player_id}


def start_match(client, creator, seats, game: str = "tictactoe", **extra) -> str:
    """Create the match as `creator` and have each other player among `seats` accept;
    return its id once it is active. `seats`: Player-like objects or seat dicts (bots, or
    the creator's own seat); another player's seat must be given as their Player."""
    body = {"game": game, "seats": [seat_of(seat) for seat in seats], **extra}
    response = client.post("/v1/matches", headers=creator.headers, json=body)
    assert response.status_code == 201, response.get_json()
    match_id = response.get_json()["match_id"]
    accept_all(client, match_id, [seat for seat in seats if not isinstance(seat, dict)
                                  and seat.player_id != creator.player_id])
    return match_id


def accept_all(client, match_id: str, invitees) -> dict:
    """Every invitee accepts (each once); return the match as the last answer shows it."""
    seen, match = set(), None
    for player in invitees:
        if player.player_id in seen:
            continue
        seen.add(player.player_id)
        response = client.post(f"/v1/matches/{match_id}/accept", headers=player.headers)
        assert response.status_code == 200, response.get_json()
        match = response.get_json()
    return match
