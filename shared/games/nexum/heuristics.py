"""How good a Nexum position looks for a seat (bots): its standing against the rival it leads
least. Points (victory points, relics, a fleet's readiness to score) count in full; material
(ships, planets, stars, energy, techs, asteroids) counts as a lead that saturates (`lead`)."""
import math
from functools import lru_cache

from shared.games.nexum import board, exotic

WEIGHTS = {"vp": 3.0, "relic": 2.5, "ship": 0.3, "planet": 1.0, "star": 1.0,
           "energy": 0.2, "tech": 0.6, "asteroid": 0.3}
# The energy a ship's move to the next system costs (rulebook: 2 a ship) is worth more than
# a ship: this much more a unit, up to that many units.
RESERVE, RESERVE_UNITS = 0.15, 2
# A fleet that can win a battle that scores counts this many victory points, and one with a
# share of the ships it needs that share (`readiness`). Not more than one: a battle the
# fleet can win (a point, the planet, its plunder) must be worth more than keeping it ready.
STRIKE = 1.0
# A lead in material counts up to about this much (a planet is 1): material is worth what it
# can still win, and far ahead, more of it wins nothing more (`lead`).
LEAD = 4.0


def strength(state, faction: int, bid: int = 0, targets=None) -> float:
    """`bid`: energy the faction has bid and not paid yet (`committed_bid`); `targets`:
    `battle_targets(state)`, when the caller has them."""
    return points(state, faction, targets, bid) + material(state, faction, bid)


def points(state, faction: int, targets=None, bid: int = 0) -> float:
    """What wins the match: victory points, relics, a fleet's readiness to score."""
    return (WEIGHTS["vp"] * state.vp[faction]
            + WEIGHTS["relic"] * len(board.relics_of(state, faction))
            + WEIGHTS["vp"] * STRIKE * readiness(state, faction, targets, bid))


def material(state, faction: int, bid: int = 0) -> float:
    """What wins points later: ships, planets, stars, energy, techs, asteroids."""
    held = [p for p, here in state.ships.items() if faction in here and p not in board.DISKS]
    energy = state.energy[faction] - bid
    return (WEIGHTS["ship"] * board.fleet_size(state, faction)
            + WEIGHTS["planet"] * sum(1 for p in held if board.is_planet(p))
            + WEIGHTS["star"] * sum(1 for p in held if board.is_star(p))
            + WEIGHTS["energy"] * energy
            + RESERVE * min(energy, RESERVE_UNITS)
            + WEIGHTS["tech"] * (len(state.techs[faction]) if state.kinds[faction] == "seat" else 0)
            + WEIGHTS["asteroid"] * len(state.loaded[faction]))


def battle_targets(state) -> dict:
    """{faction: (the weakest defence of a planet it holds outside the exotic systems, that
    planet)}: where a won battle scores a victory point. A defence is never below the
    planet's ships, so the planets are judged fewest ships first and only while they could
    still be weaker."""
    by_holder = {}
    for p, here in state.ships.items():
        if here and _scores(p):
            holder = next(iter(here))
            by_holder.setdefault(holder, []).append((here[holder], p))
    weakest = {}
    for holder, planets in by_holder.items():
        for ships, p in sorted(planets):
            if holder in weakest and ships >= weakest[holder][0]:
                break
            defence = board.defence(state, p)
            if holder not in weakest or defence < weakest[holder][0]:
                weakest[holder] = (defence, p)
    return weakest


@lru_cache(maxsize=None)
def _scores(place: str) -> bool:
    """Whether a battle won at `place` scores: a planet outside the exotic systems (a name
    says it, so it is worked out once)."""
    return board.is_planet(place) and not exotic.is_exotic(board.system_of(place))


def readiness(state, faction: int, targets=None, bid: int = 0) -> float:
    """How near one of the faction's fleets is to winning a battle that scores: its ships
    over those that would beat the weakest planet of another faction outside the exotic
    systems (1.0 once it is enough), counting no more ships than the faction's energy (less
    `bid`, not paid yet) moves from where the fleet stands to that planet. `targets`:
    `battle_targets(state)`.

    Why: a won battle is the one way to victory points, and it needs one fleet stronger than
    a defence (one move, from one place); counted only once won, spreading one ship a planet
    scored best, and against random play with no AI civilisation level 2 sat at 5 of its 6
    points for the last 16 rounds with 22 ships spread one or two a place, while the other
    seat kept its 11 on its one planet. Counted wherever the fleet stood and whatever the
    energy, a fleet of 13 sat for the last ten rounds two systems from a planet of 12 that
    it outnumbered, a move its 35 energy could never pay (3 a ship by Hyperspace), and
    another outnumbered a growing planet only in the rounds its energy had gone on
    replications (docs/BOTS.md)."""
    targets = battle_targets(state) if targets is None else targets
    energy = state.energy[faction] - bid
    best = 0.0
    for holder, (defence, planet) in targets.items():
        if holder == faction:
            continue
        needed = defence + 1
        for place, here in state.ships.items():
            # No fleet moves more ships than it has or than its energy pays for at 1 a ship.
            if min(here.get(faction, 0), energy) <= best * needed:
                continue
            ships = here[faction]
            step = board.step_cost(state, faction, place, planet)
            if step is not None:
                best = max(best, min(1.0, min(ships, energy // max(1, step)) / needed))
    return best


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


def lead(difference: float) -> float:
    """A lead in material as it counts: itself while small, never more than LEAD (and a
    deficit never less than -LEAD).

    Why: counted in full, a seat that held fifteen planets to its rival's two kept every
    ship on a planet of its own, since a planet left for a fleet gathered to strike cost
    more than the fleet's readiness was worth, and against random play with no AI
    civilisation most matches reached the round limit with the seat ahead on points but
    never at six (docs/BOTS.md)."""
    return LEAD * math.tanh(difference / LEAD)


def evaluate(state, seat) -> float:
    """The seat's points and lead in material against each other faction, at the faction
    it leads least."""
    targets = battle_targets(state)  # the same for every faction: found once
    bid = committed_bid(state, seat)
    mine, mine_material = points(state, seat, targets, bid), material(state, seat, bid)
    return min(mine - points(state, f, targets) + lead(mine_material - material(state, f))
               for f in range(state.factions) if f != seat)
