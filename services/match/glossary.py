"""A game's names for the things its events and commands name by id, in each language.

The web client turns `frigate-3`, `war_bonds-1` or `basic_lunge` into "Frigate", "War Bonds"
and "Lunge" with this (GET /v1/games/{game}/glossary). Every name comes from the game's own
data files, so the page and the rules never disagree; a game whose data speak one language
gives the same names in every language (they are proper names: cards, colonies, techs).
Ids of card copies (`frigate-3`, `war_bonds-1`) are looked up without their copy number.
"""
from __future__ import annotations

from typing import Callable, Dict

LANGUAGES = ("en", "es")


def _both(name: str) -> dict:
    return {lang: name for lang in LANGUAGES}


def _words(key: str) -> str:
    """A name the data give only as a key (`controlled_exploration`): its words."""
    return key.replace("_", " ").strip().capitalize()


def _exile_sun() -> dict:
    from shared.games.exile_sun import components as c
    names, texts = {}, {}
    for key, ship in c.SHIP_CLASSES.items():
        names[key] = _both(ship["name"])
    for key, tech in c.TECH.items():
        names[key], texts[key] = _both(tech["name"]), _both(tech.get("text", ""))
    for key, colony in c.COLONIES.items():
        names[key], texts[key] = _both(colony["name"]), _both(colony.get("text", ""))
    for key, agenda in c.AGENDAS.items():
        text = agenda.get("text", "")
        title = text.split(":")[0] if ":" in text else text.rstrip(".")
        names[key], texts[key] = _both(title), _both(text)
    for number, card in c.INITIATIVE.items():
        text = f"Budget {card['budget']}. {card.get('text') or ''}".strip()
        texts[f"initiative-{number}"] = {"en": text, "es": text.replace("Budget", "Presupuesto")}
    return {"names": names, "texts": texts}


def _tech_cost(tech: dict) -> dict:
    """What researching a tech costs (components.json), said where it is chosen."""
    if tech["cost"] == "energy":
        return {"en": f"Costs {tech['energy']} energy.", "es": f"Cuesta {tech['energy']} de energía."}
    if tech["cost"] == "matching":
        return {"en": "Costs 2 matching crystals from your asteroids.",
                "es": "Cuesta 2 cristales iguales de tus asteroides."}
    return {"en": "Costs 2 different crystals from your asteroids.",
            "es": "Cuesta 2 cristales distintos de tus asteroides."}


def _nexum() -> dict:
    from shared.games.nexum import components as c
    from shared.games.nexum import civilizations
    names, texts = {}, {}
    for tech in c._COMPONENTS["techs"]:
        key = tech["name"]
        names[key] = _both(_words(key))
        texts[key] = _tech_cost(tech)
    for key, text in c._COMPONENTS["relics"].items():
        names[key], texts[key] = _both(_words(key)), _both(text)
    for key, text in c._COMPONENTS["event_kinds"].items():
        names[key], texts[key] = _both(_words(key)), _both(text)
    for key, civ in civilizations.CIVS.items():
        names[key] = _both(key.capitalize())
        texts[key] = _both(civ["generation_1"]["text"])
        for generation in (1, 2):
            card = civ[f"generation_{generation}"]
            for skill in card["skills"]:
                names[skill] = _both(card["name"].replace(" (authored)", "").title())
                texts[skill] = _both(card["text"])
    return {"names": names, "texts": texts}


def _exsilium() -> dict:
    from shared.games.exsilium import components as c
    names, texts = {}, {}
    for key, faction in c.RULES["factions"].items():
        names[key] = dict(faction["name"])
        if faction.get("text"):   # what the faction does, shown where it is chosen
            texts[key] = dict(faction["text"])
    for key, card in c.ENEMY_CARDS.items():
        names[key], texts[key] = dict(card["name"]), dict(card.get("text") or _both(""))
    for kind in c._BASIC["types"]:
        names[kind["type"]] = dict(kind["name"])
    return {"names": names, "texts": texts}


GLOSSARIES: Dict[str, Callable[[], dict]] = {
    "exile_sun": _exile_sun, "nexum": _nexum, "exsilium": _exsilium,
}


def glossary(game: str) -> dict:
    """{"names": {id: {lang: name}}, "texts": {id: {lang: text}}, "commands": {type: what
    it does, citing the rulebook}}; names and texts are empty for a game whose events name
    nothing by id (Exordium, tic-tac-toe)."""
    from shared.games.registry import get_game
    build = GLOSSARIES.get(game)
    found = build() if build else {"names": {}, "texts": {}}
    commands = {name: kind.doc for name, kind in get_game(game).vocabulary.commands.items() if kind.doc}
    return {**found, "commands": commands}
