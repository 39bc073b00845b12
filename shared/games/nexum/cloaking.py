"""Cloaking (Asteroids p.9): for 15 energy a ship carrying a relic hides, with its relic, on
the planet an event card from its owner's hand names (the card face down: only the owner
knows where). A cloaked ship cannot move, plunder, extract nor replicate; it shows itself
when its owner wants, during their turn, or when an enemy (the AI too) is about to occupy
its planet: then the arriving attack must beat it, or the ships that came are lost."""
from __future__ import annotations

from shared.games.api import IllegalCommand
from shared.games.nexum import board, exotic
from shared.games.nexum.components import CARDS
from shared.games.nexum.cloak_reveal import cloaked_of, reveal
from shared.games.nexum.effects import by_priority
from shared.games.nexum.messages import MESSAGES
from shared.games.nexum.state import relics_with, ships_at
from shared.games.nexum.vocabulary import CLOAK, SHIP_CLOAKED, UNCLOAK

refuse = MESSAGES.refuse


def target(state, faction: int, card: str):
    """The planet a card designates for this faction: its planet in the planetary system of
    its letter and every planet with its number in the exotic system of that letter; when
    several match, "the one closer to your own Tann System"."""
    letter, number = CARDS[card]["letter"], CARDS[card]["planet"]
    matches = [p for p in board.planets_of(state, letter) if int(p[1:]) == number] \
        if letter in state.systems else []
    odd = letter.lower()
    if odd in state.systems:
        matches += [p for p in board.planets_of(state, odd) if exotic.number_of(p) == number]
    if not matches:
        return None
    home = state.tann[faction]
    return min(matches, key=lambda p: (exotic.distance_from(state, home, p[0]), p))


def check_cloak(state, faction: int, origin: str, card: str) -> tuple:
    """(planet, relic) of a legal cloaking; raises the broken rule otherwise."""
    if state.seats == 1:
        refuse("cloak_solo")
    if not board.has_tech(state, faction, "cloaking"):
        refuse("needs_tech", tech="cloaking")
    if card not in state.hands[faction]:
        refuse("no_such_card", card=card)
    carried = by_priority(relics_with(state, origin, faction))
    if not carried or ships_at(state, origin, faction) < 1:
        refuse("cloak_relic", place=origin)
    planet = target(state, faction, card)
    if planet is None:
        refuse("cloak_where", card=card, why="no such planet is in play")
    if planet[0] == state.tann[faction]:
        refuse("cloak_where", card=card, why=f"{planet} is in your own Tann system")
    if board.holder(state, planet) not in (None, faction):
        refuse("cloak_where", card=card, why=f"there are enemy ships on {planet}")
    if board.system_of(origin) != planet[0] and exotic.is_trap(board.system_of(origin)):
        letter = board.system_of(origin)
        refuse("trapped", system=letter.upper(), name=exotic.disk(letter)["name"])
    if any(place[0] == planet[0] for place, _, _ in cloaked_of(state, faction)):
        refuse("cloak_one")
    cost = exotic.RULES["cloak_cost"]
    if cost > state.energy[faction]:
        refuse("energy", cost=cost, energy=state.energy[faction])
    return planet, carried[0]


def cloak(tx, faction: int, origin: str, card: str) -> None:
    planet, relic = check_cloak(tx.state, faction, origin, card)
    tx.emit(SHIP_CLOAKED, faction=faction, origin=origin, relic=relic, card=card,
            place=planet, cost=exotic.RULES["cloak_cost"])


def uncloak(tx, faction: int, place: str) -> None:
    if not any(p == place for p, _, _ in cloaked_of(tx.state, faction)):
        refuse("no_cloaked", place=place)
    reveal(tx, faction, place, "chosen")


def legal_actions(state, faction: int) -> list:
    """Uncloaking any cloaked ship; cloaking every relic carrier with every card in hand."""
    out = [UNCLOAK(place=p) for p, _, _ in cloaked_of(state, faction)]
    if not board.has_tech(state, faction, "cloaking") or state.seats == 1:
        return out
    for origin in sorted(state.carried):
        for card in sorted(set(state.hands[faction])):
            try:
                check_cloak(state, faction, origin, card)
            except IllegalCommand:
                continue
            out.append(CLOAK(origin=origin, card=card))
    return out
