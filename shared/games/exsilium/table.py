"""Queries over the table used by several rule areas."""
from collections import deque

from shared.games.exsilium.board import around, chebyshev, crossing, printed_frontier, tile_pos, touching
from shared.games.exsilium.components import NEWARU_COUNT, TILES
from shared.games.exsilium.state import figures, trapped_set


def passable(state, n):
    """A face-up node a miniature may stand on: not a deposit, not destroyed."""
    kind = state.kinds.get(n)
    return kind is not None and kind != "D" and n not in state.holes


def free(state, n, figs=None):
    return passable(state, n) and n not in (figs if figs is not None else figures(state))


def terrain(state, pos):
    tile = state.placed.get(pos)
    return TILES[tile]["terrain"] if tile else None


# id(placed tiles) -> (those tiles, {(a, b): (crossing, printed frontier)}). The tiles are
# kept with their entry, so that their id cannot name other tiles while it lives; a table's
# tiles are never changed in place (state.py). Cleared when full.
_PRINTED: dict = {}
_MAX_BOARDS = 256


def frontier(state, a, b):
    """The frontier number between the tiles of a and b, 0 if none or destroyed. The printed
    number is kept per board: the bots' heuristic asks it over a hundred thousand times a
    move, mostly of the same few crossings."""
    placed = state.placed
    entry = _PRINTED.get(id(placed))
    if entry is None or entry[0] is not placed:
        if len(_PRINTED) >= _MAX_BOARDS:
            _PRINTED.clear()
        entry = _PRINTED[id(placed)] = (placed, {})
    known = entry[1].get((a, b))
    if known is None:
        key = crossing(a, b)
        known = entry[1][a, b] = (key, 0 if key is None else printed_frontier(placed, a, b))
    key, printed = known
    return 0 if key is None or key in state.cleared else printed


def on_tile(state, seat, pos):
    """How many of the seat's (untrapped) miniatures stand on the tile at `pos`."""
    trapped = trapped_set(state)
    return sum(1 for m, n in enumerate(state.players[seat].minis)
               if n is not None and tile_pos(n) == pos and (seat, m) not in trapped)


def movable(state, seat):
    """The seat's miniatures on the board that are not trapped by a Wardun token."""
    trapped = trapped_set(state)
    return [m for m, n in enumerate(state.players[seat].minis)
            if n is not None and (seat, m) not in trapped]


def foes_of(state, seat, node, figs=None):
    """Figures next to `node` that would fight the seat: other factions (untrapped), Newaru."""
    figs = figs if figs is not None else figures(state)
    trapped = trapped_set(state)
    out = []
    for m in around(node):
        fig = figs.get(m)
        if fig is None:
            continue
        if fig[0] == "newaru" or (fig[1] != seat and (fig[1], fig[2]) not in trapped):
            out.append((m, fig))
    return out


def portal_of(state, pos):
    """The face-up, undestroyed portal node of the tile at `pos`, or None."""
    for n, kind in state.kinds.items():
        if kind == "P" and tile_pos(n) == pos and n not in state.holes:
            return n
    return None


def distances(state, source):
    """Steps from `source` to every passable node (ignoring miniatures and frontiers)."""
    dist = {source: 0}
    queue = deque([source])
    while queue:
        n = queue.popleft()
        for m in around(n):
            if m not in dist and passable(state, m):
                dist[m] = dist[n] + 1
                queue.append(m)
    return dist


def closest_deposit(state, node):
    """The crystal deposit closest to `node` (lowest id on ties), or None."""
    deposits = [n for n, k in state.kinds.items() if k == "D"]
    return min(deposits, key=lambda d: (chebyshev(d, node), d)) if deposits else None


def free_nodes_on_tile(state, pos):
    """Free nodes of a tile with no faction token (supply box) on them."""
    figs = figures(state)
    return sorted(n for n in state.kinds if tile_pos(n) == pos and free(state, n, figs)
                  and n not in state.markers)


def next_newaru_id(state):
    for nid in range(NEWARU_COUNT):
        if nid not in state.newaru:
            return nid
    return None


def touching_any(a, nodes):
    return any(touching(a, n) for n in nodes)
