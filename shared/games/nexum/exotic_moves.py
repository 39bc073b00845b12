"""How exotic systems change movement (Asteroids pp.10-12): traps that keep ships in, the
Neutron and Giant Stars, the Wormhole's two linked ends, and the Quantic Instability."""
from __future__ import annotations

from shared.games.nexum import board, exotic
from shared.games.nexum.components import CARDS
from shared.games.nexum.deck import draw_cards
from shared.games.nexum.effects import apply_kind
from shared.games.nexum.messages import MESSAGES
from shared.games.nexum.vocabulary import QUANTIC_CARDS_DRAWN, WORMHOLE_CROSSED

refuse = MESSAGES.refuse


def check_leaving(state, origin: str, to: str) -> None:
    """Magnetic Star (D) and Dark System (L): "No ships can escape this system during the
    game"; Giant Star (J): its ships cannot "abandon its gravitational field" (they may only
    go down to the planets of J)."""
    here, there = board.system_of(origin), board.system_of(to)
    if here != there and exotic.is_trap(here):
        refuse("trapped", system=here.upper(), name=exotic.disk(here)["name"])
    if board.is_star(origin) and exotic.has(here, "giant") and not (
            here == there and board.is_planet(to)):
        refuse("giant_field")


def check_star_entry(state, faction: int, origin: str, star: str) -> None:
    """Neutron Stars (A, G) cannot be occupied; the Giant Star (J) held by another faction
    can be attacked, but only from one of J's planets."""
    letter = star[0]
    if exotic.has(letter, "neutron"):
        refuse("neutron_star")
    owner = board.holder(state, star)
    if exotic.has(letter, "giant") and owner not in (None, faction) and not (
            board.system_of(origin) == letter and board.is_planet(origin)):
        refuse("giant_attack")


def defender_at(state, to: str):
    """Whoever an arriving fleet must fight: the holder of the planet or star ("battle
    victories on planets and stars", Asteroids p.10); the disks hold no fights."""
    if board.is_planet(to) or board.is_star(to):
        return board.holder(state, to)
    return None


def wormhole_active(state) -> bool:
    """Once the Wormhole (I) is discovered, the Asteroid Cloud is flipped into its twin."""
    return board.EXOTIC_WORMHOLE in state.systems and board.disk_of(state) is not None


def through_wormhole(tx, faction: int, to: str, ships: int, relics) -> str:
    """A fleet entering one end of the linked Wormholes "automatically travels to the other
    one" (Asteroids p.11); returns where the fleet now is. At a multi-battle table the
    sector's disk is already the Wormhole to the other tables: I is "a one-way bridge to the
    initial Wormhole of your game" (p.18), entered from I only."""
    if not wormhole_active(tx.state) or to == board.WORMHOLE:
        return to
    disk = board.disk_of(tx.state)
    other = disk if to == board.EXOTIC_WORMHOLE else board.EXOTIC_WORMHOLE
    tx.emit(WORMHOLE_CROSSED, faction=faction, origin=to, to=other, ships=ships,
            relics=list(relics))
    return other


def quantic_instability(tx, to: str) -> None:
    """Exotic System B: two event cards for every fleet entering; the first card's number
    picks the planets (both planets with that number; 3: nothing happens); the second
    card's kind is the event that takes place there (authored: the "hex panel formed
    between them" is a picture we do not have)."""
    letter = board.system_of(to)
    if not exotic.has(letter, "quantic"):
        return
    cards = draw_cards(tx, exotic.RULES["quantic_cards"])
    if len(cards) < 2:
        return
    number, kind = CARDS[cards[0]]["planet"], CARDS[cards[1]]["kind"]
    planets = [p for p in board.planets_of(tx.state, letter) if exotic.number_of(p) == number]
    tx.emit(QUANTIC_CARDS_DRAWN, system=letter, cards=cards, kind=kind, planets=planets)
    for planet in planets:
        if planet in board.planets_of(tx.state, letter):
            apply_kind(tx, planet, kind)
