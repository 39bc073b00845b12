"""How many steps a seat's miniatures need to reach a set of nodes, walking as the rules let
that seat walk (rulebook, Movement, Frontiers, Interaction): for the bots' heuristic.

A plain breadth-first distance over the board (what the heuristic used before) counts steps
that the rules forbid or that end a move: a frontier the seat cannot cross from a tile
(`movement.step_problem`: a frontier of f needs f of the seat's miniatures on the tile it is
crossed from), a Connection Terminal another faction controls, and a node next to a Newaru,
where a move stops and a combat begins. A seat near the goal loses most Newaru combats (the
enemy action's level follows its Baralytas points) and gives a Baralytas token back to a
deposit each time, so for it such a node is the end of the road, not a step on it
(docs/BOTS.md).

Pure functions of the public table: the seat's miniatures, the face-up tiles, the Newaru.
"""
import heapq

from shared.games.exsilium.board import SIZE, around, coords, tile_pos
from shared.games.exsilium.components import TILES
from shared.games.exsilium.state import trapped_set
from shared.games.exsilium.table import frontier, on_tile, passable

# Steps a frontier costs per miniature the seat lacks on the tile to cross it: bringing one
# there takes a move or two of another miniature.
MUSTER = 3
_HIGHEST = max(f for tile in TILES.values() for f in tile["frontiers"].values())


def crossing_power(state, seat):
    """{tile position: the highest frontier the seat's miniatures may cross from there}, for
    the tiles where it has miniatures: how many stand there (`table.on_tile`; no printed
    frontier is above 3, so neither is this). Any other tile counts 1: the miniature that
    walks there counts itself."""
    tiles = {tile_pos(n) for n in state.players[seat].minis if n is not None}
    return {pos: min(_HIGHEST, max(1, on_tile(state, seat, pos))) for pos in tiles}


# Steps owed for a miniature the seat lacks and has none to bring (all are on the tile already).
_NONE_TO_BRING = 12


def _to_tile(n, pos):
    """Steps from node n to the nearest node of the tile at `pos` (8 directions)."""
    y, x = coords(n)
    top, left = pos[0] * SIZE, pos[1] * SIZE
    dy = max(top - y, 0, y - (top + SIZE - 1))
    dx = max(left - x, 0, x - (left + SIZE - 1))
    return max(dy, dx)


def muster_costs(state, seat):
    """{tile position: (steps to bring 1 more miniature, 2 more, ...)} for every face-up
    tile: a frontier of f is crossed from a tile only with f of the seat's miniatures there,
    and the ones missing must walk there first. Each is counted at its own distance (a
    miniature on the player board from its activation node, one step more), the nearest
    first; on a tile with none of the seat's miniatures the nearest one is the walker
    itself, so the helpers are the ones after it.

    Why distances, not a flat MUSTER a miniature: at a flat cost, walking a second miniature
    towards the tile changed nothing until it arrived, every command of a turn scored the
    same, and a seat one frontier from its last points wandered until the round limit
    (docs/BOTS.md)."""
    player = state.players[seat]
    trapped = trapped_set(state)
    where = []
    for mini, n in enumerate(player.minis):
        if (seat, mini) in trapped:
            continue
        if n is not None:
            where.append((n, 0))
        elif player.start is not None:
            where.append((player.start, 1))
    out = {}
    for pos in state.placed:
        away = sorted(_to_tile(n, pos) + extra for n, extra in where
                      if tile_pos(n) != pos or extra)
        if not any(tile_pos(n) == pos and not extra for n, extra in where):
            away = away[1:]  # the walker
        costs, total = [], 0
        for i in range(_HIGHEST):
            total += away[i] if i < len(away) else _NONE_TO_BRING
            costs.append(total)
        out[pos] = tuple(costs)
    return out


def _owed(missing, pos, muster):
    """Steps owed for `missing` miniatures at the tile at `pos` (MUSTER each without
    `muster`: muster_costs)."""
    if missing <= 0:
        return 0
    if muster is None:
        return MUSTER * missing
    costs = muster.get(pos)
    return costs[missing - 1] if costs else _NONE_TO_BRING * missing


def exploring_nodes(state, seat, power, muster=None):
    """{node: steps owed} for the face-up nodes from which a miniature of the seat may step
    onto a face-down tile (revealing it): the steps to bring the miniatures missing for the
    frontier of that crossing (`muster`: muster_costs; MUSTER each without it), as far as
    the face-up side prints it (`table.frontier`)."""
    out = {}
    for n in state.kinds:
        if not _enterable(state, seat, n):
            continue
        pos = tile_pos(n)
        limit = power.get(pos, 1)
        owed = [_owed(frontier(state, n, m) - limit, pos, muster)
                for m in around(n) if tile_pos(m) in state.facedown]
        if owed:
            out[n] = min(owed)
    return out


def newaru_zone(state):
    """The nodes next to a Newaru: a move stops there and a combat begins."""
    return frozenset(m for n in state.newaru.values() for m in around(n))


def steps_to(state, seat, targets, power, stops=frozenset(), muster=None):
    """{node: steps} for every node from which one of the seat's miniatures can walk to one of
    `targets` (a node, or {node: steps already owed there}; 0 steps on a plain target).
    `power`: `crossing_power`; `stops`: nodes a move may end on but not go on from. Steps are
    found backwards from the targets: a node n comes before m when the step n -> m is
    allowed, as `movement.step_problem` allows it (ignoring the miniatures that will have
    moved by then). A frontier above the seat's power there is crossed at the steps it takes
    to bring the missing miniatures to the tile (`muster`: muster_costs; MUSTER each without
    it), so a road the seat cannot take yet still says what bringing miniatures would open,
    and a field is never flat."""
    owed = targets if isinstance(targets, dict) else dict.fromkeys(targets, 0)
    dist, heap = {}, []
    for n, cost in owed.items():
        if _enterable(state, seat, n) and cost < dist.get(n, cost + 1):
            dist[n] = cost
            heapq.heappush(heap, (cost, n))
    while heap:
        d, m = heapq.heappop(heap)
        if d > dist[m]:
            continue
        for n in around(m):
            if n in stops or not _enterable(state, seat, n):
                continue
            pos = tile_pos(n)
            step = d + 1 + _owed(frontier(state, n, m) - power.get(pos, 1), pos, muster)
            if step < dist.get(n, step + 1):
                dist[n] = step
                heapq.heappush(heap, (step, n))
    return dist


def _enterable(state, seat, n):
    """A face-up node a miniature of the seat may stand on: not a deposit, not destroyed, not
    a terminal another faction controls."""
    return passable(state, n) and state.control.get(n, seat) == seat
