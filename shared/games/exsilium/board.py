"""Eris geometry: node ids, adjacency in 8 directions, tiles and frontiers (rulebook, Movement).

A node id is `y * 100 + x` on the global grid; each tile is a 5x5 block of positions, so the
tile position of a node is (y // 5, x // 5). Nodes of edge-adjacent tiles touch across their
shared edge; tiles meeting only at a corner do not connect (AUTHORED, RULES_NOTES.md).
"""
from functools import lru_cache

from shared.games.exsilium.components import TILES

SIZE = 5
DIRECTIONS = tuple((dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx)
_EDGE = {(-1, 0): ("N", "S"), (1, 0): ("S", "N"), (0, -1): ("W", "E"), (0, 1): ("E", "W")}


def node(y, x):
    return y * 100 + x


# Pure geometry asked for hundreds of thousands of times a match (moves, bots): each node's
# coordinates and tile are computed once.
@lru_cache(maxsize=None)
def coords(n):
    return divmod(n, 100)


@lru_cache(maxsize=None)
def tile_pos(n):
    y, x = coords(n)
    return (y // SIZE, x // SIZE)


def tile_nodes(tile_id, pos):
    """{node: kind} of a tile placed at `pos` (kinds: . D P T A)."""
    rows = TILES[tile_id]["rows"]
    out = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch != "#":
                out[node(pos[0] * SIZE + r, pos[1] * SIZE + c)] = ch
    return out


@lru_cache(maxsize=None)
def touching(a, b):
    """Nodes one step apart in one of 8 directions, on the same or edge-adjacent tiles."""
    (ya, xa), (yb, xb) = coords(a), coords(b)
    if a == b or abs(ya - yb) > 1 or abs(xa - xb) > 1:
        return False
    (ra, ca), (rb, cb) = tile_pos(a), tile_pos(b)
    return abs(ra - rb) + abs(ca - cb) <= 1


@lru_cache(maxsize=None)
def around(n):
    """The (up to 8) positions touching `n`, whether or not a node is there. Pure geometry,
    so computed once per node: the bots ask it hundreds of thousands of times a move."""
    y, x = coords(n)
    return tuple(node(y + dy, x + dx) for dy, dx in DIRECTIONS
                 if y + dy >= 0 and x + dx >= 0 and touching(n, node(y + dy, x + dx)))


def chebyshev(a, b):
    (ya, xa), (yb, xb) = coords(a), coords(b)
    return max(abs(ya - yb), abs(xa - xb))


def crossing(a, b):
    """The key of the tile edge crossed going from a to b (None on the same tile)."""
    pa, pb = tile_pos(a), tile_pos(b)
    return None if pa == pb else tuple(sorted((pa, pb)))


def printed_frontier(placed, a, b):
    """The frontier between the tiles of a and b: the higher of the face-up facing edges."""
    pa, pb = tile_pos(a), tile_pos(b)
    if pa == pb:
        return 0
    edge_a, edge_b = _EDGE[(pb[0] - pa[0], pb[1] - pa[1])]
    sides = [TILES[placed[p]]["frontiers"][e] for p, e in ((pa, edge_a), (pb, edge_b))
             if p in placed]
    return max(sides, default=0)


def adjacent_positions(pos, corners=False):
    """Tile positions around `pos`: the 4 edge neighbours (or 8 with corners)."""
    r, c = pos
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if corners:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    return [(r + dr, c + dc) for dr, dc in steps]


def is_border(n):
    y, x = coords(n)
    return y % SIZE in (0, SIZE - 1) or x % SIZE in (0, SIZE - 1)


def pos_key(pos):
    """A tile position as it travels in events and commands: "row,col"."""
    return f"{pos[0]},{pos[1]}"


def parse_pos(key):
    """The tile position written by `pos_key`."""
    r, c = key.split(",")
    return (int(r), int(c))
