"""Consequences shared by battles, events and the AI: ships lost, stars lost, relics picked
up, and the event cards' effects on planets."""
from __future__ import annotations

from shared.games.nexum import board
from shared.games.nexum.components import CARDS, RELIC_TYPES
from shared.games.nexum.state import relics_with, ships_at
from shared.games.nexum.vocabulary import (EVENT_RESOLVED, MARKER_PLACED, PLANET_DESTROYED,
                                           PLANET_DIED, RELIC_MOVED, RELIC_PICKED_UP,
                                           SHIPS_DESTROYED, STAR_LOST)

# Which relics a fleet takes along first, and a ship picks up first (stated: Military is
# the one with a battle effect, so it goes first).
RELIC_PRIORITY = {relic: i for i, relic in enumerate(RELIC_TYPES)}


def by_priority(relics) -> list:
    return sorted(relics, key=RELIC_PRIORITY.get)


def dropped_if_lost(state, place: str, faction: int, lost: int) -> list:
    """The relics that fall when `lost` of the faction's ships there are destroyed (each
    ship carries one: the ones left keep the first relics)."""
    carried = by_priority(relics_with(state, place, faction))
    keep = max(0, ships_at(state, place, faction) - lost)
    return carried[keep:]


def destroy_ships(tx, place: str, faction: int, count: int, reason: str) -> None:
    count = min(count, ships_at(tx.state, place, faction))
    if count:
        tx.emit(SHIPS_DESTROYED, place=place, faction=faction, count=count, reason=reason,
                dropped=dropped_if_lost(tx.state, place, faction, count))


def check_stars(tx, loser=None, winner=None) -> None:
    """Ships on a star are lost with the planet majority; when a battle caused it, the
    winner of that battle scores 1 more victory point (core, as public descriptions say)."""
    for letter in sorted(tx.state.systems):
        star = f"{letter}*"
        faction = board.holder(tx.state, star)
        if faction is not None and not board.holds_majority(tx.state, faction, letter):
            vp_to = winner if faction == loser else None
            tx.emit(STAR_LOST, faction=faction, star=star,
                    ships=ships_at(tx.state, star, faction), vp_to=vp_to)


def pick_up_relics(tx, place: str, faction: int) -> None:
    """A ship landing on a relic must pick it up (one relic per ship)."""
    for relic in by_priority(tx.state.loose.get(place, ())):
        if len(relics_with(tx.state, place, faction)) >= ships_at(tx.state, place, faction):
            return
        tx.emit(RELIC_PICKED_UP, faction=faction, place=place, relic=relic)


def card_targets(state, card_id: str, played_by) -> list:
    """The planets a card points at: its planet number in the system of its letter, unless
    destroyed; an Action Row card spares every Tann system in use, a card a faction played
    spares only its own (Asteroids p.6: it takes effect on another player's Tann)."""
    card = CARDS[card_id]
    letter, planet = card["letter"], f"{card['letter']}{card['planet']}"
    if letter not in state.systems or planet not in board.planets_of(state, letter):
        return []
    if played_by is None and board.is_tann_in_use(state, letter):
        return []
    if played_by is not None and state.tann[played_by] == letter:
        return []
    return [planet]


def resolve_card(tx, card_id: str, played_by=None) -> None:
    """An Action Row top card takes effect."""
    kind = CARDS[card_id]["kind"]
    targets = card_targets(tx.state, card_id, played_by)
    tx.emit(EVENT_RESOLVED, card=card_id, kind=kind, planets=targets, played_by=played_by)
    for planet in targets:
        if kind == "ionized":
            for faction in sorted(tx.state.ships.get(planet, {})):
                destroy_ships(tx, planet, faction, 1, "ionized")
        else:
            _place_marker(tx, planet, "no_movement" if kind == "solar" else "no_management")


def _place_marker(tx, planet: str, kind: str) -> None:
    markers = tx.state.no_move if kind == "no_movement" else tx.state.no_manage
    count = markers.get(planet, 0) + 1
    tx.emit(MARKER_PLACED, planet=planet, kind=kind, count=count)
    if count < tx.state.rules["markers_to_destroy"]:
        return
    if kind == "no_management":
        if planet not in tx.state.dead:
            tx.emit(PLANET_DIED, planet=planet)
        return
    for faction in sorted(tx.state.ships.get(planet, {})):
        destroy_ships(tx, planet, faction, ships_at(tx.state, planet, faction), "destroyed_planet")
    cloud = board.CLOUD if board.CLOUD in tx.state.links else None
    for relic in by_priority(tx.state.loose.get(planet, ())):
        tx.emit(RELIC_MOVED, relic=relic, origin=planet, to=cloud)
    tx.emit(PLANET_DESTROYED, planet=planet)
    check_stars(tx)
