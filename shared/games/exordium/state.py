"""Exordium state: immutable values folded from events (evolve.py)."""
from dataclasses import dataclass, replace
from typing import Optional

from shared.games.exordium.components import ACTION_CARD_NAMES

SETUP, PLAY, OVER = "setup", "play", "over"


@dataclass(frozen=True)
class Player:
    """One player's cards: on the board, in their play area, in their deck, on the Artifact."""

    outposts: tuple = ()   # cells of their Outposts, starting Outpost first
    deck: tuple = ()       # drone values, top card first; hidden below the top
    terrain: tuple = ()    # cells of the Terrain cards in their play area, not yet extracted
    resources: tuple = ()  # (cell, colour) of each Terrain card flipped to its Resource side
    drones: tuple = ()     # drone values of their Drone cards on the Artifact


@dataclass(frozen=True)
class State:
    """The whole table. `colours` is hidden information: views never show it unextracted."""

    colours: tuple = ()         # (cell, colour) of every Terrain card, as dealt
    board: frozenset = frozenset()  # cells still holding a Terrain card
    players: tuple = (Player(), Player())
    face_up: tuple = ACTION_CARD_NAMES
    phase: str = SETUP
    turn: Optional[int] = 0     # the seat to act; None once the game is over
    triggers: tuple = ()        # the end game triggers that ended the game


def colour_of(state, cell):
    """The Resource colour of the Terrain card dealt to `cell`."""
    for dealt, colour in state.colours:
        if dealt == cell:
            return colour
    raise KeyError(cell)


def with_player(state, seat, **changes):
    """`state` with one player's fields replaced."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def with_cards(state, seat, player, board):
    """`state` with one player's cards and the board replaced: the two things an Action changes.

    Built field by field rather than with `replace`, which costs several times more and is on
    the path of every fold a bot search makes.
    """
    players = state.players
    return State(state.colours, board, players[:seat] + (player,) + players[seat + 1:],
                 state.face_up, state.phase, state.turn, state.triggers)


def resource_count(player, colour):
    """How many Resources of `colour` the player holds."""
    return sum(1 for _, held in player.resources if held == colour)
