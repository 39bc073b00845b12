"""The README is the page a newcomer reads first: short, every link in it and in docs/ leads
somewhere in the repository, and every registered game is in its table with its rules notes."""
import re
from pathlib import Path

import pytest

from shared.games.registry import games

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
# [text](target) and ![alt](target), targets without a scheme (those are the repository's).
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _relative_links(page: Path) -> list:
    return [target.split("#")[0] for target in LINK.findall(page.read_text())
            if not re.match(r"^[a-z]+:", target) and not target.startswith("#")]


def test_the_readme_is_a_page_not_a_notebook():
    """About 150-200 lines: what a user does; what maintainers need lives in docs/."""
    lines = README.read_text().splitlines()
    assert 100 <= len(lines) <= 200, len(lines)


@pytest.mark.parametrize("page", [README, *sorted((ROOT / "docs").glob("*.md"))],
                         ids=lambda page: str(page.relative_to(ROOT)))
def test_every_link_names_a_file_of_the_repository(page):
    links = _relative_links(page)
    missing = [target for target in links if not (page.parent / target).exists()]
    assert not missing, f"{page.relative_to(ROOT)} links to {missing}"


def test_the_readme_shows_a_match_page_and_links_every_document_of_docs():
    links = set(_relative_links(README))
    assert any(link.endswith(".png") for link in links)
    for document in sorted((ROOT / "docs").glob("*.md")):
        assert f"docs/{document.name}" in links, f"README does not link docs/{document.name}"


def test_every_registered_game_is_in_the_readme_with_its_rules_notes():
    readme = README.read_text()
    for name in games():
        row = next((line for line in readme.splitlines() if line.startswith(f"| `{name}` |")), None)
        assert row is not None, f"README's games table has no row for {name}"
        notes = ROOT / "shared" / "games" / name / "RULES_NOTES.md"
        if notes.exists():
            assert f"shared/games/{name}/RULES_NOTES.md" in row, f"{name}'s row does not link its notes"
