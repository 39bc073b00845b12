"""The browser client is served by the match service: the page at /, its modules under
/static with a JavaScript type (browsers refuse ES modules otherwise), and /config.json."""
from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[3] / "services" / "match" / "web" / "static"


def test_the_page_is_served_at_the_root(client):
    response = client.get("/")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    assert b'<script type="module" src="/static/js/main.js">' in response.data


def test_every_module_the_page_imports_is_served_as_javascript(client):
    """Follow every import from main.js (and the console's console.js): a missing or
    mistyped file breaks the whole page."""
    seen, todo = set(), ["js/main.js", "js/console.js"]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        response = client.get(f"/static/{path}")
        assert response.status_code == 200, path
        assert response.mimetype in ("text/javascript", "application/javascript"), path
        base = path.rsplit("/", 1)[0]
        for target in re.findall(r'from "\./([^"]+)"', response.get_data(as_text=True)):
            todo.append(f"{base}/{target}")
        for target in re.findall(r'from "\.\./([^"]+)"', response.get_data(as_text=True)):
            todo.append(f"{base.rsplit('/', 1)[0]}/{target}")
    assert {p.relative_to(STATIC).as_posix() for p in STATIC.rglob("*.js")} == seen


def test_the_stylesheet_is_served(client):
    response = client.get("/static/app.css")
    assert response.status_code == 200 and response.mimetype == "text/css"


def test_config_names_the_matchmaking_service(client, monkeypatch):
    monkeypatch.delenv("ORRERY_MATCHMAKING_URL", raising=False)
    monkeypatch.delenv("ORRERY_MATCHMAKING_BIND", raising=False)
    assert client.get("/config.json").get_json() == {"matchmaking_url": "http://127.0.0.1:8001"}
    monkeypatch.setenv("ORRERY_MATCHMAKING_URL", "https://mm.example.org/")
    assert client.get("/config.json").get_json() == {"matchmaking_url": "https://mm.example.org"}


def test_a_missing_static_file_is_a_404(client):
    assert client.get("/static/js/nope.js").status_code == 404


def test_a_games_glossary_names_what_its_events_name_by_id(client):
    body = client.get("/v1/games/exile_sun/glossary").get_json()
    assert body["game"] == "exile_sun"
    assert body["names"]["frigate"] == {"en": "Frigate", "es": "Frigate"}
    assert body["names"]["war_bonds"]["en"] == "War Bonds"
    exsilium = client.get("/v1/games/exsilium/glossary").get_json()
    assert exsilium["names"]["basic_lunge"] == {"en": "Lunge", "es": "Embestida"}
    # Each faction is described where it is chosen, in both languages.
    for faction in ("syl", "keber", "vinsan", "wardun"):
        text = exsilium["texts"][faction]
        assert set(text) == {"en", "es"} and text["en"] != text["es"] and "ability slot" in text["en"]
    nexum = client.get("/v1/games/nexum/glossary").get_json()
    assert nexum["texts"]["hyperspace"] == {"en": "Costs 3 energy.", "es": "Cuesta 3 de energía."}
    ttt = client.get("/v1/games/tictactoe/glossary").get_json()
    assert ttt["names"] == {} and ttt["texts"] == {} and set(ttt["commands"]) == {"mark"}
    assert "p6" in body["commands"]["choose_colony"]     # what a command does, the book's page cited
    missing = client.get("/v1/games/chess/glossary")
    assert missing.status_code == 404 and missing.get_json()["error"] == "not_found"
