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

from shared.games.exsilium.board import around, tile_pos
from shared.games.exsilium.components import TILES
from shared.games.exsilium.table import frontier, on_tile, passable

# Steps a frontier costs per miniature the seat lacks on the tile to cross it: bringing one
# there takes a move or two of another miniature.
MUSTER = 3
# Steps owed for a miniature the seat cannot bring (none left, or no way there).
UNREACHABLE = 30
_HIGHEST = max(f for tile in TILES.values() for f in tile["frontiers"].values())


def crossing_power(state, seat):
    """{tile position: the highest frontier the seat's miniatures may cross from there}, for
    the tiles where it has miniatures: how many stand there (`table.on_tile`; no printed
    frontier is above 3, so neither is this). Any other tile counts 1: the miniature that
    walks there counts itself."""
    tiles = {tile_pos(n) for n in state.players[seat].minis if n is not None}
    return {pos: min(_HIGHEST, max(1, on_tile(state, seat, pos))) for pos in tiles}


def exploring_nodes(state, seat, power):
    """{node: steps owed} for the face-up nodes from which a miniature of the seat may step
    onto a face-down tile (revealing it): MUSTER steps per miniature missing for the
    frontier of that crossing, as far as the face-up side prints it (`table.frontier`)."""
    out = {}
    for n in state.kinds:
        if not _enterable(state, seat, n):
            continue
        limit = power.get(tile_pos(n), 1)
        owed = [MUSTER * max(0, frontier(state, n, m) - limit)
                for m in around(n) if tile_pos(m) in state.facedown]
        if owed:
            out[n] = min(owed)
    return out


def exploring_groups(state, seat, power):
    """{(tile position, miniatures missing): nodes}: the face-up nodes from which a miniature
    of the seat may step onto a face-down tile, grouped by the tile they are on and how many
    more of the seat's miniatures that tile needs for the crossing (the frontier as the
    face-up side prints it, less the seat's power there). A group's walking field is the same
    wherever the other miniatures stand; what bringing the missing ones costs is counted
    apart (`muster`)."""
    out = {}
    for n in state.kinds:
        if not _enterable(state, seat, n):
            continue
        pos = tile_pos(n)
        limit = power.get(pos, 1)
        missing = [max(0, frontier(state, n, m) - limit)
                   for m in around(n) if tile_pos(m) in state.facedown]
        if missing:
            out.setdefault((pos, min(missing)), set()).add(n)
    return {key: frozenset(nodes) for key, nodes in out.items()}


def tile_targets(state, seat, pos):
    """The nodes of the tile at `pos` a miniature of the seat may stand on."""
    return frozenset(n for n in state.kinds if tile_pos(n) == pos and _enterable(state, seat, n))


def muster(field, places, pos, missing, walk=None):
    """Steps to bring `missing` more of the seat's miniatures to the tile at `pos`: the
    nearest ones by `field` (steps_to the tile's nodes), each walking its own way. `places`:
    (node, extra steps) of each miniature that may come (one on the player board from its
    activation node, one step more for the activation); on a tile where the seat has none,
    the nearest is the walker itself and the helpers are the ones after it. A miniature
    that cannot get there, or one missing, costs UNREACHABLE.

    `walk(i, left, taken)`: the steps of the miniature at `places[i]`, in place of
    `field`'s, once the miniatures `taken` (indices) are counted and `left` ({tile: how
    many}) have left their tiles: the miniatures are counted one at a time, nearest first,
    so a tile's crossing power falls with each one counted from it (heuristics.py).

    Why not MUSTER a miniature: at a flat cost, walking a second miniature towards the tile
    changed nothing until it arrived, every command of a turn scored the same, and a seat one
    frontier from its last points wandered until the round limit (docs/BOTS.md)."""
    if missing <= 0:
        return 0
    here = [not extra and tile_pos(n) == pos for n, extra in places]
    pool = [i for i, on in enumerate(here) if not on]
    walker = not any(here)  # the nearest walks; the ones after it come to it
    if walk is None:
        walk = lambda i, left, taken: field.get(places[i][0])  # noqa: E731
    left, taken = {}, []
    costs = [bring(places, [i for i in pool if i not in taken], walk, left, taken)
             for _ in range(missing + walker)]
    return sum(costs[1:] if walker else costs)


def bring(places, pool, walk, left, taken):
    """Steps of the nearest miniature of `pool` (indices into `places`) by `walk(i, left,
    taken)` plus its extra steps (UNREACHABLE when none can come); it is then counted:
    added to `taken`, and, if it stood on the board, to `left` of its tile."""
    best = None
    for i in pool:
        steps = walk(i, left, taken)
        cost = UNREACHABLE if steps is None else min(UNREACHABLE, steps + places[i][1])
        if best is None or cost < best[0]:
            best = (cost, i)
    if best is None:
        return UNREACHABLE
    cost, i = best
    taken.append(i)
    n, extra = places[i]
    if not extra:
        left[tile_pos(n)] = left.get(tile_pos(n), 0) + 1
    return cost


def leaving_power(state, seat, power, left):
    """`power` (crossing_power) once `left` ({tile: how many}) of the seat's miniatures
    have left those tiles."""
    if not left:
        return power
    out = dict(power)
    for tile, gone in left.items():
        out[tile] = min(_HIGHEST, max(1, on_tile(state, seat, tile) - gone))
    return out


def newaru_zone(state):
    """The nodes next to a Newaru: a move stops there and a combat begins."""
    return frozenset(m for n in state.newaru.values() for m in around(n))


def steps_to(state, seat, targets, power, stops=frozenset(), muster=MUSTER):
    """{node: steps} for every node from which one of the seat's miniatures can walk to one of
    `targets` (a node, or {node: steps already owed there}; 0 steps on a plain target).
    `power`: `crossing_power`; `stops`: nodes a move may end on but not go on from. Steps are
    found backwards from the targets: a node n comes before m when the step n -> m is
    allowed, as `movement.step_problem` allows it (ignoring the miniatures that will have
    moved by then). A frontier above the seat's power there is crossed at MUSTER steps per
    missing miniature (they must be brought to the tile first), so a road the seat cannot
    take yet still says what bringing miniatures would open, and a field is never flat.
    `muster=None`: such a frontier is not crossed at all (a walk no other miniature helps)."""
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
            missing = frontier(state, n, m) - power.get(tile_pos(n), 1)
            if missing > 0 and muster is None:
                continue
            step = d + 1 + (muster * missing if missing > 0 else 0)
            if step < dist.get(n, step + 1):
                dist[n] = step
                heapq.heappush(heap, (step, n))
    return dist


def _enterable(state, seat, n):
    """A face-up node a miniature of the seat may stand on: not a deposit, not destroyed, not
    a terminal another faction controls."""
    return passable(state, n) and state.control.get(n, seat) == seat
