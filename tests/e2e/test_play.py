"""A player's path by clicks: sign in, a match against a bot, the moves /legal offers, a
refused command's rule, the replay, and signing out."""
from __future__ import annotations

import json


def legal(stack, player, match_id) -> list:
    return stack.api("GET", f"/v1/matches/{match_id}/legal", player).json()["commands"]


def create_from_form(page, game: str, bot: str = "random") -> str:
    page.select_option("#new-game", game)
    page.select_option("#seat-1-kind", f"bot:{bot}")
    page.click("[data-role=create-match]")
    page.wait_for_selector("#match-root")
    return page.url.rsplit("/", 1)[1]


def test_sign_in_and_win_or_lose_tictactoe_against_a_bot_by_clicks(open_page, stack):
    page = open_page()
    me = page.sign_in("Ana")
    assert me["name"] == "Ana" and me["token"]
    match_id = create_from_form(page, "tictactoe")
    page.wait_for_selector("#match-root [data-command]")
    # The first move by keyboard: a board cell takes focus and Enter plays it.
    version = page.version()
    page.focus("#match-root g[data-cell='4']")
    page.keyboard.press("Enter")
    page.wait_version_above(version)
    assert page.query_selector("#match-root g[data-cell='4'] text.mark-X")
    while page.play_one():
        pass
    # Counted on the board: play_one reports a move once the match's version rises after its
    # click, and the bot's reply raises it too, so counting play_one can run over (7, once).
    moves = len(page.query_selector_all("#match-root text.mark-X"))
    assert 3 <= moves <= 5
    assert page.get_attribute("#match-root", "data-status") == "finished"
    assert page.inner_text("[data-role=outcome]")
    page.screenshot_to("tictactoe-finished")
    page.click("a.brand")
    page.wait_for_selector(f"[data-role=my-matches] [data-match-id='{match_id}']")
    assert not page.errors


def test_a_whole_exordium_match_against_a_bot_then_its_replay(open_page, stack):
    page = open_page()
    me = page.sign_in("Ana")
    match_id = create_from_form(page, "exordium", bot="greedy")
    page.wait_for_selector("#match-root [data-command]")
    # The page offers exactly /legal's commands (the setup choice: 8 start cells), each on its
    # board cell and in the move list.
    offered = {json.dumps(c, sort_keys=True) for c in page.commands()}
    assert offered == {json.dumps(c, sort_keys=True) for c in legal(stack, me, match_id)}
    assert len(offered) == 8
    page.screenshot_to("exordium-start")
    turns = 0
    while page.play_one():
        turns += 1
        if turns == 6:
            page.screenshot_to("exordium-midgame")
    assert turns >= 8
    match = stack.api("GET", f"/v1/matches/{match_id}", me).json()
    assert match["status"] == "finished" and match["outcome"]["decided_by"] == "play"
    assert page.version() == match["version"]
    assert page.inner_text("[data-role=outcome]")
    page.screenshot_to("exordium-finished")

    # Replay: the first version, a step forward, then the slider to the middle.
    page.click("[data-role=replay-first]")
    page.wait_for_selector("#match-root[data-mode=replay][data-version='1']")
    page.click("[data-role=replay-next]")
    page.wait_for_selector("#match-root[data-mode=replay][data-version='2']")
    middle = match["version"] // 2
    page.eval_on_selector("[data-role=replay-slider]",
                          "(el, v) => { el.value = v; el.dispatchEvent(new Event('change')); }", middle)
    page.wait_for_selector(f"#match-root[data-mode=replay][data-version='{middle}']")
    replayed = stack.api("GET", f"/v1/matches/{match_id}/replay?version={middle}").json()
    cells = replayed["view"]["board"]
    shown = page.eval_on_selector_all("#match-root [data-cell] rect.cell",
                                      "els => els.map(e => [e.parentNode.dataset.cell, e.getAttribute('class')])")
    assert {cell: css.split()[1] for cell, css in shown} == {c: f"occ-{o}" for c, o in cells.items()}
    assert not page.query_selector("#match-root [data-command]")  # a replay sends nothing
    page.screenshot_to("exordium-replay")
    page.click("[data-role=replay-exit]")
    page.wait_for_selector(f"#match-root[data-mode=live][data-version='{match['version']}']")
    assert not page.errors


def test_a_refused_command_shows_the_rule_and_changes_nothing(open_page, stack):
    page = open_page()
    me = page.sign_in("Ana")
    match_id = create_from_form(page, "exordium")
    page.wait_for_selector("#match-root [data-command]")
    version = page.version()
    # As a page out of date would: a command the rules refuse now (a1 is on the edge).
    illegal = {"type": "choose_start", "cell": "a1"}
    # Rewritten and clicked in one step, so no re-render comes between.
    page.eval_on_selector("#match-root button[data-command]",
                          "(el, c) => { el.setAttribute('data-command', JSON.stringify(c)); el.click(); }",
                          illegal)
    page.wait_for_selector("[data-role=notice].error")
    shown = page.inner_text("[data-role=notice]")
    answer = stack.api("POST", f"/v1/matches/{match_id}/commands", me,
                       json={"command": illegal, "command_id": "e2e-refused"})
    assert answer.status_code == 422
    assert answer.json()["message"] in shown
    assert stack.api("GET", f"/v1/matches/{match_id}", me).json()["version"] == version
    assert page.version() == version
    assert not page.errors


def test_the_generic_renderer_plays_any_game_from_its_view_and_legal_commands(open_page, stack):
    """What a game without its own renderer gets: the view as text, the moves as buttons."""
    page = open_page()
    me = page.sign_in("Ana")
    match_id = create_from_form(page, "tictactoe")
    page.wait_for_selector("#match-root [data-command]")
    page.check("[data-role=as-text]")
    page.wait_for_selector("#match-root .generic-view")
    assert page.query_selector("#match-root svg.board") is None
    offered = {json.dumps(c, sort_keys=True) for c in page.commands()}
    assert offered == {json.dumps(c, sort_keys=True) for c in legal(stack, me, match_id)}
    assert page.play_one()
    page.screenshot_to("generic-renderer")
    assert not page.errors


def test_resign_and_sign_out(open_page, stack):
    page = open_page()
    page.sign_in("Ana")
    create_from_form(page, "tictactoe")
    page.wait_for_selector("#match-root [data-command]")
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("button[data-platform][data-command]")
    page.wait_for_selector("#match-root[data-status=finished]")
    assert "resignation" in page.inner_text("[data-role=outcome]")
    page.click("[data-role=sign-out]")
    page.wait_for_selector("[data-role=sign-in]")
    assert page.evaluate("localStorage.getItem('orrery.player')") is None
    assert not page.errors
