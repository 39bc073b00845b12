"""A player reads the game's words, not its identifiers; pointing at a move outlines what it
touches; a finished match says so, stops its stream and shows the bots' analysis."""
from __future__ import annotations

import re

IDENTIFIER = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b[A-Z][a-z]+[A-Z]\w*\b|→|\b[a-z]+-\d+\b")


def test_exile_sun_speaks_its_words_and_a_pointed_move_outlines_its_pieces(open_page, stack):
    page = open_page()
    me = page.sign_in("Ana")
    seats = [{"player_id": me["player_id"]}, {"bot": "random"}]
    created = stack.api("POST", "/v1/matches", me, json={"game": "exile_sun", "seats": seats})
    assert created.status_code == 201, created.text
    page.open_match(created.json()["match_id"])
    for _ in range(4):
        if not page.play_one():
            break
    page.wait_for_selector("#match-root [data-command], #match-root [data-choice-key]")
    history = page.inner_text("[data-role=history]")
    assert history.strip() and not IDENTIFIER.search(history), history
    moves = page.inner_text("[data-role=chooser]")
    assert not IDENTIFIER.search(moves), moves
    # Each text node on its own: a label that ends beside the next one's start is two words.
    board = page.eval_on_selector(
        ".board-wrap svg",
        "svg => Array.from(svg.querySelectorAll('text, title, tspan'), n => n.textContent).join(' | ')")
    assert not IDENTIFIER.search(board), board
    # Pointing at a move that names a place outlines it on the board.
    # (The page draws itself again when the bot moves: a button may go while pointed at.)
    from playwright.sync_api import Error as PlaywrightError
    buttons = page.locator("[data-role=chooser] button.move, [data-role=chooser] button.choice")
    for n in range(min(buttons.count(), 12)):
        try:
            buttons.nth(n).hover(timeout=3000)
        except PlaywrightError:
            continue
        if page.query_selector(".board-wrap .hinted"):
            break
    assert page.query_selector(".board-wrap .hinted")
    page.screenshot_to("exile-sun-words-1280")
    page.select_option("#lang-select", "es")
    page.wait_for_selector("html[lang=es]")
    page.wait_for_selector("#match-root")
    assert "Qué ha pasado" in page.inner_text(".match-side")
    page.set_viewport_size({"width": 360, "height": 800})
    page.screenshot_to("exile-sun-words-360")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert not page.errors


def test_a_finished_match_says_so_and_shows_its_analysis(open_page, stack):
    page = open_page()
    me = page.sign_in("Ana")
    seats = [{"player_id": me["player_id"]}, {"bot": "random"}]
    created = stack.api("POST", "/v1/matches", me, json={"game": "tictactoe", "seats": seats})
    page.open_match(created.json()["match_id"])
    while page.play_one():
        pass
    page.wait_for_selector("[data-role=connection][data-state=over]")
    assert "Reconnecting" not in page.inner_text(".match-head")
    # The bots judge the match on request: the graph appears once they have.
    page.wait_for_selector("[data-role=analysis] svg.eval-graph", timeout=60000)
    page.screenshot_to("tictactoe-analysis")
    assert not page.errors
