"""Boards that look like their game: each game's board on a phone (360 px) with no sideways
scroll, its pieces drawn as symbols of their own, the last move highlighted and its pulse
switched off for a reader who prefers reduced motion."""
from __future__ import annotations

import pytest

from tests.e2e.test_every_game import hosted_tables

PHONE = {"width": 360, "height": 780}


def new_match(page, stack, me, game: str) -> str:
    seats = [{"player_id": me["player_id"]}, {"bot": "random"}]
    created = stack.api("POST", "/v1/matches", me, json={"game": game, "seats": seats})
    assert created.status_code == 201, created.text
    return created.json()["match_id"]


@pytest.mark.parametrize("game", sorted({game for game, _ in hosted_tables()}))
def test_a_board_fits_a_phone(open_page, stack, game):
    page = open_page(viewport=PHONE, is_mobile=True, has_touch=True)
    me = page.sign_in(f"Ana-{game}")
    page.open_match(new_match(page, stack, me, game))
    page.wait_for_selector("#match-root svg.board")
    for _ in range(3):
        if not page.play_one():
            break
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1] == PHONE["width"], width
    page.screenshot_to(f"board-{game}-360")
    assert not page.errors


@pytest.mark.parametrize("game,symbols", [("nexum", {"ship"}), ("exile_sun", {"fleet"})])
def test_pieces_are_drawn_as_symbols(open_page, stack, game, symbols):
    page = open_page()
    me = page.sign_in(f"Ana-{game}")
    page.open_match(new_match(page, stack, me, game))
    # Exile Sun's fleets reach the map in its setup; Nexum's ships are there from the start.
    for _ in range(12):
        drawn = set(page.eval_on_selector_all(
            "#match-root svg.board g.sym", "els => els.map(e => e.getAttribute('class').split(' ')[1].slice(4))"))
        if symbols <= drawn or not page.play_one():
            break
    assert symbols <= drawn, drawn
    assert page.query_selector("#match-root svg.board .sym path[d]") is not None
    assert not page.errors


@pytest.mark.parametrize("reduced", [False, True])
def test_the_last_move_is_highlighted_and_still_for_reduced_motion(open_page, stack, reduced):
    page = open_page(reduced_motion="reduce" if reduced else "no-preference")
    me = page.sign_in("Ana")
    page.open_match(new_match(page, stack, me, "tictactoe"))
    page.play_one()
    page.wait_for_selector("#match-root svg.board .last")
    # Read until the board has settled: the bot's answer re-renders it in between, and an
    # element being replaced has no computed animation.
    expected = "none" if reduced else "last-move"
    page.wait_for_function(
        """expected => [...document.querySelectorAll('#match-root svg.board .last')]
               .some(el => getComputedStyle(el).animationName === expected)""",
        arg=expected, timeout=15000)
    assert not page.errors
