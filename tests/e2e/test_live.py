"""Live: two browsers see each other's moves without reloading; a dropped connection
resumes without losing or repeating an event; a spectator sees the spectator view."""
from __future__ import annotations


def start_tictactoe_between(ana_page, ben_page, stack) -> str:
    """Ana seats Ben by his player id from the new-match form; Ben accepts if invited."""
    ben = ben_page.player()
    ana_page.select_option("#new-game", "tictactoe")
    ana_page.select_option("#seat-1-kind", "friend")
    ana_page.fill("#seat-1-player", ben["player_id"])
    ana_page.click("[data-role=create-match]")
    ana_page.wait_for_selector("#match-root")
    match_id = ana_page.url.rsplit("/", 1)[1]
    if stack.api("GET", f"/v1/matches/{match_id}", ben).json()["status"] == "invited":
        ben_page.goto(stack.base + "/")
        ben_page.click(f"[data-role=invitations] [data-match-id='{match_id}'] [data-role=accept]")
    ben_page.open_match(match_id)
    return match_id


def history_versions(page) -> list:
    return [int(v) for v in page.eval_on_selector_all("[data-role=history] li",
                                                      "els => els.map(e => e.dataset.v)")]


def test_two_browsers_see_each_others_moves_live(open_page, stack):
    ana_page, ben_page = open_page(), open_page()
    ana_page.sign_in("Ana")
    ben_page.sign_in("Ben")
    ana_page.goto(stack.base + "/")
    match_id = start_tictactoe_between(ana_page, ben_page, stack)
    ana_page.wait_for_selector("#match-root [data-command]")
    ben_page.evaluate("window.notReloaded = true")
    version = ben_page.version()
    ana_page.click("#match-root g[data-cell='4']")
    ben_page.wait_version_above(version)
    ben_page.wait_for_selector("#match-root g[data-cell='4'] text.mark-X")
    assert "marked cell 5" in ben_page.inner_text("[data-role=history]")
    version = ana_page.version()
    ben_page.click("#match-root g[data-cell='0']")
    ana_page.wait_version_above(version)
    ana_page.wait_for_selector("#match-root g[data-cell='0'] text.mark-O")
    assert ben_page.evaluate("window.notReloaded") is True
    ben_page.screenshot_to("tictactoe-live-second-browser")

    # A spectator (no sign-in) sees the same board, offered nothing, and follows live.
    watcher = open_page()
    watcher.goto(f"{stack.base}/#/match/{match_id}")
    watcher.wait_for_selector("#match-root g[data-cell='0'] text.mark-O")
    assert watcher.query_selector("#match-root [data-command]") is None
    assert watcher.query_selector(".spectator")
    version = watcher.version()
    ana_page.click("#match-root g[data-cell='8']")
    watcher.wait_version_above(version)
    assert not (ana_page.errors or ben_page.errors or watcher.errors)


def test_a_dropped_connection_resumes_without_losing_or_repeating_events(open_page, stack):
    ana_page, ben_page = open_page(), open_page()
    ana_page.sign_in("Ana")
    ben_page.sign_in("Ben")
    ana_page.goto(stack.base + "/")
    match_id = start_tictactoe_between(ana_page, ben_page, stack)
    ana_page.locator("#match-root g[data-cell='0']").click()
    ben_page.wait_for_selector("#match-root g[data-cell='0'] text.mark-X")

    # Ana's network goes away mid-stream; Ben plays meanwhile.
    ana_page.context.set_offline(True)
    ana_page.evaluate("window.orreryMatch.live.drop()")
    ana_page.wait_for_selector("[data-role=connection][data-state=reconnecting]")
    version = ben_page.version()
    ben_page.click("#match-root g[data-cell='4']")
    ben_page.wait_version_above(version)
    missed = ben_page.version()
    ana_page.context.set_offline(False)
    ana_page.wait_for_function(
        "v => Number(document.querySelector('#match-root').dataset.version) >= v", arg=missed)
    ana_page.wait_for_selector(f"[data-role=history] li[data-v='{missed}']")
    seen = history_versions(ana_page)
    assert sorted(seen) == list(range(1, missed + 1))   # every event once, none missing
    assert "marked cell 5" in ana_page.inner_text("[data-role=history]")
    assert stack.api("GET", f"/v1/matches/{match_id}").json()["version"] == missed
    assert not ana_page.errors


def test_an_invitation_is_shown_and_declined(open_page, stack):
    ana_page, ben_page = open_page(), open_page()
    ana_page.sign_in("Ana")
    ben = ben_page.sign_in("Ben")
    ana_page.goto(stack.base + "/")
    ana_page.select_option("#new-game", "tictactoe")
    ana_page.select_option("#seat-1-kind", "friend")
    ana_page.fill("#seat-1-player", ben["player_id"])
    ana_page.click("[data-role=create-match]")
    ana_page.wait_for_selector("#match-root[data-status=invited]")
    match_id = ana_page.url.rsplit("/", 1)[1]
    assert "Ben" in ana_page.inner_text("[data-role=awaiting]")
    assert ana_page.query_selector("[data-role=accept]") is None   # Ana is not awaited
    ben_page.goto(stack.base + "/")
    ben_page.click(f"[data-role=invitations] [data-match-id='{match_id}'] [data-role=decline]")
    ben_page.wait_for_selector(f"[data-role=invitations] [data-match-id='{match_id}']", state="detached")
    assert stack.api("GET", f"/v1/matches/{match_id}", ben).json()["status"] == "declined"
    assert not (ana_page.errors or ben_page.errors)


def test_a_stream_that_falls_silent_does_not_leave_the_page_behind(open_page, stack):
    # A stream can stall without dropping (a busy server): a live match the stream has said
    # nothing of for 15 s is read again, so a turn that has come is shown all the same.
    ana_page, ben_page = open_page(), open_page()
    ana_page.sign_in("Ana")
    ben_page.sign_in("Ben")
    ana_page.goto(stack.base + "/")
    start_tictactoe_between(ana_page, ben_page, stack)
    ana_page.locator("#match-root g[data-cell='0']").click()
    ben_page.wait_for_selector("#match-root g[data-cell='0'] text.mark-X")
    ana_page.evaluate("window.notReloaded = true; window.orreryMatch.live.close()")
    version = ben_page.version()
    ben_page.click("#match-root g[data-cell='4']")
    ben_page.wait_version_above(version)
    ana_page.wait_for_selector("#match-root g[data-cell='4'] text.mark-O", timeout=30000)
    ana_page.wait_for_selector("#match-root [data-command]")   # and Ana's turn is offered
    assert ana_page.evaluate("window.notReloaded") is True
    assert not ana_page.errors
