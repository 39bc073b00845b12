"""Nexum's multi-battle in the browser: a table of a battle group draws its Wormhole and
offers the jumps /legal lists; a fleet jumped through it (over the whole `make run` stack)
is drawn on the other table's Wormhole (data/e2e-screenshots/board-nexum-wormhole-*.png)."""
from __future__ import annotations

import json
import time

OPTIONS = {"sector": "ihx", "mode": "eventless", "ai": "0"}
# The Wormhole's label names its own table ("⊛ 0"): the page shows that table's board.
SHOWS_TABLE = ("t => (document.querySelector('#match-root [data-place=wormhole] .place-name')"
               " || {}).textContent === '⊛ ' + t")


def _wait(condition, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_jump_is_offered_drawn_and_arrives_at_the_other_table(open_page, stack):
    page = open_page()
    me = page.sign_in("Ana-wormhole")
    seats = [{"player_id": me["player_id"]}, {"bot": "random", "level": 1}]
    created = stack.api("POST", "/v1/battle-groups", me, json={
        "game": "nexum", "tables": [{"seats": seats, "options": OPTIONS}] * 2})
    assert created.status_code == 201, created.text
    sender, receiver = (t["match_id"] for t in created.json()["tables"])
    choose = {"type": "choose_phase", "card": "movement", "bid": 0}
    assert stack.api("POST", f"/v1/matches/{sender}/commands", me,
                     json={"command": choose, "command_id": "e2e-choose"}).status_code == 200

    def my_movement():
        legal = stack.api("GET", f"/v1/matches/{sender}/legal", me).json()["commands"]
        return [c for c in legal if c["type"] == "jump"]
    jumps = _wait(my_movement, 90, "seat 0's movement phase (after the bot's turn)")

    page.open_match(sender)
    page.wait_for_function(SHOWS_TABLE, arg=0)
    page.wait_for_selector("#match-root [data-command], #match-root [data-choice-key]")
    if page.query_selector("#match-root [data-choice-key]") is None:
        offered = {json.dumps(c, sort_keys=True) for c in page.commands()}
        assert {json.dumps(c, sort_keys=True) for c in jumps} <= offered
    page.screenshot_to("board-nexum-wormhole-sender")

    jump = next(c for c in jumps if c["ships"] == 1)
    answer = stack.api("POST", f"/v1/matches/{sender}/commands", me,
                       json={"command": jump, "command_id": "e2e-jump"})
    assert answer.status_code == 200, answer.text

    def arrived():
        view = stack.api("GET", f"/v1/matches/{receiver}", me).json()["view"]
        return view["ships"].get("wormhole", {}).get("0")
    assert _wait(arrived, 30, "the fleet at the other table") == 1
    page.open_match(receiver)
    page.wait_for_function(SHOWS_TABLE, arg=1)
    page.wait_for_selector("text=fleet arrived through the wormhole")
    page.screenshot_to("board-nexum-wormhole-receiver")
    assert not page.errors
