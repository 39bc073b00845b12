"""How good a Nexum position looks for a seat (bots): its standing minus the best rival's."""
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


def strength(state, faction: int, bid: int = 0, targets=None) -> float:
    """`bid`: energy the faction has bid and not paid yet (`committed_bid`); `targets`:
    `battle_targets(state)`, when the caller has them."""
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
            + WEIGHTS["asteroid"] * len(state.loaded[faction])
            + WEIGHTS["vp"] * STRIKE * readiness(state, faction, targets))


def battle_targets(state) -> dict:
    """{faction: the weakest defence of a planet it holds outside the exotic systems}: where
    a won battle scores a victory point. A defence is never below the planet's ships, so
    the planets are judged fewest ships first and only while they could still be weaker."""
    by_holder = {}
    for p, here in state.ships.items():
        if here and _scores(p):
            holder = next(iter(here))
            by_holder.setdefault(holder, []).append((here[holder], p))
    weakest = {}
    for holder, planets in by_holder.items():
        for ships, p in sorted(planets):
            if holder in weakest and ships >= weakest[holder]:
                break
            defence = board.defence(state, p)
            if holder not in weakest or defence < weakest[holder]:
                weakest[holder] = defence
    return weakest


@lru_cache(maxsize=None)
def _scores(place: str) -> bool:
    """Whether a battle won at `place` scores: a planet outside the exotic systems (a name
    says it, so it is worked out once)."""
    return board.is_planet(place) and not exotic.is_exotic(board.system_of(place))


def readiness(state, faction: int, targets=None) -> float:
    """How near the faction's largest fleet is to winning a battle that scores: its ships
    over those that would beat the weakest planet another faction holds outside the exotic
    systems (1.0 once it is enough). `targets`: `battle_targets(state)`.

    Why: a won battle is the one way to victory points, and it needs one fleet stronger than
    a defence (one move, from one place); counted only once won, spreading one ship a planet
    scored best, and against random play with no AI civilisation level 2 sat at 5 of its 6
    points for the last 16 rounds with 22 ships spread one or two a place, while the other
    seat kept its 11 on its one planet (docs/BOTS.md)."""
    targets = battle_targets(state) if targets is None else targets
    needed = min((defence + 1 for holder, defence in targets.items() if holder != faction),
                 default=None)
    if needed is None:
        return 0.0
    fleet = max((here[faction] for here in state.ships.values() if faction in here), default=0)
    return min(1.0, fleet / needed)


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
    targets = battle_targets(state)  # the same for every faction: found once
    mine = strength(state, seat, committed_bid(state, seat), targets)
    return mine - max(strength(state, f, targets=targets) for f in range(state.factions)
                      if f != seat)
