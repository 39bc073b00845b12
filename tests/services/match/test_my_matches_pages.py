"""GET /v1/players/me/matches pages with a cursor and lists invitations apart (issue 25,
item 3): invitations never push a player's matches out of reach."""
from __future__ import annotations


def _new(client, creator, seats):
    answer = client.post("/v1/matches", headers=creator.headers,
                         json={"game": "tictactoe", "seats": seats})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["match_id"]


def _pages(client, player, **query):
    seen, cursor = [], None
    while True:
        params = {**query, **({"cursor": cursor} if cursor else {})}
        body = client.get("/v1/players/me/matches", headers=player.headers,
                          query_string=params).get_json()
        seen.append([m["match_id"] for m in body["matches"]])
        cursor = body["next"]
        if cursor is None:
            return seen


def test_pages_cover_every_match_once_newest_first_and_invitations_list_apart(client, ana, bo):
    mine = [_new(client, ana, [{"player_id": ana.player_id}, {"bot": "random"}])
            for _ in range(5)]
    invitations = [_new(client, bo, [{"player_id": bo.player_id},
                                     {"player_id": ana.player_id}]) for _ in range(3)]
    pages = _pages(client, ana, limit=2)
    assert all(len(page) <= 2 for page in pages)
    listed = [m for page in pages for m in page]
    assert listed == list(reversed(mine + invitations))  # each once, newest first
    invited = [m for page in _pages(client, ana, limit=2, status="invited") for m in page]
    assert invited == list(reversed(invitations))
    active = [m for page in _pages(client, ana, limit=10, status="active") for m in page]
    assert active == list(reversed(mine))  # however many invitations came after them


def test_a_bad_cursor_or_status_is_a_400(client, ana):
    for query in ({"cursor": "abc"}, {"cursor": "1e9"}, {"status": "lost"}):
        answer = client.get("/v1/players/me/matches", headers=ana.headers, query_string=query)
        assert answer.status_code == 400, query
