"""Exsilium in Spanish: the interface's words, a turn played by clicks (a hand card, then a
node on the board), and a refused command's rule in the match's language."""
from __future__ import annotations

import json
import random


def ben_acts(stack, ben, match_id, rng) -> None:
    commands = stack.api("GET", f"/v1/matches/{match_id}/legal", ben).json()["commands"]
    stack.api("POST", f"/v1/matches/{match_id}/commands", ben,
              json={"command": rng.choice(commands), "command_id": f"ben-{rng.random()}"})


def test_an_exsilium_turn_in_spanish(open_page, stack):
    page = open_page()
    ana = page.sign_in("Ana")
    ben = stack.player("Ben")
    page.select_option("#new-game", "exsilium")
    page.select_option("#option-language", json.dumps("es"))
    page.select_option("#seat-1-kind", "friend")
    page.fill("#seat-1-player", ben["player_id"])
    page.click("[data-role=create-match]")
    page.wait_for_selector("#match-root[data-game=exsilium]")
    match_id = page.url.rsplit("/", 1)[1]
    if stack.api("GET", f"/v1/matches/{match_id}", ben).json()["status"] == "invited":
        stack.api("POST", f"/v1/matches/{match_id}/accept", ben, json={})
    rng = random.Random(7)

    def state():
        return stack.api("GET", f"/v1/matches/{match_id}", ana).json()

    # Setup (faction, secret bid, start) by clicks for Ana, through the API for Ben.
    seat = next(i for i, s in enumerate(state()["seats"]) if s.get("player_id") == ana["player_id"])
    while (match := state())["view"]["phase"] != "play" or seat not in match["to_act"]:
        if seat in match["to_act"]:
            page.play_one()
        else:
            ben_acts(stack, ben, match_id, rng)
    page.wait_for_function("v => Number(document.querySelector('#match-root').dataset.version) >= v",
                           arg=state()["version"])
    page.wait_for_selector("#match-root g[data-card]")
    text = page.inner_text("main")
    for words in ("Elige tu jugada", "Rendirse", "Qué ha pasado", "Repetición", "Mano", "Fila de mejoras"):
        assert words in text, words
    page.screenshot_to("exsilium-es-turn-start")
    # The tiles lie edge to edge as on the table: every frontier of the view is marked on its
    # edge, and nodes facing each other across a shared edge are one step apart.
    view = state()["view"]
    assert len(page.query_selector_all("#match-root [data-frontier]")) == len(view["frontiers"])
    origins = {key: page.eval_on_selector(f"#match-root rect.tile[data-tile='{key}']",
                                          "r => [Number(r.getAttribute('x')), Number(r.getAttribute('y')), Number(r.getAttribute('width'))]")
               for key in view["tiles"]}
    for key, (x, y, width) in origins.items():
        row, col = map(int, key.split(","))
        for other, (ox, oy, _) in origins.items():
            r2, c2 = map(int, other.split(","))
            assert (ox - x, oy - y) == ((c2 - col) * width, (r2 - row) * width)

    # A hand card, then a node it can reach or act on: the board narrows to that card.
    version = page.version()
    page.locator("#match-root g[data-card][data-target], #match-root g[data-card][data-command]").first.click()
    if page.version() == version:
        page.locator("#match-root g[data-node][data-command], #match-root g[data-node][data-target]").first.click()
        page.screenshot_to("exsilium-es-card-then-node")
        if page.version() == version:
            page.play_one()
    page.wait_version_above(version)

    # A refused command says the rule in Spanish, and changes nothing.
    illegal = {"type": "bid", "amount": 99}
    while page.query_selector("#match-root button[data-command]") is None:
        page.locator("#match-root [data-choice-key]").first.click()
    before = page.version()
    # Rewritten and clicked in one step, so no re-render comes between.
    page.eval_on_selector("#match-root button[data-command]",
                          "(el, c) => { el.setAttribute('data-command', JSON.stringify(c)); el.click(); }",
                          illegal)
    page.wait_for_selector("[data-role=notice].error")
    answer = stack.api("POST", f"/v1/matches/{match_id}/commands", ana,
                       json={"command": illegal, "command_id": "e2e-refused-es"}).json()
    assert answer["message"] in page.inner_text("[data-role=notice]")
    assert "Rechazada" in page.inner_text("[data-role=notice]")
    assert state()["version"] == before

    # Play on by clicks until "Terminar turno" is offered, then end the turn with it.
    end_turn = ("#match-root [data-choice-value='\"end_turn\"'], "
                "#match-root button[data-command='{\"type\":\"end_turn\"}']")
    if page.query_selector("[data-role=start-over]"):
        page.click("[data-role=start-over]")
    for _ in range(30):
        match = state()
        if seat not in match["to_act"]:   # a combat or a choice may be Ben's to answer
            ben_acts(stack, ben, match_id, rng)
            continue
        page.wait_for_function("v => Number(document.querySelector('#match-root').dataset.version) >= v",
                               arg=match["version"])
        if page.query_selector(end_turn):
            break
        page.play_one()
    assert "Terminar turno" in page.inner_text(end_turn)
    command = "#match-root button[data-command='{\"type\":\"end_turn\"}']"
    version = page.version()
    if page.query_selector(command) is None:   # among many moves: narrow to it first
        page.locator(end_turn).first.click()
    page.locator(command).first.click()
    ended = f"[data-role=history] li[data-type=TurnEnded]"
    page.wait_for_function(
        "([sel, v]) => [...document.querySelectorAll(sel)].some(li => Number(li.dataset.v) > v)",
        arg=[ended, version])
    newest = page.eval_on_selector_all(ended, "els => els.map(e => [Number(e.dataset.v), e.innerText])")
    assert any(v > version and "Ana terminó su turno" in text for v, text in newest)
    page.screenshot_to("exsilium-es")
    assert not page.errors
