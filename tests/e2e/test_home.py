"""The home page's other paths: matchmaking (ticket status live), clocks counting down,
vacation, and a phone-sized screen."""
from __future__ import annotations

import re
import time


def test_matchmaking_finds_a_match_with_a_bot(open_page, stack):
    page = open_page()
    page.sign_in("Ana")
    page.select_option("#mm-game", "tictactoe")
    page.fill("#mm-players", "2")
    page.check("#mm-bots")
    page.fill("#mm-wait", "1")
    page.click("[data-role=mm-search]")
    page.wait_for_selector("[data-role=ticket-status]")
    page.wait_for_selector("[data-role=ticket-status][data-status=matched]", timeout=45000)
    page.click("[data-role=ticket-match]")
    page.wait_for_selector("#match-root[data-game=tictactoe]")
    assert page.query_selector(".spectator") is None   # Ana holds a seat
    assert not page.errors


def seconds_shown(text: str) -> int:
    minutes, seconds = re.match(r"(\d+):(\d+)", text).groups()
    return int(minutes) * 60 + int(seconds)


def test_a_clock_counts_down_and_a_vacation_starts_and_ends(open_page, stack):
    page = open_page()
    me = page.sign_in("Ana")
    page.select_option("#new-game", "exordium")
    page.select_option("#clock-kind", "per_move")
    page.fill("#clock-amount", "1800")
    page.click("[data-role=create-match]")
    page.wait_for_selector("#match-root [data-command]")
    mine = page.locator("[data-clock-seat='0']")
    first = seconds_shown(mine.inner_text())
    assert 1700 < first <= 1800
    time.sleep(2.5)
    assert seconds_shown(mine.inner_text()) <= first - 2
    page.screenshot_to("exordium-clock")

    page.click("a.brand")
    page.wait_for_selector("[data-role=vacation-start]")
    page.fill("#vacation-days", "2")
    page.click("[data-role=vacation-start]")
    page.wait_for_selector("[data-role=vacation-end]")
    assert stack.api("GET", "/v1/players/me/vacation", me).json()["on_vacation"] is True
    page.click("[data-role=vacation-end]")
    page.wait_for_selector("[data-role=vacation-start]")
    assert stack.api("GET", "/v1/players/me/vacation", me).json()["on_vacation"] is False
    assert not page.errors


def test_a_phone_sized_screen_plays_without_sideways_scrolling(open_page, stack):
    page = open_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.sign_in("Ana")
    page.select_option("#new-game", "exordium")
    page.click("[data-role=create-match]")
    page.wait_for_selector("#match-root [data-command]")
    for _ in range(3):
        page.play_one()
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width
    board = page.evaluate("document.querySelector('#match-root svg.board').getBoundingClientRect().width")
    assert board >= 300   # the board fills the phone's width
    page.screenshot_to("exordium-phone")
    assert not page.errors
