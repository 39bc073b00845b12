"""What each legal command costs the seat that may send it, in energy: the price the rules
check before they take it (a fleet's move, a jump, a replication, a technology paid in
energy, cloaking, extending an exploration). Computed by the same checks as the command
itself, from the position as that seat may see it (its own fleets, relics and energy, and
the public board), so a label can say "costs 4 energy" without the page redoing the rules.
"""
from __future__ import annotations

from shared.games.api import IllegalCommand
from shared.games.nexum import exploration, management, movement, wormholes
from shared.games.nexum.components import TECHS
from shared.games.nexum.exotic import RULES as EXOTIC_RULES
from shared.games.nexum.vocabulary import (CLOAK, EXTEND_EXPLORATION, JUMP, MOVE, REPLICATE,
                                           RESEARCH)


def costs(state, seat, commands) -> list:
    """Per command, {"energy": n} when it costs energy, else None."""
    return [_cost(state, seat, command) for command in commands]


def _cost(state, seat, command) -> dict | None:
    kind = command.get("type")
    try:
        if kind == MOVE.name:
            return {"energy": movement.check_move(state, seat, command)[1]}
        if kind == JUMP.name:
            return {"energy": wormholes.check_jump(state, seat, command)}
        if kind == REPLICATE.name:
            return {"energy": management.check_replicate(state, seat, command["planet"])}
    except IllegalCommand:
        return None
    if kind == RESEARCH.name and TECHS[command["tech"]]["cost"] == "energy":
        return {"energy": TECHS[command["tech"]]["energy"]}
    if kind == CLOAK.name:
        return {"energy": EXOTIC_RULES["cloak_cost"]}
    if kind == EXTEND_EXPLORATION.name:
        return {"energy": exploration.cost(state)}
    return None

