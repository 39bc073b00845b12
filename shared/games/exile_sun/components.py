"""Exile Sun's components, loaded from the AUTHORED data files in data/ (GAMES.md, Exile Sun).

The rulebook lost its pictures: the map, card faces and token counts it does not state are
designed by us within every number the text does state; RULES_NOTES.md lists each choice.
"""
import json
from pathlib import Path

_DATA = Path(__file__).with_name("data")


def _load(name):
    with open(_DATA / name, encoding="utf-8") as handle:
        return json.load(handle)


# The map a new match is set up on, and the first one (kept so that a match set up before the
# map grew still replays as it was played: its GameSetUp names no map).
MAPS = {"deep": _load("map.json"), "compact": _load("map_compact.json")}
CURRENT_MAP, FIRST_MAP = "deep", "compact"
# The edition of our rules and authored components a match is set up under, written in its
# GameSetUp: raised whenever a change makes an earlier log re-execute differently (a log
# folds as it was played, from its events, but its commands decided again today would not
# give its events). A log without it was set up before editions were written (edition 1).
# 2: Foothold and Destroy a Heavy fleet pay 1 VP; 3: Rout the Opposition pays 1 VP
# (RULES_NOTES.md, Agendas).
EDITION = 3
SHIPS = _load("ships.json")
CARDS = _load("cards.json")

SHIP_CLASSES = SHIPS["classes"]
TOKEN_SHIPS = SHIPS["tokens"]["ships"]          # ships a fleet token stands for
SUPPLY = SHIPS["tokens"]["supply"]              # tokens per colony
SCOUTS_PER_GROUP = SHIPS["tokens"]["scouts_per_group"]
FUEL_PER_FLEET = SHIPS["fuel_points_per_fleet"]
MAX_PER_COLUMN = SHIPS["max_tactics_per_column"]
MOVES = SHIPS["moves_per_fleet"]
SCAN_NEEDS = {int(k): v for k, v in SHIPS["scan"].items()}   # distance -> lowest roll

INITIATIVE = {int(k): v for k, v in CARDS["initiative"].items()}
TWO_PLAYER_REMOVED = tuple(int(k) for k in CARDS["two_player_removed_initiative"])
COLONIES = CARDS["colonies"]
TECH = CARDS["tech"]
COLONIAL_STACKS = tuple(k for k, v in TECH.items() if v.get("colonial"))
AGENDAS = {a["key"]: a for a in CARDS["agendas"]}
SYSTEM_TILES = tuple(MAPS[CURRENT_MAP]["system_tiles"])
CATEGORIES = ("overhead", "fuel", "ships", "tech")
TECH_HAND_LIMIT = 6
AGENDA_HAND = 2


def ship_class(card_id: str) -> str:
    """`cruiser-3` -> `cruiser`."""
    return card_id.rsplit("-", 1)[0]


def circles(card_id: str) -> tuple:
    return tuple(SHIP_CLASSES[ship_class(card_id)]["circles"])


def colour_ships() -> dict:
    """One colour's 25 ship cards by starting deck: storage, overhead, reserve."""
    decks = {"storage": [], "overhead": [], "reserve": []}
    for name, spec in SHIP_CLASSES.items():
        decks[spec["deck"]] += [f"{name}-{i}" for i in range(1, spec["count"] + 1)]
    return {k: tuple(sorted(v)) for k, v in decks.items()}


def tech_kind(card_id: str) -> str:
    """`power_cells-2` -> `power_cells`."""
    return card_id.rsplit("-", 1)[0]


def tech_effect(card_id: str) -> dict:
    return TECH[tech_kind(card_id)]


def colonial_stack(kind: str) -> tuple:
    return tuple(f"{kind}-{i}" for i in range(1, TECH[kind]["colonial"] + 1))


def regular_tech() -> tuple:
    return tuple(f"{k}-{i}" for k, v in TECH.items() for i in range(1, v.get("regular", 0) + 1))


def agenda_kind(card_id: str) -> dict:
    return AGENDAS[card_id.rsplit("-", 1)[0]]


def agenda_deck(players: int) -> dict:
    """Agenda cards by colour; the two-player game removes the cards marked for it."""
    deck = {"red": [], "yellow": []}
    for key, spec in AGENDAS.items():
        if players == 2 and spec.get("not_in_two_player"):
            continue
        deck[spec["colour"]] += [f"{key}-{i}" for i in range(1, spec["count"] + 1)]
    return {k: tuple(v) for k, v in deck.items()}


def initiative_cards(players: int) -> tuple:
    return tuple(n for n in sorted(INITIATIVE) if not (players == 2 and n in TWO_PLAYER_REMOVED))
