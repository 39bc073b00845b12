"""Exotic systems A-L (Asteroids pp.10-12): what each disk is and how it bends the map's rules.

An exotic system in play is a system whose key is its letter in lower case ("b" is Exotic
System B; "b3" its third planet, "b*" its star, "h**" the Binary Star's second star), so it
never collides with a planetary system of the same letter. The Wormhole (I) is a single place
"i", like the Asteroid Cloud (which is Exotic System C, in play from the setup). The disks'
planets are authored (data/exotics.json); their rules are the book's.
"""
from __future__ import annotations

import json
from collections import deque
from pathlib import Path

WORMHOLE = "i"
CLOUD = "cloud"

with open(Path(__file__).with_name("data") / "exotics.json", encoding="utf-8") as _handle:
    _DATA = json.load(_handle)
EXOTICS = _DATA["exotics"]
RULES = _DATA["rules"]


def is_exotic(letter: str) -> bool:
    return len(letter) == 1 and letter.islower()


def disk(letter: str) -> dict:
    """The data of an exotic system's disk ({} for a planetary system)."""
    return EXOTICS.get(letter.upper(), {}) if is_exotic(letter) else {}


def in_play(state) -> list:
    """The exotic systems on the map (the Asteroid Cloud counts as C while it is there)."""
    out = sorted(k for k in state.systems if is_exotic(k))
    return out + (["c"] if CLOUD in state.links or "wormhole" in state.links else [])


def available(state, letter: str) -> bool:
    """An exotic system can be discovered only if its disk is not already in play."""
    return letter.lower() not in in_play(state)


def stars_of(state, letter: str) -> list:
    """The stars of a system: one for a planetary system, 0-2 for an exotic disk."""
    if not is_exotic(letter):
        return [f"{letter}*"]
    return [f"{letter}{'*' * (n + 1)}" for n in range(disk(letter).get("stars", 0))]


def number_of(planet: str) -> int:
    """The number printed on a planet (what event cards point at)."""
    letter, index = planet[0], int(planet[1:])
    return disk(letter)["numbers"][index - 1] if is_exotic(letter) else index


def has(letter: str, rule: str) -> bool:
    return bool(disk(letter).get(rule))


def is_trap(letter: str) -> bool:
    """Magnetic Star (D) and Dark System (L): no ship can leave, not even cloaked."""
    return has(letter, "trap")


def neutron_bonus(letter: str) -> int:
    """Neutron Stars (A, G): their planets always have +1 defence."""
    return RULES["neutron_defence"] if has(letter, "neutron") else 0


def binary_threshold(live: int) -> int:
    """Binary Star (H): "at least half of the System's planets, rounding down" (never 0)."""
    return max(1, live // 2)


def bridge_discount(state, here: str, there: str, adjacent: bool) -> int:
    """Gravitational bridges: Black Hole (F) and Dark System (L) take 1 energy off moves
    between two systems both adjacent to them; L's only between systems adjacent to each
    other. A No Movement marker on one of the bridge's planets switches it off."""
    for letter in in_play(state):
        kind = disk(letter).get("bridge")
        if not kind or (kind == "adjacent" and not adjacent):
            continue
        around = state.links.get(letter, ())
        if here in around and there in around and not _marked(state, letter):
            return RULES["bridge_discount"]
    return 0


def black_hole_bridges(state, here: str, there: str) -> bool:
    """Whether a Black Hole links two systems it touches (a jump without Hyperspace)."""
    return any(disk(letter).get("bridge") == "any" and here in state.links.get(letter, ())
               and there in state.links.get(letter, ()) for letter in in_play(state))


def _marked(state, letter: str) -> bool:
    prefix = letter
    return any(place[0] == prefix and count for place, count in state.no_move.items())


def distance_to_tann(state, letter: str) -> int:
    """Steps from a system to the nearest Tann system in use (large when unreachable)."""
    seen, todo = {letter: 0}, deque([letter])
    while todo:
        here = todo.popleft()
        if here in state.tann:
            return seen[here]
        for there in state.links.get(here, ()):
            if there not in seen:
                seen[there] = seen[here] + 1
                todo.append(there)
    return 99


def distance_from(state, origin: str, letter: str) -> int:
    """Steps between two systems over adjacency (large when unreachable)."""
    seen, todo = {origin: 0}, deque([origin])
    while todo:
        here = todo.popleft()
        if here == letter:
            return seen[here]
        for there in state.links.get(here, ()):
            if there not in seen:
                seen[there] = seen[here] + 1
                todo.append(there)
    return 99
