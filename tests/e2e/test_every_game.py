"""Every hosted game — including any registered later, drawn by the generic renderer until
it has its own — opens in the browser against bots, offers exactly /legal's commands, takes
clicks, and leaves a screenshot of its board (data/e2e-screenshots/board-<game>.png)."""
from __future__ import annotations

import json

import pytest
import requests


def hosted_games() -> list:
    """The registry's games, read the way the page reads them."""
    from shared.games.registry import games
    return sorted(games())


@pytest.mark.parametrize("game", hosted_games())
def test_every_game_is_drawn_and_played_by_clicks(open_page, stack, game):
    page = open_page()
    me = page.sign_in(f"Ana-{game}")
    info = next(g for g in requests.get(f"{stack.base}/v1/games", timeout=10).json()["games"]
                if g["name"] == game)
    seats = [{"player_id": me["player_id"]}] + [{"bot": "random", "level": 1}] * (info["min_players"] - 1)
    created = stack.api("POST", "/v1/matches", me, json={"game": game, "seats": seats})
    assert created.status_code == 201, created.text
    match_id = created.json()["match_id"]
    page.open_match(match_id)
    page.wait_for_selector("#match-root [data-command], #match-root [data-choice-key]")
    legal = stack.api("GET", f"/v1/matches/{match_id}/legal", me).json()["commands"]
    if page.query_selector("#match-root [data-choice-key]") is None:
        offered = {json.dumps(c, sort_keys=True) for c in page.commands()}
        assert offered == {json.dumps(c, sort_keys=True) for c in legal}
    else:  # too many to list: the move list narrows them, all of them counted
        assert int(page.get_attribute("[data-role=candidate-count]", "data-count")) == len(legal)
    page.screenshot_to(f"board-{game}")
    for _ in range(3):
        if not page.play_one():
            break
    page.screenshot_to(f"board-{game}-after-3")
    assert not page.errors
