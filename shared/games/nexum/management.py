"""Management phase: the extraction runs when it starts (flow.start_phase); then ships are
replicated, at most 3 a turn (4 and 5 with Replicator I and II), on different planets."""
from __future__ import annotations

from shared.games.api import IllegalCommand
from shared.games.nexum import board
from shared.games.nexum.messages import MESSAGES
from shared.games.nexum.vocabulary import REPLICATE, SHIP_REPLICATED

refuse = MESSAGES.refuse


def replication_cost(state, faction: int) -> int:
    """The n-th ship of the turn costs replication_costs[n] (the 4th and 5th cost 4:
    Asteroids p.7; the first three are reconstructed)."""
    return state.rules["replication_costs"][len(state.replicated)]


def check_replicate(state, faction: int, planet: str) -> int:
    if (not board.is_planet(planet) or planet not in board.places(state)
            or board.holder(state, planet) != faction or planet in state.dead
            or state.no_manage.get(planet, 0)):
        refuse("replicate_where")
    if planet in state.replicated:
        refuse("replicate_twice", planet=planet)
    limit = board.replication_limit(state, faction)
    if len(state.replicated) >= min(limit, len(state.rules["replication_costs"])):
        refuse("replicate_limit", limit=limit)
    if state.reserve[faction] <= 0:
        refuse("reserve_empty")
    cost = replication_cost(state, faction)
    if cost > state.energy[faction]:
        refuse("energy", cost=cost, energy=state.energy[faction])
    return cost


def replicate(tx, faction: int, planet: str) -> None:
    cost = check_replicate(tx.state, faction, planet)
    tx.emit(SHIP_REPLICATED, faction=faction, planet=planet, cost=cost)


def legal_replications(state, faction: int) -> list:
    out = []
    for planet in sorted(state.ships):
        if board.is_planet(planet) and board.holder(state, planet) == faction:
            try:
                check_replicate(state, faction, planet)
            except IllegalCommand:
                continue
            out.append(REPLICATE(planet=planet))
    return out
