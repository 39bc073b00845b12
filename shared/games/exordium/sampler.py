"""Exordium determinization: a table consistent with what a seat sees, hidden parts redrawn.

Two things are hidden from both players alike (view.py): the Resource colour of every Terrain
card not yet extracted, and each deck below its public top card. What is public about them:
the colour counts (8/8/8, components.py) minus the Resources revealed so far, and the
multiset of each deck's cards (the 12 drone values minus every card that was once a public
top card and left the deck). The sampler reads only those public facts, so two tables that
differ only in hidden colours or deck order give the same sample for the same `rng`.
"""
from dataclasses import replace

from shared.games.exordium.components import RESOURCE_COLOURS, TERRAIN_COUNTS
from shared.games.exordium.state import OVER


def _unrevealed_cells(state):
    """Cells whose Terrain card is still unextracted: on the board or in a play area."""
    cells = set(state.board)
    for player in state.players:
        cells.update(player.terrain)
    return sorted(cells)


def _unrevealed_colours(state):
    """The public count of each colour not yet revealed, as a sorted list of colours."""
    counts = dict(TERRAIN_COUNTS)
    for player in state.players:
        for _, colour in player.resources:
            counts[colour] -= 1
    return [colour for colour in RESOURCE_COLOURS for _ in range(counts[colour])]


def _redeal_colours(state, rng):
    cells = _unrevealed_cells(state)
    pool = _unrevealed_colours(state)
    if len(pool) != len(cells):  # not a dealt table (never after TerrainDealt)
        return state.colours
    rng.shuffle(pool)
    revealed = [pair for player in state.players for pair in player.resources]
    return tuple(sorted(revealed + list(zip(cells, pool))))


def _reshuffle_deck(deck, rng):
    """The deck with its public top card kept and the rest in a fresh order."""
    below = sorted(deck[1:])  # sorted first: the result must not depend on the hidden order
    rng.shuffle(below)
    return deck[:1] + tuple(below)


def sample(state, seat, rng):
    """A table `seat` cannot tell from `state`, with every hidden part drawn afresh."""
    if state is None or state.phase == OVER or not state.colours:
        return state
    players = tuple(replace(p, deck=_reshuffle_deck(p.deck, rng)) for p in state.players)
    return replace(state, colours=_redeal_colours(state, rng), players=players)
