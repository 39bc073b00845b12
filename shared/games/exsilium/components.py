"""Exsilium's components, loaded from the AUTHORED data files in data/ (GAMES.md, Exsilium).

The rulebook lost its pictures: tiles, layouts and card faces are designed by us within every
number the text states. Each data file says it is authored; RULES_NOTES.md lists the choices.
"""
import json
from pathlib import Path

_DATA = Path(__file__).with_name("data")


def _load(name):
    with open(_DATA / name, encoding="utf-8") as handle:
        return json.load(handle)


TILES_DATA = _load("tiles.json")
TILES = TILES_DATA["tiles"]
STARTING_TILES = tuple(TILES_DATA["starting"])
TERRAIN_EFFECTS = TILES_DATA["terrain_effects"]
SCENARIOS = _load("scenarios.json")["scenarios"]
_BASIC = _load("basic_cards.json")
_UPGRADED = _load("upgraded_cards.json")["cards"]
ENEMY_CARDS = {card["key"]: card for card in _load("enemy_cards.json")["cards"]}
RULES = _load("rules_data.json")

FACTIONS = tuple(RULES["factions"])           # syl, keber, vinsan, wardun
RELEASE = {f: RULES["factions"][f]["release"] for f in FACTIONS}
OUTCOME_DECK = tuple(RULES["outcome"])
BARALYTAS_DECK = tuple(RULES["baralytas"])
MAX_BARALYTAS = RULES["max_baralytas"]
GOALS = {int(k): v for k, v in RULES["goal"].items()}
FACTION_TOKENS = RULES["faction_tokens"]
TERMINAL_TOKENS = RULES["terminal_tokens"]
NEWARU_COUNT = RULES["newaru"]
VINSAN_HOLES = RULES["vinsan_holes"]
MINIATURES = 4
HAND_SIZE = 4
ABILITY_SLOTS = 2
LEVELS = ("basic", "intermediate", "advanced")
BASIC_TYPES = tuple(t["type"] for t in _BASIC["types"])


def _basic_cards():
    """The 48 basic cards: 3 of each of the 4 types for each of 4 players (ids p<seat>-<type>-<n>)."""
    out = {}
    for seat in range(4):
        for kind in _BASIC["types"]:
            for n in range(_BASIC["copies_per_player"]):
                out[f"p{seat}-{kind['type']}-{n}"] = {
                    "key": kind["type"], "type": kind["type"], "name": kind["name"], "cost": 0,
                    "strength": kind["strength"], "secondary": kind["secondary"],
                    "action": {"kind": "none"}, "basic": True}
    return out


def _upgraded_cards():
    """The 114 upgraded cards, one id per physical card (u000-u113)."""
    out, n = {}, 0
    for card in _UPGRADED:
        for _ in range(card["copies"]):
            out[f"u{n:03d}"] = {**card, "basic": False}
            n += 1
    return out


BASIC_CARDS = _basic_cards()
UPGRADED_CARDS = _upgraded_cards()
CARDS = {**BASIC_CARDS, **UPGRADED_CARDS}


def card(card_id):
    """The definition of one physical card."""
    return CARDS[card_id]


def basic_deck(seat):
    """The 12 basic cards dealt to a seat."""
    return tuple(sorted(cid for cid in BASIC_CARDS if cid.startswith(f"p{seat}-")))


def strength(card_id):
    return CARDS[card_id]["strength"]


def kind_of(card_id):
    """The action keyword of a card ('none' for basic cards)."""
    return CARDS[card_id]["action"]["kind"]


def usable_by(card_id, faction):
    """Faction-type cards' actions can only be used by a player of that faction."""
    typ = CARDS[card_id]["type"]
    return typ not in FACTIONS or typ == faction


def usable_cards(cards, faction):
    """The cards a player of `faction` may use at all: to move, to pay or in combat."""
    return tuple(c for c in cards if usable_by(c, faction))


def level_for(points):
    """Enemy action level by the player's Baralytas points (rulebook, What action must be revealed?)."""
    if points <= 3:
        return "basic"
    return "intermediate" if points <= 7 else "advanced"
