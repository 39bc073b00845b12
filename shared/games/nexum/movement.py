"""Movement phase: fleets, attacks by numbers, plunder, relics and the Asteroid Cloud."""
from __future__ import annotations

from shared.games.api import IllegalCommand
from shared.games.nexum import board, cloak_reveal, exotic, exotic_moves
from shared.games.nexum.deck import draw_cards
from shared.games.nexum.effects import (by_priority, check_stars, dropped_if_lost,
                                        pick_up_relics)
from shared.games.nexum.messages import MESSAGES
from shared.games.nexum.state import relics_with, ships_at
from shared.games.nexum.vocabulary import (BATTLE_WON, CARDS_DISCARDED, CARDS_DRAWN,
                                           FLEET_MOVED, MOVE, SHIPS_DESTROYED)

refuse = MESSAGES.refuse


def movable(state, faction: int, place: str) -> int:
    """Ships there that did not arrive this phase (a ship moves once per phase)."""
    return ships_at(state, place, faction) - state.arrived.get(place, 0)


def fleet_relics(state, faction: int, origin: str, ships: int, relics: int) -> tuple:
    """The relics a fleet takes (Military first); refuses what the ships cannot carry."""
    carried = by_priority(relics_with(state, origin, faction))
    left = ships_at(state, origin, faction) - ships
    most = min(ships, len(carried))
    if relics > most or len(carried) - relics > left:
        refuse("relics_count", most=most)
    return tuple(carried[:relics])


def check_move(state, faction: int, command: dict):
    """The fleet's relics and cost if the move is legal; raises the broken rule otherwise."""
    origin, to, ships = command["origin"], command["to"], command["ships"]
    places = board.places(state)
    for place in (origin, to):
        if place not in places:
            refuse("no_place", place=place)
    if origin == to:
        refuse("same_place")
    if to == board.WORMHOLE:
        refuse("wormhole_jump")
    if {origin, to} == {board.disk_of(state), board.EXOTIC_WORMHOLE} \
            and exotic_moves.wormhole_active(state):
        # Entering one end from the other comes out where the fleet is leaving: no move at
        # all, only a second reward and a fresh turn there.
        refuse("wormhole_bounce", place=origin)
    if ships > movable(state, faction, origin):
        refuse("no_ships", place=origin, movable=max(0, movable(state, faction, origin)))
    relics = fleet_relics(state, faction, origin, ships, command.get("relics", 0))
    exotic_moves.check_leaving(state, origin, to)
    cost = board.move_cost(state, faction, origin, to, ships, relics)
    if cost is None:
        refuse("unreachable", to=to, origin=origin)
    if board.is_star(to):
        _check_star(state, faction, origin, to, ships, relics)
    if cost > state.energy[faction]:
        refuse("energy", cost=cost, energy=state.energy[faction])
    defender = exotic_moves.defender_at(state, to)
    if defender is not None and defender != faction:
        strength = board.fleet_attack(state, faction, origin, ships, relics)
        if not board.attack_succeeds(state, faction, strength, to):
            refuse("attack_weak", attack=strength, defence=board.defence(state, to), planet=to)
    return relics, cost


def _check_star(state, faction: int, origin: str, star: str, ships: int, relics: tuple) -> None:
    if relics:
        refuse("star_relic")
    exotic_moves.check_star_entry(state, faction, origin, star)
    owner = board.holder(state, star)
    most = state.rules["star_capacity"]
    if ships_at(state, star, faction) + (0 if owner not in (None, faction) else ships) > most \
            or ships > most:
        refuse("star_full", most=most)
    if not board.holds_majority(state, faction, star[0]):
        refuse("star_majority", letter=star[0])


def move(tx, faction: int, command: dict) -> None:
    relics, cost = check_move(tx.state, faction, command)
    origin, to, ships = command["origin"], command["to"], command["ships"]
    defender = exotic_moves.defender_at(tx.state, to)
    strength = board.fleet_attack(tx.state, faction, origin, ships, relics)
    tx.emit(FLEET_MOVED, faction=faction, origin=origin, to=to, ships=ships,
            relics=list(relics), cost=cost)
    if cloak_reveal.hidden_on(tx.state, to):
        defender = _ambush(tx, faction, to, ships, strength)
        if defender is None:
            return
    if defender is not None and defender != faction:
        _battle(tx, faction, defender, to, strength)
    if to in board.TRANSIT:
        to = exotic_moves.through_wormhole(tx, faction, to, ships, relics)
        _cloud_reward(tx, faction, ships)
    pick_up_relics(tx, to, faction)
    check_stars(tx)
    if board.system_of(origin) != board.system_of(to):
        exotic_moves.quantic_instability(tx, to)


def _ambush(tx, faction: int, planet: str, ships: int, strength: int):
    """A cloaked enemy ship is discovered as the fleet arrives: "the attacker must perform
    the attack with enough ships to win the battle, with no chance to rectify any previous
    moves. If they cannot ..., they lose the ones already there" (Asteroids p.9). Returns
    the defender to fight, or None when the fleet was lost."""
    cloak_reveal.discover(tx, faction, planet)
    defender = board.holder(tx.state, planet)
    if defender == faction:  # the fleet's own ships: the discovered ones are the others
        defender = next(f for f in tx.state.ships[planet] if f != faction)
    if board.attack_succeeds(tx.state, faction, strength, planet, defender):
        return defender
    tx.emit(SHIPS_DESTROYED, place=planet, faction=faction, count=ships, reason="ambush",
            dropped=dropped_if_lost(tx.state, planet, faction, ships))
    return None


def _battle(tx, attacker: int, defender: int, planet: str, strength: int) -> None:
    """The attacker takes the planet (or the Giant Star): defenders destroyed, attacker loses
    half as many (reconstructed), 1 victory point outside exotic systems (Asteroids p.10),
    the planet's plunder."""
    state = tx.state
    destroyed = ships_at(state, planet, defender)
    energy = min(board.energy_cap(state, attacker),
                 state.energy[attacker] + board.plunder(state, planet))
    losses = 0 if state.skill[:1] == ("invulnerable",) and state.acting == attacker \
        else board.attacker_losses(state, destroyed)
    # The attacker's lost ships drop the relics they carried, as any destroyed carrier does
    # (one relic per ship): they lie on the planet, for the survivors to pick up. Written
    # only when there are some, so a battle without them is logged as it always was.
    fallen = dropped_if_lost(state, planet, attacker, losses)
    tx.emit(BATTLE_WON, attacker=attacker, defender=defender, planet=planet, attack=strength,
            defence=board.defence(state, planet, defender), destroyed=destroyed,
            dropped=dropped_if_lost(state, planet, defender, destroyed), losses=losses,
            **({"attacker_dropped": fallen} if fallen else {}),
            vp=0 if exotic.is_exotic(board.system_of(planet)) else 1, energy=energy)
    check_stars(tx, loser=defender, winner=attacker)


def _cloud_reward(tx, faction: int, ships: int) -> None:
    """2 event cards per ship arriving; then the hand is cut to its limit of 3 (the oldest
    cards are kept: reconstructed, the book lets the player choose)."""
    draw_to_hand(tx, faction, tx.state.rules["cloud_cards_per_ship"] * ships)


def draw_to_hand(tx, faction: int, count: int) -> None:
    """`count` event cards to the faction's hand, then the hand cut to its limit (the newest
    discarded). The Asteroid Cloud's reward and the Wormhole's jumps and arrivals."""
    cards = draw_cards(tx, count) if count else []
    if not cards:
        return
    tx.emit(CARDS_DRAWN, faction=faction, cards=cards)
    hand = tx.state.hands[faction]
    excess = len(hand) - tx.state.rules["hand_limit"]
    if excess > 0:
        tx.emit(CARDS_DISCARDED, faction=faction, cards=list(hand[-excess:]))


def legal_moves(state, faction: int) -> list:
    """Every origin and destination, with a few fleet sizes: one ship, every movable ship,
    and the smallest fleet that wins an attack (any other size is accepted too)."""
    out = []
    places = board.places(state)
    for origin in places:
        count = movable(state, faction, origin)
        if count <= 0:
            continue
        carried = len(relics_with(state, origin, faction))
        for to in places:
            step = board.step_cost(state, faction, origin, to)
            if to == origin or step is None or max(1, step - 1) > state.energy[faction]:
                continue
            for ships in sorted({1, count, _smallest_win(state, faction, to, count)} - {None}):
                for relics in sorted({0, min(ships, carried)}):
                    command = MOVE(origin=origin, to=to, ships=ships, relics=relics)
                    if _is_legal(state, faction, command):
                        out.append(command)
    return out


def _smallest_win(state, faction: int, to: str, most: int):
    defender = exotic_moves.defender_at(state, to)
    if defender is None or defender == faction:
        return None
    needed = board.defence(state, to) + 1
    return needed if needed <= most else None


def _is_legal(state, faction: int, command: dict) -> bool:
    try:
        check_move(state, faction, command)
    except IllegalCommand:
        return False
    return True
