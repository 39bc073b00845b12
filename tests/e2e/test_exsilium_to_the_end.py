"""A newcomer plays an Exsilium match to its end by clicks against the level-1 bot.

The book's goal (10 Baralytas points at 2 players) takes tens of rounds, even between bots
(docs/BOTS.md), far beyond a browser test. The match is created from the home page's form
with the option every Exsilium match has, "The match ends after this many rounds", set to its
least, 3: the match then ends by that rule (MatchEnded, reason round_limit, the winner by
Baralytas points), as any match with that option would. The ending is the engine's, not
arranged by the test; no test reaches the book's goal by clicks.

It takes about half a minute, more on a busy machine (three rounds of turns by clicks and of
the level-1 bot's searches), which is why it is one test of its own."""
from __future__ import annotations

import time

ROUNDS = 3
BUDGET_SECONDS = 900   # the test's time: a newcomer's three rounds, on a busy machine


def test_a_newcomer_plays_exsilium_to_its_end_against_the_level_1_bot(open_page, stack):
    started = time.monotonic()
    page = open_page()
    me = page.sign_in("Newcomer")
    page.select_option("#new-game", "exsilium")
    page.select_option("#seat-1-kind", "bot:mcts")
    page.select_option("#seat-1-level", "1")
    page.fill("#option-max_rounds", str(ROUNDS))
    page.click("[data-role=create-match]")
    page.wait_for_selector("#match-root[data-game=exsilium]")
    match_id = page.url.rsplit("/", 1)[1]
    match = stack.api("GET", f"/v1/matches/{match_id}", me).json()
    assert match["seats"][1]["bot"] == "mcts" and match["seats"][1]["level"] == 1
    assert match["view"]["options"]["max_rounds"] == ROUNDS
    # Each faction is described where it is chosen (both seats choose one).
    faction = page.wait_for_selector("button.move[data-command*=choose_faction] .explain")
    assert "ability slot" in faction.inner_text()
    clicks, explained = 0, set()
    while page.play_one():
        clicks += 1
        explained.update(page.eval_on_selector_all("[data-role=chooser] .explain", "els => els.map(e => e.innerText)"))
        assert time.monotonic() - started < BUDGET_SECONDS, f"still playing after {clicks} clicks"
        if clicks == 12:
            page.screenshot_to("exsilium-end-playing-1280")
    page.wait_for_selector("[data-role=connection][data-state=over]")
    final = stack.api("GET", f"/v1/matches/{match_id}", me).json()
    assert final["status"] == "finished", final["status"]
    events = stack.api("GET", f"/v1/matches/{match_id}/events?from={max(0, final['version'] - 40)}", me).json()["events"]
    ended = [e for e in events if e["type"] == "MatchEnded"]
    assert len(ended) == 1 and final["view"]["round"] == ROUNDS
    # Moves said what they cost and did (a card used up, faction tokens paid).
    assert any(text.startswith("Costs:") and "Does:" in text for text in explained), explained
    history = page.inner_text("[data-role=history]")
    assert "Reconnecting" not in page.inner_text(".match-head")
    assert history.strip()
    page.screenshot_to("exsilium-end-1280")
    page.set_viewport_size({"width": 360, "height": 800})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot_to("exsilium-end-360")
    assert not page.errors
    print(f"exsilium to its end: {clicks} commands by clicks in {time.monotonic() - started:.0f} s")
