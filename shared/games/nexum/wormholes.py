"""Multi-battle mode (Asteroids p.18): several matches of one battle group ("tables"),
linked by wormholes.

A multi-battle match is created with its table number and how many tables its group has
(options set by the battle group, services/match/wormholes/groups.py). The sector's Asteroid Cloud
is flipped to its Wormhole side: a fleet entering it (a `jump`, paid like a move to the
disk) leaves this match at once, with energy and event cards it carries, for the same
faction at another table, with energy, event cards and loaded asteroids it carries. Here
that is one fact, FleetDeparted: the ships go back to this game's reserve, the cards to its
deck and the asteroids to its asteroid reserve (the book: "return your resources to your
game's deck and reserve"), and the faction draws 2 event cards per ship for the jump.

The arrival is the platform's command, never a seat's: the match service carries each
departure over the bus to the other table (`departure` says what crosses) and asks this
engine what it causes there (`arrive`): FleetArrived puts the ships on that table's
Wormhole, taken from the faction's reserve there, adds the energy (up to its cap), draws as
many event cards from that table's own deck and as many asteroids from its own asteroid
reserve (as many as the faction's Processing card holds). Each transfer has an id; one that already
arrived is refused, so a redelivered transfer appends nothing. Ships on the Wormhole must
leave it by the end of their faction's next turn (a Movement phase) or are destroyed, as on
the Asteroid Cloud.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Optional

from shared.games.api import IllegalCommand
from shared.games.nexum import board, exotic_moves
from shared.games.nexum.effects import check_stars, pick_up_relics
from shared.games.nexum.messages import MESSAGES
from shared.games.nexum.movement import draw_to_hand, fleet_relics, movable
from shared.games.nexum.state import add_at, add_ships, set_at
from shared.games.nexum.vocabulary import (FLEET_ARRIVED,
                                           FLEET_DEPARTED, JUMP, WORMHOLE_OPENED)

WORMHOLE = board.WORMHOLE
_DATA = json.loads((Path(__file__).with_name("data") / "wormholes.json").read_text())
RULES = {k: v for k, v in _DATA.items() if k != "AUTHORED"}
refuse = MESSAGES.refuse


@dataclass(frozen=True)
class Wormhole:
    """This match's place in its battle group, the numbers in force, and the transfers
    that arrived (a transfer id arrives once)."""

    tables: int
    table: int
    rules: dict
    received: frozenset = frozenset()


# ---- setup ---------------------------------------------------------------------------------

def enabled(options: dict) -> bool:
    return bool(options.get("multi_battle"))


def option_problems(options: dict) -> dict:
    if not enabled(options):
        if options["battle_table"] or options["battle_tables"] != 2:
            return {"battle_table": "Table numbers belong to multi-battle matches."}
        return {}
    if options["battle_table"] >= options["battle_tables"]:
        return {"battle_table": f"The group has tables 0 to {options['battle_tables'] - 1}."}
    return {}


def lay_out(links: dict, cloud_links) -> None:
    """The Wormhole disk where the Asteroid Cloud would be (its flip side, A p.18)."""
    links[WORMHOLE] = set(cloud_links)
    for letter in cloud_links:
        links[letter].add(WORMHOLE)


def open_wormhole(tx, options: dict) -> None:
    tx.emit(WORMHOLE_OPENED, tables=options["battle_tables"], table=options["battle_table"],
            rules=dict(RULES))


# ---- jumping out ---------------------------------------------------------------------------

def check_jump(state, faction: int, command: dict) -> int:
    """The jump's energy cost if it is legal; raises the broken rule otherwise."""
    hole = state.wormhole
    if hole is None:
        refuse("no_wormhole")
    origin, ships, table = command["origin"], command["ships"], command["table"]
    energy, cards = command.get("energy", 0), list(command.get("cards", []))
    if table == hole.table or table >= hole.tables:
        refuse("no_table", table=table, last=hole.tables - 1, own=hole.table)
    if origin not in board.places(state):
        refuse("no_place", place=origin)
    if ships > movable(state, faction, origin):
        refuse("no_ships", place=origin, movable=max(0, movable(state, faction, origin)))
    fleet_relics(state, faction, origin, ships, 0)  # relics do not cross: others carry them
    # A p.10, p.12: "No ships can escape this system", by a jump neither.
    exotic_moves.check_leaving(state, origin, WORMHOLE)
    cost = board.move_cost(state, faction, origin, WORMHOLE, ships, ())
    if cost is None:
        refuse("unreachable", to=WORMHOLE, origin=origin)
    rules = hole.rules
    if energy > ships * rules["energy_per_ship"]:
        refuse("cargo_energy", most=ships * rules["energy_per_ship"], ships=ships)
    if len(cards) > ships * rules["cards_per_ship"]:
        refuse("cargo_cards", most=ships * rules["cards_per_ship"], ships=ships)
    for card in cards:
        if card not in state.hands[faction] or cards.count(card) > 1:
            refuse("no_such_card", card=card)
    asteroids = list(command.get("asteroids", []))
    if len(asteroids) > ships * rules["asteroids_per_ship"]:
        refuse("cargo_asteroids", most=ships * rules["asteroids_per_ship"], ships=ships)
    loaded = dict(state.loaded[faction])
    for asteroid in asteroids:
        if asteroid not in loaded or asteroids.count(asteroid) > 1:
            refuse("not_loaded", asteroid=asteroid)
    if cost + energy > state.energy[faction]:
        refuse("energy", cost=cost + energy, energy=state.energy[faction])
    return cost


def jump(tx, faction: int, command: dict) -> None:
    cost = check_jump(tx.state, faction, command)
    ships = command["ships"]
    asteroids = sorted(command.get("asteroids", []))
    loaded = dict(tx.state.loaded[faction])
    tx.emit(FLEET_DEPARTED, faction=faction, origin=command["origin"], ships=ships,
            table=command["table"], energy=command.get("energy", 0),
            cards=list(command.get("cards", [])), asteroids=asteroids,
            crystals=[loaded[a] for a in asteroids], cost=cost)
    draw_to_hand(tx, faction, ships * tx.state.wormhole.rules["jump_cards_per_ship"])
    check_stars(tx)


def legal_jumps(state, faction: int) -> list:
    """One ship or every movable ship, from each place, to each other table, carrying
    nothing (any cargo the rules allow is accepted too)."""
    hole = state.wormhole
    if hole is None:
        return []
    out = []
    for origin in board.places(state):
        count = movable(state, faction, origin)
        if count <= 0:
            continue
        for table in range(hole.tables):
            for ships in sorted({1, count}):
                command = JUMP(origin=origin, ships=ships, table=table)
                try:
                    check_jump(state, faction, command)
                except IllegalCommand:
                    continue
                out.append(command)
    return out


def destination(command: dict) -> Optional[int]:
    """The table a command sends a fleet to (a jump's), None for any other command."""
    return command.get("table") if command.get("type") == JUMP.name else None


def departure(event: dict) -> Optional[dict]:
    """What crosses to the other table when `event` is a departure (None otherwise): the
    faction, ships, energy and how many cards (the cards themselves stay in this game)."""
    if event.get("type") != FLEET_DEPARTED.name:
        return None
    data = event["data"]
    return {"table": data["table"], "faction": data["faction"], "ships": data["ships"],
            "energy": data["energy"], "cards": len(data["cards"]),
            "asteroids": len(data["asteroids"])}


# ---- arriving ------------------------------------------------------------------------------

def arrive(tx, transfer: dict) -> None:
    """The events a transfer from another table causes here (rules.arrival, Game.arrival).

    `transfer`: {transfer_id, from_match, from_table, faction, ships, energy, cards,
    asteroids}. A faction no longer in play here receives nothing (its ships, energy, cards
    and asteroids are lost: recorded as such)."""
    state = tx.state
    hole = state.wormhole
    if hole is None:
        refuse("no_wormhole")
    if transfer["transfer_id"] in hole.received:
        refuse("transfer_arrived", transfer=transfer["transfer_id"])
    faction, source = transfer["faction"], transfer["from_table"]
    if source == hole.table or not 0 <= source < hole.tables:
        refuse("no_table", table=source, last=hole.tables - 1, own=hole.table)
    if not 0 <= faction < state.seats:
        refuse("transfer_faction", faction=faction)
    alive = board.in_play(state, faction) and state.stage != "over"
    ships = min(transfer["ships"], state.reserve[faction]) if alive else 0
    energy = state.energy[faction]
    if alive:
        energy = min(board.energy_cap(state, faction), energy + transfer["energy"])
    asteroids = _asteroids_arriving(tx, faction, transfer.get("asteroids", 0)) if alive else []
    tx.emit(FLEET_ARRIVED, transfer_id=transfer["transfer_id"],
            from_match=transfer["from_match"], from_table=source, faction=faction,
            ships=ships, lost=transfer["ships"] - ships,
            energy=energy - state.energy[faction], energy_now=energy, asteroids=asteroids,
            asteroids_lost=transfer.get("asteroids", 0) - len(asteroids))
    if alive:
        draw_to_hand(tx, faction, transfer["cards"])
    if ships:  # relics lying on the Wormhole (a destroyed planet's) are picked up
        pick_up_relics(tx, WORMHOLE, faction)


def _asteroids_arriving(tx, faction: int, count: int) -> list:
    """[[id, crystals]] drawn at random from this table's asteroid reserve, as many as the
    faction's Processing card still holds (none without Processing I)."""
    state = tx.state
    room = board.processing_capacity(state, faction) - len(state.loaded[faction])
    count = min(count, max(0, room), len(state.pool)) if state.mode == "asteroids" else 0
    drawn = tx.rng.sample(list(state.pool), count) if count else []
    return [[state.next_asteroid + i, crystals] for i, crystals in enumerate(drawn)]


# ---- evolve --------------------------------------------------------------------------------

def _wormhole_opened(state, d):
    return replace(state, wormhole=Wormhole(tables=d["tables"], table=d["table"],
                                            rules=dict(d["rules"])))


def _fleet_departed(state, d):
    f, origin, n = d["faction"], d["origin"], d["ships"]
    after = add_ships(state, origin, f, -n)
    hand = list(after.hands[f])
    for card in d["cards"]:
        hand.remove(card)
    leave = after.cloud_must_leave
    if origin == WORMHOLE:
        leave = max(0, leave - n)
    kept = tuple(a for a in after.loaded[f] if a[0] not in d["asteroids"])
    return replace(after, reserve=add_at(after.reserve, f, n),
                   loaded=set_at(after.loaded, f, kept),
                   pool=tuple(sorted(after.pool + tuple(d["crystals"]))),
                   energy=add_at(after.energy, f, -(d["cost"] + d["energy"])),
                   hands=set_at(after.hands, f, tuple(hand)),
                   deck=tuple(sorted(after.deck + tuple(d["cards"]))),
                   cloud_must_leave=leave)


def _fleet_arrived(state, d):
    f = d["faction"]
    after = add_ships(state, WORMHOLE, f, d["ships"]) if d["ships"] else state
    hole = replace(after.wormhole, received=after.wormhole.received | {d["transfer_id"]})
    pool = list(after.pool)
    for _, crystals in d["asteroids"]:
        pool.remove(crystals)
    return replace(after, reserve=add_at(after.reserve, f, -d["ships"]),
                   energy=set_at(after.energy, f, d["energy_now"]), wormhole=hole,
                   loaded=set_at(after.loaded, f, after.loaded[f]
                                 + tuple((a, c) for a, c in d["asteroids"])),
                   pool=tuple(pool), next_asteroid=after.next_asteroid + len(d["asteroids"]))


APPLY = {WORMHOLE_OPENED.name: _wormhole_opened, FLEET_DEPARTED.name: _fleet_departed,
         FLEET_ARRIVED.name: _fleet_arrived}


# ---- what others see -----------------------------------------------------------------------

def view_part(state) -> dict:
    hole = state.wormhole
    if hole is None:
        return {}
    return {"wormhole": {"tables": hole.tables, "table": hole.table, "rules": dict(hole.rules)}}


def redact(event: dict, seat) -> dict:
    """The cards a fleet carried away and the crystals of the asteroids that crossed are
    their owner's secret (their numbers, and asteroid ids, are public)."""
    data = event["data"]
    if data.get("faction") == seat:
        return event
    if event["type"] == FLEET_DEPARTED.name and isinstance(data.get("cards"), list):
        hidden = {k: v for k, v in data.items() if k != "crystals"}
        return {"type": event["type"], "data": {**hidden, "cards": len(data["cards"])}}
    if event["type"] == FLEET_ARRIVED.name and data.get("asteroids") \
            and isinstance(data["asteroids"][0], list):
        return {"type": event["type"],
                "data": {**data, "asteroids": [a for a, _ in data["asteroids"]]}}
    return event
