"""Nexum's authored components, loaded once from data/*.json (numbers are parameters)."""
from __future__ import annotations

import json
from pathlib import Path

_DATA = Path(__file__).with_name("data")


def _load(name: str) -> dict:
    with open(_DATA / name, encoding="utf-8") as handle:
        return json.load(handle)


_COMPONENTS = _load("components.json")
RULES = _COMPONENTS["rules"]
PHASE_CARDS = {name: tuple(phases) for name, phases in _COMPONENTS["phase_cards"].items()}
RELIC_TYPES = tuple(_COMPONENTS["relics"])
EVENT_KINDS = tuple(_COMPONENTS["event_kinds"])
CARDS = {card["id"]: card for card in _COMPONENTS["event_cards"]}
CORE_CARDS = tuple(sorted(c for c, card in CARDS.items() if card["set"] == "core"))
ALL_CARDS = tuple(sorted(CARDS))
ASTEROIDS = tuple(sorted(_COMPONENTS["asteroids"]))
TECHS = {tech["name"]: tech for tech in _COMPONENTS["techs"]}
SECTORS = _load("sectors.json")["sectors"]
CRYSTAL_COLOURS = ("B", "G", "Y")


def tech_before(name: str):
    """The tech of the same path one level lower (None at level 1): it must be owned first."""
    tech = TECHS[name]
    return next((t for t, other in TECHS.items()
                 if other["path"] == tech["path"] and other["level"] == tech["level"] - 1), None)
