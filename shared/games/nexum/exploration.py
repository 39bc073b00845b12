"""Exploration and Controlled Exploration (Asteroids p.9): a ship with no relic pays 3
energy and draws event cards until its owner stops; the last card's letter names the exotic
system found. A Black Hole, or a disk already in play, loses the ship for good; otherwise the
system is placed (Exploration: away from planetary systems, touching the exotic systems
already explored; Controlled Exploration: anywhere), asteroids go on its planets and the
explorer lands on one of them."""
from __future__ import annotations

from shared.games.api import IllegalCommand
from shared.games.nexum import board, exotic
from shared.games.nexum.components import CARDS
from shared.games.nexum.deck import draw_cards
from shared.games.nexum.messages import MESSAGES
from shared.games.nexum.movement import movable
from shared.games.nexum.state import relics_with
from shared.games.nexum.vocabulary import (END_EXPLORATION, EXOTIC_ASTEROIDS_PLACED,
                                           EXOTIC_SYSTEM_PLACED, EXPLORATION_CARD_DRAWN,
                                           EXPLORATION_FAILED, EXPLORATION_STARTED, EXPLORE,
                                           EXTEND_EXPLORATION, SHIPS_RECOVERED)

refuse = MESSAGES.refuse


def cost(state) -> int:
    return exotic.RULES["exploration_cost"]


def can_explore(state, faction: int) -> bool:
    return board.has_tech(state, faction, "exploration") or \
        board.has_tech(state, faction, "controlled_exploration")


def check_explore(state, faction: int, origin: str) -> None:
    if state.phases[0] != "movement":
        refuse("not_in_phase", phase="movement", current=state.phases[0])
    if not can_explore(state, faction):
        refuse("needs_tech", tech="exploration")
    if origin not in board.places(state) or \
            movable(state, faction, origin) - len(relics_with(state, origin, faction)) < 1:
        refuse("no_explorer", place=origin)
    letter = board.system_of(origin)
    if exotic.is_trap(letter):
        refuse("trapped", system=letter.upper(), name=exotic.disk(letter)["name"])
    if board.is_star(origin) and exotic.has(letter, "giant"):
        refuse("giant_field")
    if cost(state) > state.energy[faction]:
        refuse("energy", cost=cost(state), energy=state.energy[faction])


def explore(tx, faction: int, origin: str) -> None:
    check_explore(tx.state, faction, origin)
    tx.emit(EXPLORATION_STARTED, faction=faction, origin=origin,
            controlled=board.has_tech(tx.state, faction, "controlled_exploration"))
    _draw(tx, faction)


def _draw(tx, faction: int) -> None:
    cards = draw_cards(tx, 1)
    tx.emit(EXPLORATION_CARD_DRAWN, faction=faction, card=cards[0] if cards else None,
            cost=cost(tx.state))


def extend(tx, faction: int) -> None:
    if cost(tx.state) > tx.state.energy[faction]:
        refuse("energy", cost=cost(tx.state), energy=tx.state.energy[faction])
    _draw(tx, faction)


def found(state):
    """The exotic system the exploration's last card names, to be placed (None: a failed
    exploration, its disk already in play). The Black Hole is placed too, though its
    explorer is lost: its gravitational bridge (A p.11) works only with the disk in play."""
    card = state.exploring[2]
    if card is None:
        return None
    letter = CARDS[card]["letter"].lower()
    return letter if exotic.available(state, letter) else None


def allowed_links(state, controlled: bool) -> tuple:
    """(systems the new one may touch, systems it must touch one of)."""
    explored = [s for s in state.systems if exotic.is_exotic(s)]
    transit = [board.disk_of(state)] if board.disk_of(state) else []
    if controlled:
        return sorted(state.systems) + transit, []
    return explored + transit, explored


def check_end(state, faction: int, links: list, planet: str) -> None:
    letter = found(state)
    if letter is None:
        if links or planet:
            refuse("exploration_failed_nothing_to_place")
        return
    may, must = allowed_links(state, state.exploring[3])
    if len(set(links)) != len(links) or len(links) > exotic.RULES["max_links"]:
        refuse("exotic_links", most=exotic.RULES["max_links"])
    for system in links:
        if system not in may:
            refuse("exotic_link_where", system=system, rule=_link_rule(state.exploring[3]))
    if must and not set(links) & set(must):
        refuse("exotic_link_needed", systems=", ".join(must))
    for system in links:  # a hex disk touches at most 6 others: the new one's too
        if len(state.links.get(system, ())) + 1 > exotic.RULES["max_links"]:
            refuse("exotic_link_full", system=system, most=exotic.RULES["max_links"])
    if planet not in landings(letter):
        refuse("exotic_landing", planet=planet or "(none)",
               places=", ".join(p or "none" for p in landings(letter)))


def _link_rule(controlled: bool) -> str:
    return ("Controlled Exploration places it anywhere" if controlled else
            "Exploration may not place it next to a planetary system")


def landings(letter: str) -> list:
    """Where the explorer may land: nowhere ("") at the Black Hole, which destroys it."""
    return [""] if exotic.has(letter, "black_hole") else landing_places(letter)


def landing_places(letter: str) -> list:
    disk = exotic.disk(letter)
    if disk.get("wormhole"):
        return [board.EXOTIC_WORMHOLE]
    return [f"{letter}{n}" for n in range(1, len(disk["sizes"]) + 1)]


def end(tx, faction: int, links: list, planet: str) -> None:
    state = tx.state
    check_end(state, faction, links, planet)
    letter = found(state)
    card = state.exploring[2]
    if letter is None:
        kind = card and CARDS[card]["letter"].lower()
        recovered = board.has_tech(state, faction, "replicator_3")
        tx.emit(EXPLORATION_FAILED, faction=faction, card=card, lost=0 if recovered else 1,
                reason="black_hole" if kind and exotic.has(kind, "black_hole") else "unavailable")
        return
    disk = exotic.disk(letter)
    black_hole = exotic.has(letter, "black_hole")
    tx.emit(EXOTIC_SYSTEM_PLACED, faction=faction, system=letter, card=card,
            sizes=list(disk["sizes"]), links=sorted(links), planet=None if black_hole else planet)
    if black_hole:  # "The explorer ship is destroyed, and it doesn't return to the reserve!"
        recovered = board.has_tech(state, faction, "replicator_3")
        tx.emit(EXPLORATION_FAILED, faction=faction, card=None, lost=0 if recovered else 1,
                reason="black_hole")
        return
    planets = [p for p in landing_places(letter) if board.is_planet(p)]
    markers = sorted(tx.state.pool)
    tx.rng.shuffle(markers)
    if planets and markers:  # face down: nobody knows their crystals (view.py)
        tx.emit(EXOTIC_ASTEROIDS_PLACED, planets=dict(zip(planets, markers)))


def recover(tx, faction: int) -> None:
    """Replicator III "also allows you to recover ships destroyed by black holes and by
    Failed Exploration" (Asteroids p.7)."""
    if tx.state.lost and tx.state.lost[faction]:
        tx.emit(SHIPS_RECOVERED, faction=faction, count=tx.state.lost[faction])


def legal_actions(state, faction: int) -> list:
    """Exploring in the Movement phase; while exploring, only extending or ending it (with
    a few link choices: none, or each single system allowed; others are accepted too)."""
    if state.exploring:
        out = [EXTEND_EXPLORATION()] if cost(state) <= state.energy[faction] else []
        letter = found(state)
        if letter is None:
            return out + [END_EXPLORATION(links=[], planet="")]
        may, must = allowed_links(state, state.exploring[3])
        room = [s for s in may if len(state.links.get(s, ())) < exotic.RULES["max_links"]]
        choices = ([] if must else [[]]) + [[s] for s in room if not must or s in must]
        return out + [END_EXPLORATION(links=links, planet=p) for links in choices
                      for p in landings(letter)]
    if state.mode != "asteroids" or not state.phases or state.phases[0] != "movement" \
            or not can_explore(state, faction):
        return []
    out = []
    for origin in board.places(state):
        try:
            check_explore(state, faction, origin)
        except IllegalCommand:
            continue
        out.append(EXPLORE(origin=origin))
    return out
