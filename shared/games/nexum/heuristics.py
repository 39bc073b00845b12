"""How good a Nexum position looks for a seat (bots): its standing minus the best rival's."""
from shared.games.nexum import board

WEIGHTS = {"vp": 3.0, "relic": 2.5, "ship": 0.3, "planet": 1.0, "star": 1.0,
           "energy": 0.2, "tech": 0.6, "asteroid": 0.3}
# The energy a ship's move to the next system costs (rulebook: 2 a ship) is worth more than
# a ship: this much more a unit, up to that many units.
RESERVE, RESERVE_UNITS = 0.15, 2


def strength(state, faction: int, bid: int = 0) -> float:
    """`bid`: energy the faction has bid and not paid yet (`committed_bid`)."""
    held = [p for p, here in state.ships.items() if faction in here and p not in board.DISKS]
    energy = state.energy[faction] - bid
    return (WEIGHTS["vp"] * state.vp[faction]
            + WEIGHTS["relic"] * len(board.relics_of(state, faction))
            + WEIGHTS["ship"] * board.fleet_size(state, faction)
            + WEIGHTS["planet"] * sum(1 for p in held if board.is_planet(p))
            + WEIGHTS["star"] * sum(1 for p in held if board.is_star(p))
            + WEIGHTS["energy"] * energy
            + RESERVE * min(energy, RESERVE_UNITS)
            + WEIGHTS["tech"] * (len(state.techs[faction]) if state.kinds[faction] == "seat" else 0)
            + WEIGHTS["asteroid"] * len(state.loaded[faction]))


def committed_bid(state, faction: int) -> int:
    """The energy a faction has bid for turn order and not paid yet: bids are paid when the
    phase cards are revealed, after every seat has chosen. `evaluate` asks it for the seat
    alone: another seat's bid is secret until the reveal.

    Why: counted only once paid, a bid cost nothing at the command that made it, so the
    bots' one-ply look saw every bid alike and bid at random, 26-45 energy a match against
    random play (docs/BOTS.md)."""
    if state.stage != "choose" or faction not in state.chosen:
        return 0
    return state.chosen[faction][1]


def evaluate(state, seat) -> float:
    mine = strength(state, seat, committed_bid(state, seat))
    return mine - max(strength(state, f) for f in range(state.factions) if f != seat)
