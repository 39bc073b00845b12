"""Every hosted game — including any registered later, drawn by the generic renderer until
it has its own — opens in the browser against bots at 2 seats (or its fewest) and at its
most, offers exactly /legal's commands, plays 20 moves by clicks (or to the end, if sooner),
and leaves screenshots of its board (data/e2e-screenshots/board-<game>-<seats>.png).

Each case takes up to a minute on a busy machine (20 clicks, each waiting for the page to
show the bots' answers), which is why they are the longest of the per-game browser tests."""
from __future__ import annotations

import json

import pytest
import requests


MOVES = 20
# Words only a label's cost from /legal says (no card text does), one of which comes within
# the first moves (the draft and the allocation of Exile Sun's first cycle, at any table
# size); the first page showing one is kept as a screenshot (costs-<game>-<seats>.png).
COSTS_SAID = {"exile_sun": ("Budget points to allocate", "Spends your", "moves this fleet has left")}
COSTS_SHOWN = {**COSTS_SAID, "nexum": ("energy (you have",)}


def hosted_tables() -> list:
    """(game, seats): each registry game at 2 seats (its fewest, if more) and at its most."""
    from shared.games.registry import games
    return [(name, seats) for name, game in sorted(games().items())
            for seats in sorted({max(2, game.spec.min_players), game.spec.max_players})]


@pytest.mark.parametrize("game,seat_count", hosted_tables())
def test_every_game_is_drawn_and_played_by_clicks(open_page, stack, game, seat_count):
    page = open_page()
    me = page.sign_in(f"Ana-{game}")
    info = next(g for g in requests.get(f"{stack.base}/v1/games", timeout=10).json()["games"]
                if g["name"] == game)
    assert info["min_players"] <= seat_count <= info["max_players"]
    seats = [{"player_id": me["player_id"]}] + [{"bot": "random"}] * (seat_count - 1)
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
    page.screenshot_to(f"board-{game}-{seat_count}")
    played, explained, shown = 0, set(), False

    def read_explanations():   # the move list's words, as they stand before a click
        nonlocal shown
        texts = page.eval_on_selector_all("[data-role=chooser] .explain",
                                          "els => els.map(e => e.innerText)")
        explained.update(texts)
        if not shown and any(word in text for word in COSTS_SHOWN.get(game, ()) for text in texts):
            shown = page.screenshot_to(f"costs-{game}-{seat_count}")

    while played < MOVES and page.play_one(before_click=read_explanations):
        played += 1
    status = stack.api("GET", f"/v1/matches/{match_id}", me).json()["status"]
    assert played == MOVES or status == "finished", (played, status)
    page.screenshot_to(f"board-{game}-{seat_count}-after-{played}")
    if game in COSTS_SAID:   # what /legal says a move costs or gives, in its label
        assert any(words in text for words in COSTS_SAID[game] for text in explained), explained
    assert not page.errors
