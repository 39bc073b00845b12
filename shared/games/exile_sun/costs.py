"""What each legal command costs (or gives) the seat that may send it: an Initiative card's
Budget points, what an allocation buys by itself (p8-9; the most / second-most bonuses
depend on the others' secret allocations and are not counted), the moves a fleet's move or
scan spends of those it has left (p9, p14), the Fuel deployments a deployment uses (p9).
Computed by the rules' own functions from what that seat may see, so a label can say it
without the page redoing the rules."""
from __future__ import annotations

from shared.games.exile_sun import budget, movement
from shared.games.exile_sun import vocabulary as v
from shared.games.exile_sun.components import CATEGORIES, FUEL_PER_FLEET, INITIATIVE, tech_effect
from shared.games.exile_sun.state import fleet

BOUGHT = ("overhead_cards", "fleets", "ship_cards", "tech_cards")


def costs(state, seat, commands) -> list:
    """Per command, a dict of what it costs or gives, or None when nothing."""
    routes: dict = {}  # fleet id -> every space it may end on: (moves, path)

    def route(fleet_id, space):
        if fleet_id not in routes:
            mover = fleet(state, fleet_id)
            routes[fleet_id] = (mover, movement.reachable(state, mover) if mover else {})
        mover, reach = routes[fleet_id]
        found = reach.get(space)
        return None if found is None else {"moves": found[0], "moves_left": mover.moves}

    return [_cost(state, seat, command, route) for command in commands]


def _cost(state, seat, command, route):
    kind = command.get("type")
    if kind == v.CHOOSE_INITIATIVE.name:
        return {"budget_points": INITIATIVE[command["card"]]["budget"]}
    if kind == v.ALLOCATE.name:
        spent = [command[c] for c in CATEGORIES]
        out = {"budget_points": sum(spent), "fuel_per_fleet": FUEL_PER_FLEET,
               **dict(zip(BOUGHT, budget.bought(state, seat, spent)))}
        if command.get("tech_card"):
            out["tech_card_points"] = tech_effect(command["tech_card"])["amount"]
        return out
    if kind == v.MOVE.name:
        return route(command["fleet"], command["to"])
    if kind == v.SCAN.name:
        mover = fleet(state, command["fleet"])
        return {"moves": 1, "moves_left": mover.moves} if mover else None
    if kind == v.DEPLOY.name:
        if command["token"] == "decoy":
            return {"deployments": 0}
        return {"deployments": 1, "deployments_left": state.players[seat].deploys}
    return None
