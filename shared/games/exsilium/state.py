"""Exsilium state: immutable values folded from events (evolve.py).

Dicts inside the frozen dataclasses are never mutated: every change builds a new one, so a
copy of the state is a cheap shallow copy (bots search over it).
Decks are kept as sorted tuples: a card is drawn uniformly at random from what is left when it
is drawn (in `decide`, recorded in the event), which to every seat is the same as a shuffled
face-down deck (RULES_NOTES.md).
"""
from dataclasses import dataclass, field
from typing import Optional

from shared.games.exsilium.components import GOALS, MAX_BARALYTAS
from shared.games.kit.frozen import replace

FACTION, BID, START, PLAY, OVER = "faction", "bid", "start", "play", "over"


@dataclass(frozen=True)
class Player:
    faction: Optional[str] = None
    hand: tuple = ()
    deck: tuple = ()
    discard: tuple = ()
    tokens: int = 10
    baralytas: tuple = ()          # values of the Baralytas tokens held
    terminal_tokens: int = 0
    minis: tuple = (None, None, None, None)   # node of each miniature; None: on the player board
    board: tuple = (0, 1, 2, 3)    # miniatures on the player board, next to deploy first
    slots: int = 0                 # ability slots filled
    slot_tokens: int = 0           # of those, filled with a faction token (refunded on release)
    fallen: frozenset = frozenset()  # miniatures on the player board because they were defeated
    holes_left: int = 4            # Vinsan sinkhole tokens left
    trapped: Optional[tuple] = None  # Wardun: (seat, mini) under the Wardun token
    start: Optional[int] = None    # activation node of this player's starting tile
    bid: Optional[int] = None      # secret first-player bid, until revealed
    left_terminals: frozenset = frozenset()  # terminal nodes this player has left before


@dataclass(frozen=True)
class Turn:
    moved_tiles: frozenset = frozenset()  # tiles where the active player moved a miniature
    ended_tiles: frozenset = frozenset()  # tiles where a move of the active player ended
    slot_used: bool = False
    hologram: Optional[tuple] = None      # (mini, origin node, hologram card)
    session: Optional[str] = None         # upgrades board: None, "open" or "cycled"
    truce: frozenset = frozenset()        # (mini, foe) pairs whose combat was avoided this turn


@dataclass(frozen=True)
class Combat:
    kind: str                  # "player" or "newaru"
    attacker: int              # the seat in turn
    mini: int                  # its miniature in the combat
    foe: tuple                 # ("seat", seat, mini) or ("newaru", id)
    stage: str                 # "intimidation", "replica" or "newaru"
    committed: tuple = ()      # the attacker's face-down cards
    placed: tuple = ()         # the chooser's cards placed so far, one by one (choices.py)
    enemy: Optional[str] = None  # the revealed enemy action card
    bonus: int = 0             # outcome damage added to the next enemy attack
    newaru_first: bool = False  # the Newaru moved into combat: it counts as the attacker


def placer(combat):
    """The seat whose cards `combat.placed` holds: the one committing now."""
    return combat.foe[1] if combat.stage == "replica" else combat.attacker


@dataclass(frozen=True)
class Pending:
    """A choice a seat owes after a combat or an ability: 'concede', 'discard', 'escape' (a
    combat winner next to another foe may use a card to leave), 'displace' (Vinsan hole) or
    'ward' (a Dive or Dodge card may ward off an effect: wards.py)."""

    kind: str
    seat: int
    count: int = 0             # discard: how many cards
    tile: Optional[tuple] = None   # concede: tile where the miniature died
    cards: tuple = ()          # concede: cards to choose from (empty: the whole hand)
    give_to: Optional[int] = None  # concede: seat who receives a Baralytas token; -1 deposit
    node: Optional[int] = None     # concede: node where the miniature died
    winner_node: Optional[int] = None
    mini: Optional[int] = None     # escape: the winner's miniature
    figure: Optional[tuple] = None  # displace: ("seat", seat, mini) or ("newaru", id) on `node`
    victims: tuple = ()        # ward: the seat's (seat, mini) pairs the effect would defeat
    ward: Optional[str] = None  # ward: the card kind that wards it off ("dive" or "dodge")
    concede: bool = False      # ward: the losers then follow the loser's discard rule


@dataclass(frozen=True)
class State:
    options: dict
    seats: int
    phase: str = FACTION
    players: tuple = ()
    placed: dict = field(default_factory=dict)      # tile position -> tile id (face up)
    facedown: frozenset = frozenset()               # tile positions still face down
    stack: tuple = ()                               # tile ids not yet placed
    kinds: dict = field(default_factory=dict)       # node -> kind of every face-up node
    deposits: dict = field(default_factory=dict)    # deposit node -> Baralytas values on it
    terminal_tokens: frozenset = frozenset()        # terminal nodes with a connection token
    control: dict = field(default_factory=dict)     # terminal node -> controlling seat
    markers: dict = field(default_factory=dict)     # node -> (owner, card|None, face)
    supply: tuple = ()                              # supply deck, top last
    newaru: dict = field(default_factory=dict)      # Newaru id -> node
    holes: frozenset = frozenset()                  # destroyed nodes
    hole_tokens: tuple = ()
    cleared: frozenset = frozenset()                # crossings whose frontier was destroyed
    upgrade_deck: tuple = ()
    row: tuple = (None, None, None, None)           # the 4 face-up upgraded cards
    enemy_decks: dict = field(default_factory=dict)  # level -> enemy card keys left
    outcome_deck: tuple = ()
    baralytas_deck: tuple = ()
    pool: int = 0                                   # faction tokens in the game pool
    terminal_reserve: int = 0
    order: tuple = ()                               # seats in turn order
    round: int = 0
    active: Optional[int] = None
    turn: Turn = Turn()
    combat: Optional[Combat] = None
    pending: tuple = ()
    bidders: tuple = ()                             # seats that must bid now
    tied_bids: int = 0                              # tied reveals in a row (setup.py)
    result: Optional[dict] = None
    revealed: dict = field(default_factory=dict)    # public facts of the last reveal (view)


def with_player(state, seat, **changes):
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def points(player):
    """Baralytas points (at most 15: rulebook, Baralytas deck)."""
    return min(MAX_BARALYTAS, sum(player.baralytas))


def goal(state):
    return GOALS[state.seats] + (2 if state.options.get("plus_two") else 0)


def figures(state):
    """{node: ("seat", seat, mini) or ("newaru", id)} of every miniature on the board."""
    out = {}
    for seat, player in enumerate(state.players):
        for mini, node in enumerate(player.minis):
            if node is not None:
                out[node] = ("seat", seat, mini)
    for nid, node in state.newaru.items():
        out[node] = ("newaru", nid)
    return out


def trapped_set(state):
    return {p.trapped for p in state.players if p.trapped is not None}


def lang(state):
    return state.options.get("language", "en")
