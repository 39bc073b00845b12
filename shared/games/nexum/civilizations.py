"""Civilization cards (Asteroids p.13, optional): each seat plays one of four asymmetrical
civilizations, chosen in reverse turn order before the first round. Its 1st Generation skill
is known from the start; it may evolve once to the 2nd Generation (2 crystals of its colour,
or 4 asteroids for the Clonyx). A skill is used at most once per turn, in any phase of the
turn, and with the 2nd Generation the owner picks which generation to use that turn.

Passive effects that act outside their owner's turn are always on: the Psycon are not hit
by Ionized atmosphere events; the Gnomicon foresee the first and last cards of each Action
Row (deck.py keeps those cards as the deck's next ones).
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from shared.games.api import IllegalCommand
from shared.games.nexum import board
from shared.games.nexum.deck import draw_cards, top_of
from shared.games.nexum.messages import MESSAGES
from shared.games.nexum.state import relics_with, ships_at
from shared.games.nexum.vocabulary import (CHOOSE_CIVILIZATION, CIVILIZATION_CHOSEN,
                                           CIVILIZATION_EVOLVED, DECK_TOP_SEEN,
                                           EVOLVE_CIVILIZATION, MARKERS_REMOVED,
                                           PLANET_REVIVED, SHIPS_DESTROYED, SKILL_USED,
                                           USE_SKILL)

refuse = MESSAGES.refuse
with open(Path(__file__).with_name("data") / "civilizations.json", encoding="utf-8") as _h:
    CIVS = json.load(_h)["civilizations"]
SKILLS = {skill: (civ, generation) for civ, card in CIVS.items()
          for generation in (1, 2) for skill in card[f"generation_{generation}"]["skills"]}


def civ_of(state, faction: int):
    return state.civs[faction] if state.civs else None


def is_civ(state, faction: int, civ: str) -> bool:
    return civ_of(state, faction) == civ


# --- choosing ----------------------------------------------------------------------------


def left_to_choose(state) -> list:
    taken = {c for c in state.civs if c}
    return [c for c in CIVS if c not in taken]


def choose(tx, faction: int, civ: str) -> None:
    if civ not in left_to_choose(tx.state):
        refuse("civ_taken", civ=civ)
    tx.emit(CIVILIZATION_CHOSEN, faction=faction, civ=civ, queue=list(tx.state.queue[1:]))


# --- evolving ----------------------------------------------------------------------------


def check_evolve(state, faction: int, ids: list):
    civ = civ_of(state, faction)
    if civ is None:
        refuse("no_civ")
    if state.generation[faction] >= 2:
        refuse("civ_evolved")
    if len(set(ids)) != len(ids):
        refuse("asteroid_twice")
    mine = dict(state.loaded[faction])
    for asteroid in ids:
        if asteroid not in mine:
            refuse("not_loaded", asteroid=asteroid)
    crystals = [mine[a] for a in sorted(ids)]
    card = CIVS[civ]
    if "asteroids" in card["evolve"]:
        if len(ids) < card["evolve"]["asteroids"]:
            refuse("civ_cost", civ=civ, cost=f"{card['evolve']['asteroids']} asteroids")
    elif Counter("".join(crystals))[card["colour"]] < card["evolve"]["crystals"]:
        refuse("civ_cost", civ=civ, cost=f"{card['evolve']['crystals']} {card['colour']} crystals")
    return sorted(ids), crystals


def evolve_civ(tx, faction: int, ids: list) -> None:
    ids, crystals = check_evolve(tx.state, faction, ids)
    tx.emit(CIVILIZATION_EVOLVED, faction=faction, asteroids=ids, crystals=crystals)


# --- skills ------------------------------------------------------------------------------


def check_skill(state, faction: int, skill: str, target: str) -> None:
    civ, generation = SKILLS[skill]
    if civ_of(state, faction) != civ:
        refuse("civ_skill", skill=skill, civ=civ)
    if generation > state.generation[faction]:
        refuse("civ_generation", skill=skill)
    if state.skill:
        refuse("skill_once")
    _CHECKS[skill](state, faction, target)


def _needs_ship(state, faction, target):
    if not board.is_planet(target) or ships_at(state, target, faction) < 1:
        refuse("skill_target", target=target or "(none)", why="you need a ship on that planet")


def _reachable(state, faction, target):
    if not board.is_planet(target) or target not in board.places(state):
        refuse("skill_target", target=target or "(none)", why="it is not a planet in play")
    if ships_at(state, target, faction):
        return
    if not any(board.step_cost(state, faction, p, target) is not None
               for p, here in state.ships.items() if faction in here):
        refuse("skill_target", target=target, why="you can neither be there nor reach it")


def _no_target(state, faction, target):
    if target:
        refuse("skill_target", target=target, why="this skill takes no target")


def _markers(kind):
    def check(state, faction, target):
        (_needs_ship if kind == "no_management" else _reachable)(state, faction, target)
        if not (state.no_manage if kind == "no_management" else state.no_move).get(target):
            refuse("skill_target", target=target, why="there is no such marker there")
    return check


def _revive(state, faction, target):
    _needs_ship(state, faction, target)
    if target not in state.dead:
        refuse("skill_target", target=target, why="it is not a dead planet")


def _affinity(state, faction, target):
    if not relics_with(state, target, faction):
        refuse("skill_target", target=target or "(none)", why="none of your relics is there")


_CHECKS = {"de_ionizing": _reachable, "overcharge": _no_target,
           "regenerator_1": _markers("no_management"), "regenerator_2": _markers("no_movement"),
           "revive": _revive, "invulnerable": _no_target, "nexum_affinity": _affinity,
           "seer": _no_target}


def use(tx, faction: int, skill: str, target: str) -> None:
    check_skill(tx.state, faction, skill, target)
    state = tx.state
    energy = state.energy[faction]
    if skill == "overcharge":
        energy = min(board.energy_cap(state, faction),
                     energy + CIVS["psycon"]["generation_2"]["energy"])
    tx.emit(SKILL_USED, faction=faction, skill=skill, target=target, energy=energy)
    if skill in ("regenerator_1", "regenerator_2"):
        tx.emit(MARKERS_REMOVED, planet=target,
                kind="no_management" if skill == "regenerator_1" else "no_movement")
    elif skill == "revive":
        tx.emit(SHIPS_DESTROYED, place=target, faction=faction, count=1, reason="sacrifice",
                dropped=[])
        plunder = board.size_of(state, target) if target in state.won_this_turn else 0
        tx.emit(PLANET_REVIVED, planet=target, faction=faction,
                energy=min(board.energy_cap(state, faction), energy + plunder))
    elif skill == "seer":
        seen = draw_cards(tx, 3)
        tx.emit(DECK_TOP_SEEN, faction=faction, cards=seen, shown=list(range(len(seen))))


def foresee(tx) -> None:
    """Gnomicon 1st Generation, WISE: "you may secretly look at the first and last cards of
    each Action Row" (read: before the phase cards are chosen, so that it matters: the row
    is face up for everybody once drawn). The row's cards are kept as the deck's next."""
    state = tx.state
    seer = next((f for f in range(state.seats) if is_civ(state, f, "gnomicon")), None)
    if seer is None or top_of(state) or not state.deck and not state.discard:
        return
    cards = draw_cards(tx, state.rules["action_row"])
    if cards:
        tx.emit(DECK_TOP_SEEN, faction=seer, cards=cards,
                shown=sorted({0, len(cards) - 1}))


def legal_actions(state, faction: int) -> list:
    civ = civ_of(state, faction)
    if civ is None:
        return []
    out = []
    if state.generation[faction] < 2:
        ids = [a for a, _ in state.loaded[faction]]
        try:
            check_evolve(state, faction, ids)
            out.append(EVOLVE_CIVILIZATION(asteroids=ids))
        except IllegalCommand:
            pass
    targets = [""] + sorted(p for p in board.places(state) if board.is_planet(p))
    for skill, (owner, _) in SKILLS.items():
        if owner != civ:
            continue
        for target in targets:
            try:
                check_skill(state, faction, skill, target)
            except IllegalCommand:
                continue
            out.append(USE_SKILL(skill=skill, target=target))
    return out


def choices(state, faction: int) -> list:
    return [CHOOSE_CIVILIZATION(civ=c) for c in left_to_choose(state)]
