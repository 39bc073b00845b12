"""How good a Nexum position looks for a seat (bots): its standing minus the best rival's."""
from shared.games.nexum import board

WEIGHTS = {"vp": 3.0, "relic": 2.5, "ship": 0.3, "planet": 1.0, "star": 1.0,
           "energy": 0.2, "tech": 0.6, "asteroid": 0.3}
# The energy a ship's move to the next system costs (rulebook: 2 a ship) is worth more than
# a ship: this much more a unit, up to that many units.
RESERVE, RESERVE_UNITS = 0.15, 2


def strength(state, faction: int) -> float:
    held = [p for p, here in state.ships.items() if faction in here and p not in board.DISKS]
    return (WEIGHTS["vp"] * state.vp[faction]
            + WEIGHTS["relic"] * len(board.relics_of(state, faction))
            + WEIGHTS["ship"] * board.fleet_size(state, faction)
            + WEIGHTS["planet"] * sum(1 for p in held if board.is_planet(p))
            + WEIGHTS["star"] * sum(1 for p in held if board.is_star(p))
            + WEIGHTS["energy"] * state.energy[faction]
            + RESERVE * min(state.energy[faction], RESERVE_UNITS)
            + WEIGHTS["tech"] * (len(state.techs[faction]) if state.kinds[faction] == "seat" else 0)
            + WEIGHTS["asteroid"] * len(state.loaded[faction]))


def evaluate(state, seat) -> float:
    mine = strength(state, seat)
    return mine - max(strength(state, f) for f in range(state.factions) if f != seat)
