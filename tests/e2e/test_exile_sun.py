"""Exile Sun's board: every space of the map drawn from the view's templates, the System
placed by clicks, then the starting fleets placed by clicking spaces of the seat's System;
the seat sees its own tokens' values and no one else's."""
from __future__ import annotations

import time

from shared.games.exile_sun.board import board


def test_exile_sun_board_is_drawn_and_played_by_clicking_spaces(open_page, stack):
    page = open_page()
    me = page.sign_in("Ana-exile")
    seats = [{"player_id": me["player_id"]}, {"bot": "random", "level": 1}]
    created = stack.api("POST", "/v1/matches", me, json={"game": "exile_sun", "seats": seats})
    assert created.status_code == 201, created.text
    match_id = created.json()["match_id"]
    page.open_match(match_id)
    page.wait_for_selector("#match-root svg.exile-sun")
    assert len(page.query_selector_all("#match-root svg.exile-sun [data-space]")) == len(board((2, "deep"))[0])

    def view():
        return stack.api("GET", f"/v1/matches/{match_id}", me).json()

    # Setup by clicks (System, then Colony) until my starting fleets are to be placed.
    deadline = time.monotonic() + 120   # the bot's turns, on a loaded machine
    while time.monotonic() < deadline:
        match = view()
        if match["view"]["phase"] == "place_fleets" and 0 in match["to_act"]:
            break
        if 0 in match["to_act"]:
            page.play_one()
        else:
            page.wait_for_timeout(250)
    assert match["view"]["phase"] == "place_fleets" and 0 in match["to_act"], match["view"]["phase"]
    page.wait_for_function("v => Number(document.querySelector('#match-root').dataset.version) >= v",
                           arg=view()["version"])
    version = page.version()
    page.locator("#match-root svg.exile-sun g[data-space][data-command], "
                 "#match-root svg.exile-sun g[data-space][data-target]").first.click()
    if page.version() == version:
        page.play_one()
    page.wait_version_above(version)
    match = view()
    page.wait_for_function("v => Number(document.querySelector('#match-root').dataset.version) >= v",
                           arg=match["version"])
    page.screenshot_to("exile-sun-fleet-placed")
    shown = match["view"]["fleets"]
    mine = [f for f in shown if f["owner"] == 0]
    assert mine and all(f["kind"] for f in mine)
    tokens = page.query_selector_all("#match-root svg.exile-sun g[data-fleet]")
    assert len(tokens) == len(shown)
    assert not page.errors
