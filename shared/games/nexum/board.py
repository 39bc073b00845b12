"""Map queries over a Nexum state: places, holders, control, costs and strengths."""
from __future__ import annotations

from typing import Optional

from shared.games.nexum import exotic
from shared.games.nexum.state import State, relics_with, ships_at

CLOUD = "cloud"
WORMHOLE = "wormhole"  # multi-battle: the Asteroid Cloud flipped to its Wormhole side
DISKS = (CLOUD, WORMHOLE)  # places that are neither planets nor stars
EXOTIC_WORMHOLE = exotic.WORMHOLE  # Exotic System I, a disk with no planets either
TRANSIT = DISKS + (EXOTIC_WORMHOLE,)  # ships pass through disks, never hold them


def system_of(place: str) -> str:
    return place if place in DISKS else place[0]


def is_star(place: str) -> bool:
    return place.endswith("*")


def is_planet(place: str) -> bool:
    return len(place) >= 2 and place[1:].isdigit()


def disk_of(state: State):
    """The sector's Asteroid Cloud or Wormhole disk, whichever is in play (None: neither)."""
    return next((disk for disk in DISKS if disk in state.links), None)


def planets_of(state: State, letter: str) -> list:
    """The planets of a system that still count (destroyed planets do not)."""
    return [f"{letter}{n}" for n in range(1, len(state.systems[letter]) + 1)
            if f"{letter}{n}" not in state.destroyed]


def size_of(state: State, planet: str) -> int:
    return state.systems[planet[0]][int(planet[1:]) - 1]


_PLACES: dict = {}


def places(state: State) -> list:
    """Every place ships may be: live planets, stars, and the cloud when in play (the same
    for every state of a sector with the same destroyed planets, so remembered)."""
    key = (state.sector, state.destroyed, disk_of(state), tuple(sorted(state.systems)))
    if key not in _PLACES:
        _PLACES[key] = tuple(_places(state))
    return _PLACES[key]


def _places(state: State) -> list:
    out = []
    for letter in sorted(state.systems):
        out.extend(planets_of(state, letter))
        out.extend(exotic.stars_of(state, letter))
        if exotic.has(letter, "wormhole"):
            out.append(EXOTIC_WORMHOLE)
    if disk_of(state) is not None:
        out.append(disk_of(state))
    return out


def holder(state: State, place: str) -> Optional[int]:
    """The faction whose ships are on a planet or star (one at most), else None."""
    here = state.ships.get(place, {})
    return next(iter(here)) if here else None


def planets_held(state: State, faction: int, letter: str) -> int:
    return sum(1 for p in planets_of(state, letter) if holder(state, p) == faction)


def holds_majority(state: State, faction: int, letter: str) -> bool:
    """At least half of the system's live planets (rounded up: 2 of 3, 1 of 2); the Binary
    Star's half is rounded down (Asteroids p.11)."""
    live = len(planets_of(state, letter))
    if exotic.has(letter, "binary"):
        return live > 0 and planets_held(state, faction, letter) >= exotic.binary_threshold(live)
    return live > 0 and planets_held(state, faction, letter) * 2 >= live


def fleet_size(state: State, faction: int) -> int:
    """Ships on the map, cloaked ones included."""
    return sum(here.get(faction, 0) for here in state.ships.values()) + \
        len(state.cloaked.get(faction, ()))


def in_play(state: State, faction: int) -> bool:
    """A faction with no ship left is out of the match (it can never replicate again)."""
    return fleet_size(state, faction) > 0


def relics_of(state: State, faction: int) -> list:
    """The relics a faction's ships carry, cloaked ones included (still theirs)."""
    return [r for here in state.carried.values() for r in here.get(faction, ())] + \
        [relic for _, relic, _ in state.cloaked.get(faction, ())]


def has_tech(state: State, faction: int, tech: str) -> bool:
    return state.kinds[faction] == "seat" and tech in state.techs[faction]


def energy_cap(state: State, faction: int) -> int:
    rules = state.rules
    if has_tech(state, faction, "recharge_2"):
        return rules["energy_cap_recharge_2"]
    if has_tech(state, faction, "recharge_1"):
        return rules["energy_cap_recharge_1"]
    return rules["energy_cap"]


def reserve_limit(state: State, faction: int) -> int:
    rules = state.rules
    return rules["reserve_replicator_3"] if has_tech(state, faction, "replicator_3") \
        else rules["reserve"]


def replication_limit(state: State, faction: int) -> int:
    limit = state.rules["replication_limit"]
    limit += has_tech(state, faction, "replicator_1") + has_tech(state, faction, "replicator_2")
    return limit + relics_of(state, faction).count("replicator")


def processing_capacity(state: State, faction: int) -> int:
    level = 2 if has_tech(state, faction, "processing_2") else \
        1 if has_tech(state, faction, "processing_1") else 0
    return state.rules["processing_capacity"][level]


def hyperspace_allowed(state: State, faction: int) -> bool:
    """The core game jumps freely; the expansion only after researching Hyperspace."""
    return state.mode != "asteroids" or has_tech(state, faction, "hyperspace")


def step_cost(state: State, faction: int, origin: str, to: str) -> Optional[int]:
    """Energy per ship from one system to another before markers; None if out of reach."""
    here, there = system_of(origin), system_of(to)
    rules = state.rules
    if here == there:
        return rules["move_cost_same_system"]
    adjacent = there in state.links.get(here, ())
    discount = exotic.bridge_discount(state, here, there, adjacent)
    if adjacent:
        return rules["move_cost_adjacent"] - discount
    if hyperspace_allowed(state, faction) or exotic.black_hole_bridges(state, here, there):
        return rules["move_cost_hyperspace"] - discount
    return None


def move_cost(state: State, faction: int, origin: str, to: str, ships: int,
              relics: tuple) -> Optional[int]:
    """The energy a fleet pays: per ship, the step plus No Movement markers at the
    destination; an Engine relic in the fleet takes 1 off per ship (never below 1)."""
    step = step_cost(state, faction, origin, to)
    if step is None:
        return None
    markers = state.no_move.get(to, 0)
    if state.skill == ("de_ionizing", to, False) and faction == state.acting:
        markers = 0  # Psycon: one fleet a turn "doesn't have to pay any additional energy"
    per_ship = step + markers * state.rules["no_movement_surcharge"]
    if "engine" in relics:
        per_ship = max(1, per_ship - 1)
    return per_ship * ships


def defence(state: State, planet: str, faction: Optional[int] = None) -> int:
    """Defenders, +1 when they hold their system's star, +1 with a Military relic; a Neutron
    Star's planets +1; the Binary Star's planets +1 per ship the defender has on its stars;
    the Giant Star is defended by its ships alone."""
    faction = holder(state, planet) if faction is None else faction
    if faction is None:
        return 0
    rules = state.rules
    value = ships_at(state, planet, faction)
    if is_star(planet):
        return value
    letter = planet[0]
    value += exotic.neutron_bonus(letter)
    if exotic.has(letter, "binary"):
        value += sum(ships_at(state, star, faction) for star in exotic.stars_of(state, letter))
    elif any(holder(state, star) == faction for star in exotic.stars_of(state, letter)):
        value += rules["star_defence"]
    if "military" in relics_with(state, planet, faction):
        value += rules["military_relic_bonus"]
    if state.affinity.get(faction) == planet and relics_with(state, planet, faction):
        value += rules["military_relic_bonus"]  # Clonyx NEXUM AFFINITY
    return value


def fleet_attack(state: State, faction: int, origin: str, ships: int, relics: tuple) -> int:
    """A fleet's strength: its ships, +1 with a Military relic, +1 when a Clonyx fleet takes
    along relics from the place its NEXUM AFFINITY names."""
    bonus = state.rules["military_relic_bonus"] \
        if relics and state.affinity.get(faction) == origin else 0
    return attack(state, ships, relics) + bonus


def attack(state: State, ships: int, relics: tuple) -> int:
    return ships + (state.rules["military_relic_bonus"] if "military" in relics else 0)


def attack_succeeds(state: State, attacker: int, strength: int, planet: str,
                    defender: Optional[int] = None) -> bool:
    """Strength must beat the defence; Engineering I wins ties unless the defender has it."""
    defender = holder(state, planet) if defender is None else defender
    needed = defence(state, planet, defender)
    if strength > needed:
        return True
    return (strength == needed and has_tech(state, attacker, "engineering_1")
            and not has_tech(state, defender, "engineering_1"))


def attacker_losses(state: State, defenders: int) -> int:
    return defenders // 2 * state.rules["attacker_losses_per_two_defenders"]


def is_tann_in_use(state: State, letter: str) -> bool:
    return letter in state.tann


def plunder(state: State, place: str) -> int:
    if place in state.dead:
        return 0
    return state.rules["star_plunder"] if is_star(place) else size_of(state, place)
