"""Nexum state: a frozen value; every change makes a new one (evolve never mutates).

Factions are numbered: seats first (faction i is seat i), then the AI civilisations.
Places are strings: "D2" a planet, "D*" a star, "cloud" the Asteroid Cloud. Mappings are
plain dicts that are never changed in place (the helpers below copy on write).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from shared.games.kit.frozen import replace


@dataclass(frozen=True)
class State:
    rules: dict                      # the numbers in force (data/components.json)
    mode: str                        # asteroids | core | eventless
    sector: str
    seats: int
    kinds: tuple                     # per faction: "seat" | "ai"
    tann: tuple                      # per faction: its Tann system's letter
    aggressiveness: int
    max_rounds: int
    systems: dict                    # letter -> tuple of planet sizes (index 0 is planet 1)
    links: dict                      # letter -> tuple of adjacent letters ("cloud" included)
    ships: dict = field(default_factory=dict)     # place -> {faction: count}
    carried: dict = field(default_factory=dict)   # place -> {faction: (relic, ...)}
    loose: dict = field(default_factory=dict)     # place -> (relic, ...) lying there
    reserve: tuple = ()
    energy: tuple = ()
    vp: tuple = ()
    techs: tuple = ()                # per faction: tuple of tech names
    no_move: dict = field(default_factory=dict)   # planet -> markers
    no_manage: dict = field(default_factory=dict)
    destroyed: frozenset = frozenset()
    dead: frozenset = frozenset()
    asteroids_on: dict = field(default_factory=dict)  # planet -> its marker's crystals (hidden)
    pool: tuple = ()                 # the asteroid reserve's contents (sorted; hidden)
    loaded: tuple = ()               # per faction: ((asteroid id, crystals), ...)
    next_asteroid: int = 0
    deck: tuple = ()                 # event cards left to draw (sorted: order is drawn)
    discard: tuple = ()
    hands: tuple = ()
    row: tuple = ()                  # Action Row: per slot, its stack (top card last)
    row_played: bool = False
    markers_ruin: bool = True        # 5 markers destroy / kill a planet (Asteroids only)
    action_rows: int = 1             # Action Rows revealed each round (Aggressiveness, no AI)
    rows_drawn: int = 0              # of them, drawn this round
    queue: tuple = ()                # factions still to decide on the Action Row
    used: tuple = ()                 # per faction: phase cards used this cycle
    chosen: dict = field(default_factory=dict)    # faction -> (card, bid), until revealed
    order: tuple = ()                # turn order of this round (seats only)
    stage: str = "choose"            # choose | start (row to draw) | event_play | turn | over
    round: int = 1
    turn: int = 0                    # index in `order`
    phases: tuple = ()               # phases left in the current turn, current first
    replicated: tuple = ()           # planets replicated on this phase
    arrived: dict = field(default_factory=dict)   # place -> ships that moved this phase
    researched: bool = False
    discarded_asteroids: bool = False
    captured_this_turn: bool = False
    cloud_must_leave: int = 0        # the acting faction's ships that must leave the cloud
    winner: Optional[int] = None
    reason: Optional[str] = None
    wormhole: Optional[object] = None  # multi-battle only: wormholes.Wormhole
    # The book's optional parts in play (OptionalRulesChosen; absent: none of them)
    optional: dict = field(default_factory=dict)
    # Exotic systems and the exploration path (exploration.py, exotic.py)
    exploring: tuple = ()            # (faction, origin, card, controlled) of an exploration
    lost: tuple = ()                 # per faction: ships lost for good (failed explorations)
    wormhole_must_leave: int = 0     # the acting faction's ships that must leave the Wormhole
    cloaked: dict = field(default_factory=dict)   # faction -> ((planet, relic, card), ...)
    # Civilization cards (civilizations.py)
    civs: tuple = ()                 # per faction: its civilization (None for the AIs)
    generation: tuple = ()           # per faction: 1 or 2
    skill: tuple = ()                # (skill, target, spent) used this turn
    affinity: dict = field(default_factory=dict)  # faction -> place (Clonyx, until its turn)
    won_this_turn: tuple = ()        # places conquered this turn
    deck_top: tuple = ()             # the deck's next cards, once seen (DeckTopSeen)
    top_seen: tuple = ()             # (faction, indices of deck_top it saw)
    # Campaign mode (campaign.py)
    campaign_markers: tuple = ()     # ((planet, kind, round played), ...) still in force
    campaign_marker_used: bool = False

    @property
    def factions(self) -> int:
        return len(self.kinds)

    @property
    def acting(self) -> Optional[int]:
        """The faction whose turn it is (None outside turns)."""
        if self.stage != "turn" or self.turn >= len(self.order):
            return None
        return self.order[self.turn]


def set_at(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def add_at(values: tuple, index: int, delta) -> tuple:
    return set_at(values, index, values[index] + delta)


def with_key(mapping: dict, key, value, drop_if=None) -> dict:
    """`mapping` with `key` set (or removed when `value == drop_if`)."""
    out = dict(mapping)
    if value == drop_if:
        out.pop(key, None)
    else:
        out[key] = value
    return out


def ships_at(state: State, place: str, faction: int) -> int:
    return state.ships.get(place, {}).get(faction, 0)


def add_ships(state: State, place: str, faction: int, delta: int) -> State:
    here = with_key(state.ships.get(place, {}), faction, ships_at(state, place, faction) + delta,
                    drop_if=0)
    return replace(state, ships=with_key(state.ships, place, here, drop_if={}))


def relics_with(state: State, place: str, faction: int) -> tuple:
    return state.carried.get(place, {}).get(faction, ())


def set_carried(state: State, place: str, faction: int, relics: tuple) -> State:
    here = with_key(state.carried.get(place, {}), faction, tuple(sorted(relics)), drop_if=())
    return replace(state, carried=with_key(state.carried, place, here, drop_if={}))
