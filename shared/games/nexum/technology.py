"""Asteroids and technology (Asteroids pp.5-9): capturing asteroids with Processing, their
hidden NEXUM crystals, and the three technology paths bought with crystals or energy."""
from __future__ import annotations

from collections import Counter
from itertools import combinations

from shared.games.api import IllegalCommand
from shared.games.nexum import board
from shared.games.nexum.components import TECHS, tech_before
from shared.games.nexum.exploration import recover
from shared.games.nexum.messages import MESSAGES
from shared.games.nexum.vocabulary import (ASTEROID_CAPTURED, ASTEROIDS_DISCARDED, CAPTURE,
                                           DISCARD_ASTEROIDS, RESEARCH, TECH_RESEARCHED)

refuse = MESSAGES.refuse
COST_WORDS = {"matching": "2 matching crystals", "non_matching": "2 non-matching crystals"}


def check_capture(state, faction: int, planet: str) -> None:
    if planet not in state.asteroids_on or board.holder(state, planet) != faction:
        refuse("no_asteroid", planet=planet)
    capacity = board.processing_capacity(state, faction)
    if len(state.loaded[faction]) >= capacity:
        refuse("no_processing", loaded=len(state.loaded[faction]), capacity=capacity)


def capture(tx, faction: int, planet: str) -> None:
    """The face-down marker is loaded: only its new owner sees its crystals."""
    check_capture(tx.state, faction, planet)
    tx.emit(ASTEROID_CAPTURED, faction=faction, planet=planet,
            asteroid=tx.state.next_asteroid, crystals=tx.state.asteroids_on[planet])


def _loaded(state, faction: int, ids) -> list:
    mine = dict(state.loaded[faction])
    for asteroid in ids:
        if asteroid not in mine:
            refuse("not_loaded", asteroid=asteroid)
    return [mine[a] for a in ids]


def discard(tx, faction: int, ids: list) -> None:
    state = tx.state
    if state.discarded_asteroids or state.captured_this_turn:
        refuse("discard_after_capture")
    _distinct(ids)
    crystals = _loaded(state, faction, sorted(ids))
    tx.emit(ASTEROIDS_DISCARDED, faction=faction, asteroids=sorted(ids), crystals=crystals)


def _distinct(ids) -> None:
    if len(set(ids)) != len(ids):
        refuse("asteroid_twice")


def pays(cost: str, crystals: list) -> bool:
    counts = Counter("".join(crystals))
    if cost == "matching":
        return any(n >= 2 for n in counts.values())
    return len(counts) >= 2


def check_research(state, faction: int, tech: str, ids: list) -> tuple:
    """(asteroid ids, their crystals, energy) that pay for `tech`; refuses otherwise."""
    if state.mode != "asteroids":
        refuse("tech_mode")
    card = TECHS[tech]
    if card["path"] == "exploration" and card["level"] > 1 and \
            not state.optional.get("exotic_exploration"):
        refuse("exotic_off", tech=tech)
    if state.researched:
        refuse("one_tech")
    if tech in state.techs[faction]:
        refuse("tech_owned", tech=tech)
    before = tech_before(tech)
    if before and before not in state.techs[faction]:
        refuse("tech_order", tech=tech, before=before)
    _distinct(ids)
    ids = sorted(ids)
    if card["cost"] == "energy":
        if ids:
            refuse("paid_in_energy", tech=tech)
        if card["energy"] > state.energy[faction]:
            refuse("energy", cost=card["energy"], energy=state.energy[faction])
        return [], [], card["energy"]
    if not board.processing_capacity(state, faction):
        # A Mining Sector's asteroid is loaded from the start, but usable "once they learn
        # the Processing Technology" (A p.15); any other asteroid needed Processing to load.
        refuse("processing_needed", tech=tech)
    crystals = _loaded(state, faction, ids)
    if not pays(card["cost"], crystals):
        refuse("tech_cost", tech=tech, cost=COST_WORDS[card["cost"]])
    return ids, crystals, 0


def research(tx, faction: int, command: dict) -> None:
    ids, crystals, energy = check_research(tx.state, faction, command["tech"],
                                           command["asteroids"])
    tx.emit(TECH_RESEARCHED, faction=faction, tech=command["tech"], asteroids=ids,
            crystals=crystals, energy=energy)
    if command["tech"] == "replicator_3":
        recover(tx, faction)


def legal_actions(state, faction: int) -> list:
    """Captures, discards and research open in any phase of the turn."""
    if state.mode != "asteroids":
        return []
    out = [CAPTURE(planet=p) for p in sorted(state.asteroids_on)
           if board.holder(state, p) == faction
           and len(state.loaded[faction]) < board.processing_capacity(state, faction)]
    ids = [a for a, _ in state.loaded[faction]]
    if ids and not (state.discarded_asteroids or state.captured_this_turn):
        out += [DISCARD_ASTEROIDS(asteroids=list(c)) for n in range(1, len(ids) + 1)
                for c in combinations(ids, n)]
    for tech in TECHS:
        for payment in ([[]] if TECHS[tech]["cost"] == "energy" else
                        [list(c) for n in range(1, len(ids) + 1)
                         for c in combinations(ids, n)]):
            try:
                check_research(state, faction, tech, payment)
            except IllegalCommand:
                continue
            out.append(RESEARCH(tech=tech, asteroids=payment))
    return out
