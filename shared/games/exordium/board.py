"""The 5x5 board: cells a1..e5 (column a-e, row 1-5) with the Artifact at c3."""

COLUMNS = "abcde"
ROWS = (1, 2, 3, 4, 5)
CELLS = tuple(f"{col}{row}" for row in ROWS for col in COLUMNS)
ARTIFACT = "c3"
# Set up: 24 Terrain cards fill every space but the Artifact's.
TERRAIN_CELLS = tuple(cell for cell in CELLS if cell != ARTIFACT)
DIRECTIONS = ((1, 0), (0, 1))  # a "straight line" is horizontal or vertical (RULES_NOTES.md)


def coords(cell):
    """(column index, row index) of a cell name."""
    return COLUMNS.index(cell[0]), int(cell[1:]) - 1


def name(col, row):
    """The cell at (column index, row index), or None off the board."""
    if 0 <= col < len(COLUMNS) and 0 <= row < len(ROWS):
        return f"{COLUMNS[col]}{row + 1}"
    return None


def _neighbours(cell):
    col, row = coords(cell)
    steps = ((0, -1), (-1, 0), (1, 0), (0, 1))
    return tuple(n for n in (name(col + dc, row + dr) for dc, dr in steps) if n)


NEIGHBOURS = {cell: _neighbours(cell) for cell in CELLS}
# The same, as sets: the engine asks "which board cells touch these Outposts" on every move.
NEIGHBOUR_SETS = {cell: frozenset(near) for cell, near in NEIGHBOURS.items()}


def _around(cell):
    col, row = coords(cell)
    near = (name(col + dc, row + dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dc or dr)
    return tuple(n for n in near if n)


# Set up: "1 of the 8 Terrain cards on the board that is around the Artifact".
AROUND_ARTIFACT = _around(ARTIFACT)


def adjacent(a, b):
    """True when two cells share an edge (orthogonally next to each other)."""
    return b in NEIGHBOURS[a]


def _step(cell, dc, dr):
    col, row = coords(cell)
    return name(col + dc, row + dr)


# For each direction of a straight line: the cell after and the cell before every cell.
_LINE_STEPS = tuple(({cell: _step(cell, dc, dr) for cell in CELLS},
                     {cell: _step(cell, -dc, -dr) for cell in CELLS}) for dc, dr in DIRECTIONS)


def longest_line(cells):
    """Length of the longest horizontal or vertical run of adjacent cells among `cells`."""
    owned = set(cells)
    best = 0
    for after, before in _LINE_STEPS:
        for cell in owned:
            if before[cell] in owned:
                continue  # count each run once, from its first cell
            length, cell = 1, after[cell]
            while cell in owned:
                length, cell = length + 1, after[cell]
            if length > best:
                best = length
    return best
