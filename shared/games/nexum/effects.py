"""Consequences shared by battles, events and the AI: ships lost, stars lost, relics picked
up, and the event cards' effects on planets."""
from __future__ import annotations

from shared.games.nexum import board, exotic
from shared.games.nexum.cloak_reveal import discover
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
    winner of that battle scores 1 more victory point (core, as public descriptions say),
    except in an exotic system (a secondary theatre: Asteroids p.10)."""
    for letter in sorted(tx.state.systems):
        for star in exotic.stars_of(tx.state, letter):
            faction = board.holder(tx.state, star)
            if faction is not None and not board.holds_majority(tx.state, faction, letter):
                vp_to = winner if faction == loser and not exotic.is_exotic(letter) else None
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
    spares only its own (Asteroids p.6: it takes effect on another player's Tann). In play,
    the exotic system of the card's letter is hit too: every planet with the card's number,
    and the Giant Star (J) by any J card; in increasing size, ties farthest from any Tann
    system first (Asteroids p.10)."""
    card = CARDS[card_id]
    letter, planet = card["letter"], f"{card['letter']}{card['planet']}"
    out = []
    if (letter in state.systems and planet in board.planets_of(state, letter)
            and not (played_by is None and board.is_tann_in_use(state, letter))
            and not (played_by is not None and state.tann[played_by] == letter)):
        out.append(planet)
    odd = letter.lower()
    if odd in state.systems:
        out += [p for p in board.planets_of(state, odd) if exotic.number_of(p) == card["planet"]]
        if exotic.has(odd, "giant"):
            out += exotic.stars_of(state, odd)
    return sorted(out, key=lambda p: (_size_for_order(state, p),
                                      -exotic.distance_to_tann(state, board.system_of(p)), p))


def _size_for_order(state, place: str) -> int:
    return state.rules["star_plunder"] if board.is_star(place) else board.size_of(state, place)


def resolve_card(tx, card_id: str, played_by=None) -> None:
    """An Action Row top card takes effect."""
    kind = CARDS[card_id]["kind"]
    targets = card_targets(tx.state, card_id, played_by)
    tx.emit(EVENT_RESOLVED, card=card_id, kind=kind, planets=targets, played_by=played_by)
    for planet in targets:
        apply_kind(tx, planet, kind)


def apply_kind(tx, planet: str, kind: str) -> None:
    """One event's effect on one planet (or on the Giant Star, which takes markers but is
    never destroyed nor killed: those rules are the planets')."""
    if kind == "ionized":  # the Psycon "are not affected by Ionized atmosphere events"
        for faction in sorted(tx.state.ships.get(planet, {})):
            if not (tx.state.civs and tx.state.civs[faction] == "psycon"):
                destroy_ships(tx, planet, faction, 1, "ionized")
    else:
        _place_marker(tx, planet, "no_movement" if kind == "solar" else "no_management")


def place_marker(tx, planet: str, kind: str) -> None:
    """A No Movement / No Management marker from outside the Action Row (a campaign's)."""
    _place_marker(tx, planet, kind)


def _place_marker(tx, planet: str, kind: str) -> None:
    markers = tx.state.no_move if kind == "no_movement" else tx.state.no_manage
    count = markers.get(planet, 0) + 1
    tx.emit(MARKER_PLACED, planet=planet, kind=kind, count=count)
    if count < tx.state.rules["markers_to_destroy"] or board.is_star(planet) \
            or not tx.state.markers_ruin:  # the core game has no Destroyed/Dead Planets
        return
    if kind == "no_management":
        if planet not in tx.state.dead:
            tx.emit(PLANET_DIED, planet=planet)
        return
    discover(tx, None, planet)  # a cloaked ship there is destroyed with the planet
    for faction in sorted(tx.state.ships.get(planet, {})):
        destroy_ships(tx, planet, faction, ships_at(tx.state, planet, faction), "destroyed_planet")
    # "move them to the Asteroid Cloud" (A p.6): at a multi-battle table the Cloud is
    # flipped to its Wormhole side (A p.18), and the relics go there.
    cloud = board.disk_of(tx.state)
    for relic in by_priority(tx.state.loose.get(planet, ())):
        tx.emit(RELIC_MOVED, relic=relic, origin=planet, to=cloud)
    tx.emit(PLANET_DESTROYED, planet=planet)
    check_stars(tx)
