"""Exile Sun state: frozen values only; every change makes a new one (evolve.py)."""
from dataclasses import dataclass, fields
from typing import Optional

# Phases, in the order of a cycle (rulebook p8: Budget, Move, Battle), after setup (p6).
PLACE_SYSTEM, CHOOSE_COLONY, PLACE_FLEETS = "place_system", "choose_colony", "place_fleets"
DRAFT, ALLOCATE, SHIFT, BUILD = "draft", "allocate", "shift", "build"
MOVE, BATTLE, REGROUP, OVER = "move", "battle", "regroup", "over"
ATTACKER, DEFENDER = 0, 1
# A battle's steps (p10-13): choose ships, set tactics (rounds), repairs after losses, over.
SHIPS_STEP, TACTICS_STEP, REPAIR_STEP, OVER_STEP = "ships", "tactics_round", "repairs", "over"


def _deeply_frozen(cls):
    """Copies of a value built only of tuples, frozensets, strings and numbers are the value
    itself, as for a tuple of such (tests/games/exile_sun: every state of many matches
    hashes, which a list or dict anywhere inside would refuse)."""
    cls.__copy__ = lambda self: self
    cls.__deepcopy__ = lambda self, memo: self
    return cls


@_deeply_frozen
@dataclass(frozen=True)
class Deck:
    """A face-down deck. `pool` is its shuffled part, whose order is not decided yet: a draw
    takes cards from it at random (the draw is recorded in an event). `bottom` holds the cards
    put under the deck since its last shuffle, in order; they come out after the pool."""

    pool: tuple = ()
    bottom: tuple = ()

    @property
    def size(self) -> int:
        return len(self.pool) + len(self.bottom)

    def without(self, cards) -> "Deck":
        gone = set(cards)
        return Deck(tuple(c for c in self.pool if c not in gone),
                    tuple(c for c in self.bottom if c not in gone))

    def under(self, cards) -> "Deck":
        return Deck(self.pool, self.bottom + tuple(cards))

    def shuffled_with(self, cards=()) -> "Deck":
        return Deck(tuple(sorted(self.pool + self.bottom + tuple(cards))), ())

    def draw(self, count: int, rng) -> tuple:
        """The `count` cards a draw takes (decide only): the pool first, at random. Sorted: the
        order within one draw tells nothing."""
        pool = sorted(self.pool)
        taken = tuple(rng.sample(pool, min(count, len(pool))))
        return tuple(sorted(taken + self.bottom[:max(0, count - len(taken))]))


@_deeply_frozen
@dataclass(frozen=True)
class Fleet:
    """A token on the map. `kind` is heavy/medium/light/shipyard/decoy (face down) or scout
    (a group of `count` scouts, face up)."""

    id: str
    owner: int
    kind: str
    space: str
    count: int = 1
    moves: int = 0
    scanned: bool = False
    came_from: Optional[str] = None


@_deeply_frozen
@dataclass(frozen=True)
class Player:
    seat: int
    hand_limit: int = 0
    tile: Optional[str] = None
    slot: Optional[int] = None
    flipped: bool = False
    colony: Optional[str] = None
    tech_stack: Optional[str] = None
    hand: tuple = ()             # ship cards
    storage: tuple = ()          # Strike Craft, Flagship, Shipyard (and trophies apart)
    overhead: Deck = Deck()
    reserve: Deck = Deck()
    techs: tuple = ()
    agendas: tuple = ()
    supply: tuple = ()           # (kind, count) tokens not on the map
    to_place: tuple = ()         # starting fleets not yet placed
    public_vp: int = 0
    trophies: tuple = ()         # ("flagship"|"shipyard", from seat)
    initiative: Optional[int] = None
    allocation: Optional[tuple] = None    # overhead, fuel, ships, tech (secret until revealed)
    budget_tech: Optional[str] = None     # a budget tech card played with the allocation
    deploys: int = 0             # fleets still to deploy this build
    decoys_deployed: int = 0     # decoys deployed this build, announced when it ends (p15)
    decoys_announced: int = 0    # decoys redeployed this cycle, as announced (public)
    shipyard_lost: bool = False
    discard_choice: Optional[bool] = None
    beaten: tuple = ()           # seats beaten in battle this cycle (agendas)

    def supply_of(self, kind: str) -> int:
        return dict(self.supply).get(kind, 0)


@_deeply_frozen
@dataclass(frozen=True)
class Battle:
    """The battle being fought: side 0 attacks, side 1 defends."""

    space: str
    fleets: tuple                # (attacker fleet id, defender fleet id)
    seats: tuple                 # (attacker seat, defender seat)
    tokens: tuple                # token kinds (revealed when the cards are)
    step: str = SHIPS_STEP
    commits: tuple = (None, None)        # per side: (cards, tech) until revealed
    ships: tuple = ((), ())              # per side: ((card, damage), ...)
    power_bonus: tuple = (0, 0)
    tactics: tuple = (None, None)        # per side: columns, secret until revealed
    round: int = 0
    quiet_rounds: int = 0
    lost_this_round: tuple = ((), ())
    repair_done: tuple = (False, False)
    destroyed: tuple = ((), ())          # every card each side lost in this battle
    last_tactics: tuple = ()             # per side: the columns of the last round fought


@_deeply_frozen
@dataclass(frozen=True)
class State:
    players: tuple
    victory: int = 10
    missing: str = "error_stands"
    scout_fleets: bool = False     # option: Scout groups may become fleet tokens
    shipyard_moves: bool = False   # option: the Shipyard token moves, scans and attacks
    map: str = "deep"              # the map's name (components.MAPS); board.table(state)
    phase: str = PLACE_SYSTEM
    order: tuple = ()            # seats in turn order for the current phase
    turn: int = 0                # index into `order`
    cycle: int = 0
    fleets: tuple = ()           # Fleet, by id
    next_fleet: int = 0
    planets: tuple = ()          # (space, owner seat) for every planet
    draft_pool: tuple = ()       # Initiative cards not chosen yet
    last_four: Optional[int] = None      # who held #4 last cycle
    last_mover: Optional[int] = None     # who went last last cycle
    tech_deck: Deck = Deck()
    tech_discard: tuple = ()
    agenda_deck: Deck = Deck()
    agenda_discard: tuple = ()
    agenda_review: int = 0       # cards the #6 holder must still put under the deck
    agenda_reviewed: bool = False
    battles: tuple = ()          # (attacker fleet id, defender fleet id) still to fight
    battle: Optional[Battle] = None
    known: frozenset = frozenset()       # (seat, fleet id): fleet values a seat has scanned
    revealed: frozenset = frozenset()    # fleet ids whose value everyone saw (battles)
    last_scan: Optional[tuple] = None    # (fleet, target, distance, roll, success)
    revealed_budgets: tuple = ()         # per seat, the allocation after the reveal
    result: Optional[tuple] = None       # (reason, ranks, scores)


_FIELDS = {}


def replace(value, **changes):
    """`dataclasses.replace` for these frozen values, without re-running `__init__` over every
    field (the engine makes tens of thousands of states a match; this is most of evolve)."""
    kind = type(value)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = frozenset(f.name for f in fields(kind))
    if not names.issuperset(changes):
        raise TypeError(f"{kind.__name__} has no field {sorted(set(changes) - names)}")
    new = object.__new__(kind)
    new.__dict__.update(value.__dict__)
    new.__dict__.update(changes)
    return new


def with_player(state: State, seat: int, **changes) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def fleet(state: State, fleet_id: str) -> Optional[Fleet]:
    for f in state.fleets:
        if f.id == fleet_id:
            return f
    return None


def fleets_at(state: State, space: str) -> tuple:
    return tuple(f for f in state.fleets if f.space == space)


def with_fleet(state: State, updated: Fleet) -> State:
    return replace(state, fleets=tuple(updated if f.id == updated.id else f
                                       for f in state.fleets))


def without_fleet(state: State, fleet_id: str) -> State:
    return replace(state, fleets=tuple(f for f in state.fleets if f.id != fleet_id))


def planet_owner(state: State, space: str) -> Optional[int]:
    return dict(state.planets).get(space)


def planets_of(state: State, seat: int) -> tuple:
    return tuple(p for p, owner in state.planets if owner == seat)


def supply_changed(supply: tuple, kind: str, delta: int) -> tuple:
    counts = dict(supply)
    counts[kind] = counts.get(kind, 0) + delta
    return tuple(sorted(counts.items()))


def acting_seat(state: State) -> Optional[int]:
    """The seat whose turn it is in a phase played in turn order."""
    return state.order[state.turn] if state.turn < len(state.order) else None


def in_battle(state: State, fleet_id: str) -> bool:
    return any(fleet_id in pair for pair in state.battles)
