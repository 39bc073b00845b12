"""The lobby lists matches to watch and each game's how-to-play page; the home, match,
rules and console pages pass the checks of
axe-core's serious rules we can make by hand (names for every control and image, labels for
every field, the page's language, unique ids, no tab order forced), at 1280 and 360 px."""
from __future__ import annotations

from tests.e2e.conftest import OPERATOR_TOKEN

# Serious accessibility faults, found in the page itself: each a short description.
CHECKS = """() => {
  const faults = [];
  const name = (el) => (el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') && document.getElementById(el.getAttribute('aria-labelledby'))?.textContent || el.textContent || el.getAttribute('title') || el.getAttribute('value') || '').trim();
  if (!document.documentElement.lang) faults.push('html has no lang');
  for (const el of document.querySelectorAll('button, a[href], [role=button]')) {
    if (!name(el)) faults.push(`${el.tagName} without a name: ${el.outerHTML.slice(0, 80)}`);
  }
  for (const el of document.querySelectorAll('input:not([type=hidden]), select, textarea')) {
    const labelled = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.closest('label') ||
      (el.id && document.querySelector(`label[for="${CSS.escape(el.id)}"]`));
    if (!labelled) faults.push(`field without a label: ${el.outerHTML.slice(0, 80)}`);
  }
  for (const el of document.querySelectorAll('img, svg[role=img]')) {
    if (el.tagName === 'IMG' ? el.getAttribute('alt') === null : !name(el)) faults.push(`image without a text: ${el.outerHTML.slice(0, 80)}`);
  }
  const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
  for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i))) faults.push(`id used twice: ${id}`);
  for (const el of document.querySelectorAll('[tabindex]')) if (Number(el.getAttribute('tabindex')) > 0) faults.push(`tabindex > 0: ${el.outerHTML.slice(0, 80)}`);
  if (document.documentElement.scrollWidth > window.innerWidth + 1) faults.push(`sideways scroll: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
  return faults;
}"""


def checked(page, name: str) -> None:
    for width in (1280, 360):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(200)
        assert page.evaluate(CHECKS) == [], f"{name} at {width} px"
        page.screenshot_to(f"{name}-{width}")


def test_the_lobby_lists_matches_to_watch_and_every_page_passes_the_checks(open_page, stack):
    page = open_page()
    me = page.sign_in("Ana")
    other = stack.player("Bea")
    watched = stack.api("POST", "/v1/matches", other, json={
        "game": "exordium", "seats": [{"player_id": other["player_id"]}, {"bot": "random"}]}).json()["match_id"]
    page.goto(stack.base + "/")
    page.wait_for_selector(f"[data-role=watch-list] [data-match-id='{watched}']")
    checked(page, "home")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click(f"[data-role=watch-list] [data-match-id='{watched}'] a")
    page.wait_for_selector("#match-root")
    assert page.inner_text(".spectator")            # Ana watches Bea's match
    checked(page, "match-watched")
    mine = stack.api("POST", "/v1/matches", me, json={
        "game": "exsilium", "seats": [{"player_id": me["player_id"]}, {"bot": "random"}]}).json()["match_id"]
    page.set_viewport_size({"width": 1280, "height": 900})
    page.open_match(mine)
    page.wait_for_selector("#match-root [data-command], #match-root [data-choice-key]")
    checked(page, "match-exsilium")
    # How to play: each game's page, reached from the new-match form.
    page.goto(stack.base + "/")
    page.select_option("#new-game", "exsilium")
    page.click("[data-role=rules-link]")
    page.wait_for_selector("[data-role=rules][data-game=exsilium] [data-role=rules-moves] li")
    assert "Baralytas" in page.inner_text("[data-role=rules]")
    checked(page, "rules-exsilium")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(stack.base + "/console")
    page.fill("#operator-token", OPERATOR_TOKEN)
    page.click("[data-role=operator-sign-in] button")
    page.wait_for_selector(f"[data-role=inspect]")
    page.click("[data-role=inspect]")
    page.wait_for_selector("[data-role=inspect-events] li")
    checked(page, "console")
    assert not page.errors
