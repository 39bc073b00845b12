"""A position estimate for bots from what the seat may know (no other hand, no hidden card).

Aimed at winning, i.e. at Baralytas points (rulebook, Winning the game): points held, how close
each miniature is to the Baralytas still lying on deposits, and (while deposits are still
undiscovered) to the edge of the face-down tiles; then the means to get there -- miniatures on
the board, faction tokens (spent on special actions, won back only by winning combats), terminal
tokens and cards, less what the Newaru next to its miniatures are expected to cost it, and
what a raid on a seat left without cards would (`_raid_risk`). Steps
are counted as the seat may walk (routes.py: frontiers, controlled terminals, Newaru). Another
seat's hand and deck are hidden, so for other seats only the hand size and the public discard
count; the seat's own card quality counts for itself.

Why the Newaru: replaying greedy against random (seeds 81 and 82, 8 matches), greedy collected
176 Baralytas points and gave 110 of them back to deposits in 71 lost Newaru combats (of 111
fought to an end), while frontiers stopped a move 10 times: a seat near the goal meets the
advanced enemy actions (9-13 damage against a hand of about 8) and stalls
(docs/BOTS.md).
"""
from functools import lru_cache

from shared.games.exsilium.board import around, chebyshev, tile_pos, touching
from shared.games.exsilium.components import (
    CARDS, ENEMY_CARDS, HAND_SIZE, OUTCOME_DECK, card, level_for, strength, usable_cards)
from shared.games.exsilium.routes import (
    UNREACHABLE, bring, crossing_power, exploring_groups, leaving_power, muster,
    newaru_zone, steps_to, tile_targets)
from shared.games.exsilium.state import BID, PLAY, goal, points, trapped_set
from shared.games.exsilium.table import frontier, on_tile

_POINT = 10.0        # a Baralytas point
_NEAR = 0.6          # share of a deposit's worth for a miniature one step from collecting it
_DECAY = 0.85        # per step further away
_OTHERS = 0.3        # weight of deposits other than the closest one
_EXPLORE = 3.0       # the edge of the unexplored tiles, while deposits remain undiscovered
_REVEAL_STEPS = 3    # steps from a newly revealed tile's edge to its deposit, as counted
_MINI = 2.5
_TOKENS = ((4, 0.8), (10, 0.3))   # the first 4 faction tokens are worth more
_TERMINAL = 0.6
_HAND, _HAND_STRENGTH, _CARD_QUALITY = 0.4, 0.15, 0.05
_DEAD = 1.0          # another faction's card in the seat's hand (`_cards`)
_HUNTED = 0.5        # share of a combat's cost for a Newaru two steps off
_RAIDED = 0.5        # share of a raid's cost for a miniature the other seat can reach
_CLOSE = 60.0        # reaching the goal before the round limit, against its draw
_STEPS_A_ROUND = 8   # a hand of 4 cards, each a move of 2 nodes
_STEPS_A_POINT = 6   # the walk counted for each point the nearest deposit leaves lacking
_OUTCOME_MEAN = sum(OUTCOME_DECK) / len(OUTCOME_DECK)
_MEAN_STRENGTH = sum(c["strength"] for c in CARDS.values()) / len(CARDS)  # another seat's card


class _BoardCache:
    """Results per board. A key names the board by `id(state.kinds)` (and any other object
    it names by id, given as `named`), and an id may be reused once its object is freed, so
    an entry is trusted only while those are the very objects at hand. Cleared when full:
    positions of one search share boards, others seldom."""

    def __init__(self, size: int = 2048):
        self._entries, self._size = {}, size

    def get(self, state, key, compute, named=()):
        hit = self._entries.get(key)
        if hit is not None and hit[0] is state.kinds and len(hit[1]) == len(named) \
                and all(a is b for a, b in zip(hit[1], named)):
            return hit[2]
        value = compute()
        if len(self._entries) > self._size:
            self._entries.clear()
        self._entries[key] = (state.kinds, tuple(named), value)
        return value

    def clear(self):
        self._entries.clear()


_FIELDS = _BoardCache()
_FREE_FIELDS = _BoardCache()


def _fields(state, seat):
    """Step fields (routes.steps_to: as the seat may walk, frontiers and Newaru included) to
    collecting each deposit, and to the edge of the face-down tiles; cached per board, seat's
    crossing power and Newaru."""
    power = crossing_power(state, seat)
    stops = _stops(state, seat)
    key = (id(state.kinds), state.holes, state.cleared, state.facedown,
           tuple(sorted((d, sum(v)) for d, v in state.deposits.items())),
           tuple(sorted(state.control.items())), seat, tuple(sorted(power.items())), stops)

    def compute():
        deposits = []
        for d, values in sorted(state.deposits.items()):
            if sum(values):
                deposits.append((sum(values), steps_to(state, seat, around(d), power, stops),
                                 steps_to(state, seat, around(d), _ANY_FRONTIER, stops)))
        edge = []
        if state.baralytas_deck:
            for (pos, missing), nodes in sorted(exploring_groups(state, seat, power).items()):
                helpers = steps_to(state, seat, tile_targets(state, seat, pos), power, stops) \
                    if missing else {}
                edge.append((pos, missing, steps_to(state, seat, nodes, power, stops), helpers))
        return deposits, edge

    return _FIELDS.get(state, key, compute)


def _stops(state, seat):
    """Where the seat's roads end: where a full hand of average cards loses most Newaru
    combats (the advanced enemy actions), the nodes next to a Newaru (routes.py)."""
    level = level_for(points(state.players[seat]))
    return newaru_zone(state) if lose_chance(level, _MEAN_STRENGTH * HAND_SIZE) > 0.5 \
        else frozenset()


def _reach(state, seat, me=None):
    """What the miniatures' positions promise: the closest deposits, the unexplored edge.
    Only the miniatures that may walk count: one trapped by a Wardun token "behaves as if it
    doesn't exist" (rulebook, Wardun) until the ability is released.

    Why: counted as a walker, a trapped miniature one step from the last point held that
    deposit at one step for as long as it stayed trapped, no walk of another miniature
    brought it nearer, and a seat at 9 of its 10 points moved miniatures that went nowhere
    for 31 rounds (docs/BOTS.md: arena seed 602, match 15, level 1)."""
    trapped = trapped_set(state)
    nodes = [n for mini, n in enumerate(state.players[seat].minis)
             if n is not None and (seat, mini) not in trapped]
    if not nodes:
        return 0.0
    deposits, edge = _fields(state, seat)
    places = _places(state, seat)  # once a position: every deposit and the edge use it
    worths, roads = [], []
    for value, dist, free in deposits:
        steps = _deposit_steps(state, seat, nodes, dist, free, places)
        if steps is not None:
            worths.append(_POINT * value * _NEAR * _DECAY ** max(0, steps - 1))
            roads.append((steps, value))
    worths.sort(reverse=True)
    out = (worths[0] + _OTHERS * sum(worths[1:])) if worths else 0.0
    steps = _edge_steps(state, seat, nodes, edge, places)
    if steps is not None:
        out += _explore_worth(state, seat, deposits) * _DECAY ** steps
        deck = state.baralytas_deck
        if deck:  # the deposit a face-down tile would reveal, at the deck's mean
            roads.append((steps + _REVEAL_STEPS, sum(deck) / len(deck)))
    out += _contest(state, seat, seat if me is None else me, nodes, deposits)
    return out + _closing(state, seat, roads)


def _contest(state, seat, me, nodes, deposits):
    """What closing on the other seat's miniatures is worth to the seat once the points left on
    deposits and under face-down tiles cannot bring either seat to the goal: then a point
    changes hands only in a combat between players ("the winner receives 1 Baralytas token
    ... from the loser": rulebook, Combat between players, End of combat), and the match is a
    race of combats that the seat wins with the gambler's-ruin chance of reaching the goal
    before the other seat does (each combat won at the two hands' odds: the seat's own hand
    known to it, another's at the mean card). Against the round limit's draw (a half), the
    seat with the better race gains by fighting and the other by keeping away, so the nearest
    walker's steps to a node next to the other seat's miniature are worth (race - 1/2) of a
    point, decaying with the steps (counted across the board, frontiers and Newaru left
    out). Two seats only: with more, who fights whom is open.

    Why: with every reachable point held, no walk changed the count, both seats stood still
    and drew at the round limit, 8-5 (docs/BOTS.md: arena seed 2401, match 15, level 2
    against level 1)."""
    if state.seats != 2:
        return 0.0
    foe = 1 - seat
    own, theirs = points(state.players[seat]), points(state.players[foe])
    target = goal(state)
    deck = state.baralytas_deck
    loose = sum(entry[0] for entry in deposits) + (sum(deck) if deck and state.facedown else 0)
    if max(own, theirs) + loose >= target:  # points still lying about may yet decide it
        return 0.0
    trapped = trapped_set(state)
    foes = [n for mini, n in enumerate(state.players[foe].minis)
            if n is not None and (foe, mini) not in trapped]
    if not foes or not nodes:
        return 0.0
    # Steps as the crow flies (to a node next to the foe), not routes.steps_to: a step field
    # in every evaluation made greedy's look 37 times slower in this endgame (1.1 s against
    # 0.03 s over 135 commands), and a newcomer's match that reached it timed out.
    steps = min(chebyshev(n, m) for n in nodes for m in foes) - 1
    mine, rival = _hand_power(state, seat, me), _hand_power(state, foe, me)
    p = mine / (mine + rival) if mine + rival > 0 else 0.5
    # The race: the seat at `own - (own + theirs - target)` of `2 * target - (own + theirs)`.
    start, span = own - (own + theirs - target), 2 * target - (own + theirs)
    race = _ruin(p, start, span)
    return _POINT * (race - 0.5) * _DECAY ** max(0, steps - 1)


def _ruin(p, start, span):
    """The chance of reaching `span` before 0 from `start`, a step up at chance `p`."""
    if start <= 0:
        return 0.0
    if start >= span:
        return 1.0
    p = min(0.95, max(0.05, p))
    if abs(p - 0.5) < 1e-9:
        return start / span
    ratio = (1 - p) / p
    return (1 - ratio ** start) / (1 - ratio ** span)


def _hand_power(state, seat, me):
    """A hand's strength in a combat as `me` may know it: its own cards, another's at the
    mean card."""
    player = state.players[seat]
    if seat == me:
        return sum(strength(c) for c in usable_cards(player.hand, player.faction))
    return _MEAN_STRENGTH * len(player.hand)


def _closing(state, seat, roads):
    """What the seat's roads to the goal are worth against the round limit's draw: CLOSE
    times the share of the steps its cards can still walk before the limit (STEPS_A_ROUND
    a round, this one included) that the walk to the points it lacks leaves unused; nothing
    when that walk does not fit, or when the points in reach fall short. `roads`: (steps,
    Baralytas) of each deposit in reach (and of the face-down edge's); the walk is the
    nearest one's steps, plus STEPS_A_POINT for each point it leaves lacking but no less
    than the next one's road (else collecting the nearest point, the walk left jumped to
    that road, and a seat at 8 of 10 points with 1 point 2 steps off and the rest 37 steps
    off valued collecting it 4.4 below a step aside: arena seed 1721, match 17). Not the
    roads to the further deposits added up: each is counted with the miniatures where they
    stand now, so one miniature helping on two roads at once made its step onto the
    nearest cost more than it brought (arena seed 1611, match 4, level 1).

    Why: the round limit (ours, RULES_NOTES.md) ends a match as a draw whatever the
    points, but the rest of the heuristic valued a lead held until the limit as a lead. A
    seat a point or two from the goal, its last points past ground where the Newaru hunt
    (the advanced enemy actions: most combats lost), valued standing safe above any walk
    there, and drew at the limit 8-0 (docs/BOTS.md: arena seed 702, match 9, level 2). The
    closer the limit, the more each step of that walk is worth against the risk."""
    need = goal(state) - points(state.players[seat])
    if need <= 0 or not roads:
        return 0.0
    if sum(v for _, v in roads) < need:
        return 0.0
    (steps, value), *further = sorted(roads)
    walked = steps
    if value < need:  # and at least as far as the next deposit's road
        walked += max(_STEPS_A_POINT * (need - value), further[0][0])
    budget = _STEPS_A_ROUND * max(1, state.options["max_rounds"] - state.round + 1)
    return _CLOSE * max(0.0, 1.0 - walked / budget)


class _AnyFrontier(dict):
    """A crossing power of 3 on every tile: steps as if every frontier could be crossed."""

    def get(self, key, default=None):
        return 3


_ANY_FRONTIER = _AnyFrontier()


_DEPOSIT_STEPS = _BoardCache(8192)


def _deposit_steps(state, seat, nodes, dist, free, places=None):
    """`_road_steps`, remembered: what it reads of the table is the board (its tiles, holes,
    destroyed frontiers, terminals' control, the Newaru), the seat's miniatures that may walk
    (`places`, which also give its crossing power) and the two fields, so one key of those
    names its answer.

    Why: a bot judges every command of a position on the same few tables, and most commands
    move no miniature of one seat or the other, whose roads are then the same as before;
    counting them again was four fifths of an evaluation's time (Exsilium's greedy took 2-8 s
    a move in late positions, and level 2 judged its commands on one or two tables within
    its cap where greedy used eight)."""
    places = _places(state, seat) if places is None else places
    stops = _stops(state, seat)
    key = (id(state.kinds), id(state.placed), state.holes, state.cleared,
           tuple(sorted(state.control.items())), tuple(sorted(state.newaru.items())), seat,
           tuple(nodes), tuple(places), stops, id(dist), id(free))
    return _DEPOSIT_STEPS.get(
        state, key, lambda: _road_steps(state, seat, nodes, dist, free, places, stops),
        named=(state.placed, dist, free))


def _road_steps(state, seat, nodes, dist, free, places, stops):
    """Steps for the seat's nearest miniature to collect a deposit: by the road's field
    (`dist`) where the road crosses no frontier the seat cannot cross yet, else the walk as
    if it could (`free`) plus, at each crossing on the way whose frontier is above the
    miniatures the seat has on the tile it is crossed from, the walks of the miniatures it
    lacks there (`_road`), as the face-down edge's crossings count.

    Why: the road's field charges a missing miniature a flat MUSTER steps, so walking a
    helper towards the tile changed nothing until it arrived, every move of a turn scored
    the same, and a seat whose last points lay across a frontier of 2 with one miniature
    on its side played moves that went nowhere until the round limit (docs/BOTS.md: arena
    seed 402, match 0, level 1, round 27)."""
    power = crossing_power(state, seat)
    best = None
    # Nearest first by the walk as if every frontier could be crossed, which no road beats:
    # once that is no shorter than the best road found, no later miniature is judged.
    for n in sorted((n for n in nodes if n in dist), key=lambda n: free.get(n, dist[n])):
        if best is not None and free.get(n, dist[n]) >= best:
            break
        steps = dist[n]
        if n in free and free[n] < steps:
            steps = _road(state, seat, n, free, power, places, stops)
        if best is None or steps < best:
            best = steps
    return best


def _road(state, seat, n, free, power, places, stops=frozenset()):
    """Steps for the miniature at `n` to walk down `free` (as if every frontier could be
    crossed), plus, at every crossing on the way whose frontier is above what the seat has
    on the tile it is crossed from (those standing there, less the ones counted as gone
    from it, plus the walker and the ones counted as brought there), the walks of the
    miniatures it lacks (`_walks`: each from where it stands, its own first crossing
    counted too), nearest first and none counted twice.

    Why: counting only the first such crossing, and every miniature brought at the power of the tile
    it stands on now, a miniature was a step from crossing with the help of one that had
    to leave the tile the walk then crossed from, and two miniatures behind a frontier of 2
    were each a step from the tile beyond (once one crossed, the other stood alone). Every
    step that began the real walk scored worse than staying, and a seat holding 6 of its 10
    points kept its miniatures where they were until the round limit (docs/BOTS.md: arena
    seed 403, match 7, level 1)."""
    start = tile_pos(n)
    me = next((i for i, (m, extra) in enumerate(places) if m == n and not extra), None)
    taken = [] if me is None else [me]
    left, arrived = {}, {}
    total = free[n]
    for here, nxt in _crossings(n, free):
        tile = tile_pos(here)
        have = (on_tile(state, seat, tile) - left.get(tile, 0) + arrived.get(tile, 0)
                + (tile != start))
        lacking = frontier(state, here, nxt) - have
        if lacking > 0:
            walk = _walks(state, seat, tile, power, places, stops)
            for _ in range(lacking):
                pool = [i for i, (m, extra) in enumerate(places)
                        if i not in taken and (extra or tile_pos(m) != tile)]
                if not pool:
                    total += UNREACHABLE
                    continue
                total += bring(places, pool, walk, left, taken)
                arrived[tile] = arrived.get(tile, 0) + 1
        if tile == start:  # the walker itself leaves the tile it stood on
            left[tile] = left.get(tile, 0) + 1
    return total


def _first_blocked(state, n, free, power):
    """(tile position, miniatures missing) of the first crossing on the walk down `free` from
    `n` whose frontier is above the seat's power on the tile it is crossed from."""
    for here, nxt in _crossings(n, free):
        pos = tile_pos(here)
        missing = frontier(state, here, nxt) - power.get(pos, 1)
        if missing > 0:
            return pos, missing
    return None


def _walk_down(n, free):
    """The steps (node, next node) of the walk down `free` from `n`, each to the first
    neighbour one step nearer, until `free` reaches 0 or no neighbour is nearer (at most
    60: a field is never that deep on the board)."""
    here = n
    for _ in range(60):
        if free.get(here, 0) <= 0:
            return
        nxt = next((m for m in around(here) if free.get(m) == free[here] - 1), None)
        if nxt is None:
            return
        yield here, nxt
        here = nxt


# id(field) -> (the field, {node: its walk's crossings}). The field is kept with them, so
# that its id cannot name another field while the entry lives. Cleared when full.
_CROSSINGS: dict = {}
_MAX_CROSSING_FIELDS = 1024


def _crossings(n, free):
    """The steps (node, next node) of the walk down `free` from `n` (`_walk_down`) that
    cross from one tile to another: all that a road's count looks at (a frontier within a
    tile is 0, below any crossing power). Cached per field, which is never changed once
    made: the same walks are asked for thousands of times a move, and walking them again
    was a third of an evaluation's time."""
    entry = _CROSSINGS.get(id(free))
    if entry is None or entry[0] is not free:
        if len(_CROSSINGS) >= _MAX_CROSSING_FIELDS:
            _CROSSINGS.clear()
        entry = _CROSSINGS[id(free)] = (free, {})
    walks = entry[1]
    found = walks.get(n)
    if found is None:
        found = walks[n] = tuple((here, nxt) for here, nxt in _walk_down(n, free)
                                 if tile_pos(here) != tile_pos(nxt))
    return found


def _free_fields(state, seat, stops=frozenset()):
    """{tile position: steps_to that tile as if every frontier could be crossed}, filled as
    tiles are asked for (cached per board: where the seat's miniatures stand does not
    change it)."""
    key = (id(state.kinds), state.holes, state.cleared, tuple(sorted(state.control.items())),
           tuple(sorted(state.newaru.values())), seat, stops)
    fields = _FREE_FIELDS.get(state, key, dict)

    def field(pos):
        found = fields.get(pos)
        if found is None:
            found = fields[pos] = steps_to(state, seat, tile_targets(state, seat, pos),
                                           _ANY_FRONTIER, stops)
        return found

    return field


def _walks(state, seat, pos, power, places, stops=frozenset()):
    """routes.muster's `walk`: the steps of a miniature to the tile at `pos`, its walk as
    if it could cross every frontier, plus, where that walk crosses a frontier above the
    power it leaves behind on the tile it is crossed from (`left`: miniatures counted before
    it have gone), the walks to that tile of the nearest miniatures it lacks there (neither
    those counted nor those on either tile), each by its road crossing only the frontiers it
    may cross alone (`_alone`). That helped walk holds only if no later crossing on it
    lacks miniatures once the helpers have come and gone; and it is never counted longer
    than the miniature's own road alone.

    Why: a road's field charges a missing miniature a flat MUSTER steps, and counts every
    miniature at the power of the tile it stands on now. Two miniatures on a tile behind a
    frontier of 2 were then each a step from the tile beyond, though once one has crossed
    the other stands alone; walking either across scored worse than staying, a third
    miniature walking to them changed nothing until it arrived, and a seat holding 6 of its
    10 points kept them where they were until the round limit (docs/BOTS.md: arena seed
    403, match 7, level 1). And a helper was counted as brought by a walk that needed help
    at a second frontier too: a miniature alone behind a frontier of 2 was the third that a
    frontier of 3 lacked, a road no move could ever open stood 7 steps from the last
    points, the one real road (round three Newaru tiles) looked longer, and a seat at 8 of
    its 10 points moved miniatures to and fro for 24 rounds (docs/BOTS.md: arena seed 702,
    match 9, level 2)."""
    fields = _free_fields(state, seat, stops)
    free = fields(pos)
    blocked, alone = {}, {}

    def walk(i, left, taken):
        n = places[i][0]
        if n not in free:
            return None
        key = tuple(sorted(left.items()))
        now = leaving_power(state, seat, power, left)
        if (i, key) not in blocked:
            blocked[i, key] = _first_blocked(state, n, free, now)
        crossing = blocked[i, key]
        if crossing is None:
            return free[n]
        tile, lacking = crossing
        if key not in alone:
            alone[key] = _alone(state, seat, pos, now, stops)
        # The helpers' own walks, nearest first, each crossing only what it may cross alone
        # once those counted before it have left their tiles.
        gone, chosen, helped = dict(left), [], free[n]
        for _ in range(lacking):
            field = _alone(state, seat, tile, leaving_power(state, seat, power, gone), stops)
            best = min(((min(UNREACHABLE, field.get(m, UNREACHABLE) + extra), j)
                        for j, (m, extra) in enumerate(places)
                        if j != i and j not in taken and j not in chosen
                        and (extra or tile_pos(m) not in (pos, tile))), default=None)
            if best is None or best[0] >= UNREACHABLE:
                helped = UNREACHABLE
                break
            helped += best[0]
            chosen.append(best[1])
            m, extra = places[best[1]]
            if not extra:
                gone[tile_pos(m)] = gone.get(tile_pos(m), 0) + 1
        others = [(None, j) for j in chosen]
        if helped < UNREACHABLE and _blocked_beyond(state, seat, n, free, left, tile,
                                                    [places[j] for _, j in others]):
            helped = UNREACHABLE
        return min(helped, alone[key].get(n, UNREACHABLE))

    return walk


_ALONE = _BoardCache()


def _alone(state, seat, pos, power, stops):
    """steps_to the tile at `pos` crossing only the frontiers the seat may cross with the
    miniatures standing where they are (`power`); cached per board and power."""
    key = (id(state.kinds), state.holes, state.cleared, tuple(sorted(state.control.items())),
           tuple(sorted(state.newaru.values())), seat, stops, pos, tuple(sorted(power.items())))
    return _ALONE.get(state, key, lambda: steps_to(state, seat, tile_targets(state, seat, pos),
                                                   power, stops, muster=None))


def _blocked_beyond(state, seat, n, free, left, tile, helpers):
    """Whether the walk down `free` from `n`, once `helpers` ((node, extra) of each) have
    come to `tile` and the miniatures `left` counts have gone, still meets a crossing whose
    frontier is above what stands on the tile it is crossed from (the walker counted on
    every tile it enters)."""
    start = tile_pos(n)
    moved = dict(left)
    moved[start] = moved.get(start, 0) + 1          # the walker leaves its tile
    for m, extra in helpers:
        if not extra:
            moved[tile_pos(m)] = moved.get(tile_pos(m), 0) + 1
        moved[tile] = moved.get(tile, 0) - 1
    for here, nxt in _crossings(n, free):
        t = tile_pos(here)
        have = on_tile(state, seat, t) - moved.get(t, 0) + 1   # the walker is there
        if frontier(state, here, nxt) > have:
            return True
    return False


def _places(state, seat):
    """(node, extra steps) of each miniature of the seat that may walk (routes.muster)."""
    player = state.players[seat]
    trapped = trapped_set(state)
    places = [(n, 0) for mini, n in enumerate(player.minis)
              if n is not None and (seat, mini) not in trapped]
    if player.start is not None:
        places += [(player.start, 1)] * sum(1 for n in player.minis if n is None)
    return places


def _edge_steps(state, seat, nodes, edge, places=None):
    """Steps for the seat to step onto a face-down tile: a miniature's walk to a crossing,
    plus the walks of the miniatures the crossing's frontier still lacks there
    (routes.muster: each counted from where it stands, so bringing one closer is progress)."""
    places = _places(state, seat) if places is None else places
    best = None
    for pos, missing, field, helpers in edge:
        walk = min((field[n] for n in nodes if n in field), default=None)
        if walk is None or (best is not None and walk >= best):
            continue
        total = walk + muster(helpers, places, pos, missing,
                              _walks(state, seat, pos, crossing_power(state, seat), places,
                                     _stops(state, seat)) if missing > 0 else None)
        if best is None or total < best:
            best = total
    return best


def _explore_worth(state, seat, deposits):
    """What the edge of the face-down tiles is worth: a small pull while the deposits in view
    hold the points the seat still needs, else the deposit it would reveal (a card of the
    Baralytas deck at its mean, a few steps past the edge).

    Why: at a flat 3, a seat whose last points lay behind the face-down tiles valued the
    edge below keeping a card in hand, and wandered until the round limit (docs/BOTS.md)."""
    need = goal(state) - points(state.players[seat])
    in_view = sum(entry[0] for entry in deposits)
    deck = state.baralytas_deck
    if in_view >= need or not deck:
        return _EXPLORE
    return max(_EXPLORE, _POINT * _NEAR * _DECAY ** _REVEAL_STEPS * sum(deck) / len(deck))


@lru_cache(maxsize=None)
def lose_chance(level, power, evades=frozenset()):
    """The chance a miniature loses a Newaru combat (rulebook, Newaru phases) at the enemy
    `level` when its player can commit cards of total strength `power`; `evades`: the card
    types in hand that evade an attack. Each enemy action of the level is equally likely: a
    drain avoids the combat, an echo adds an Outcome card (its mean here) to an attack of the
    level, an attack is lost below its damage and half the time on a tie."""
    actions = [c for c in ENEMY_CARDS.values() if c["level"] == level]
    attacks = [c for c in actions if c["kind"] == "attack"]

    def lost(attack, bonus=0.0):
        if attack.get("evade") in evades:
            return 0.0
        damage = attack["damage"] + bonus
        return 1.0 if power < damage else 0.5 if power == damage else 0.0

    total = 0.0
    for action in actions:
        if action["kind"] == "attack":
            total += lost(action)
        elif action.get("effect") == "outcome_then_action":
            total += sum(lost(a, _OUTCOME_MEAN) for a in attacks) / len(attacks)
    return total / len(actions)


def _newaru_risk(state, seat, me):
    """What the Newaru next to the seat's miniatures are expected to cost it: a miniature next
    to a Newaru fights it on the seat's turn (flow.find_combat), and one two steps from a
    Newaru is often hunted into a combat (newaru.step_toward: one step, across a tile edge
    too when the Newaru's own tile holds a node next to the miniature). A lost combat
    costs the miniature and a Baralytas token (the smallest held goes back), a won one brings
    a faction and a terminal token."""
    player = state.players[seat]
    newaru = list(state.newaru.values())
    near = [(mini, n) for mini, n in enumerate(player.minis)
            if n is not None and any(chebyshev(m, n) <= 2 for m in newaru)]
    if not near:
        return 0.0
    level = level_for(points(player))
    if seat == me:  # the seat's own hand is known to it; for another seat only its size
        usable = usable_cards(player.hand, player.faction)
        now = sum(strength(c) for c in usable)
        evades = frozenset(card(c)["type"] for c in usable)
    else:
        now, evades = _MEAN_STRENGTH * len(player.hand), frozenset()
    full = max(now, _MEAN_STRENGTH * HAND_SIZE)
    # A Newaru hunts when the seat's turn is over (newaru.py): while the seat may still move
    # (its own turn, a card it can use), a miniature two steps off is only passing by.
    passing = seat == me and _moving_on(state, seat)
    loss = _MINI + _HAND + (_POINT * min(player.baralytas) if player.baralytas else 0.0)
    gain = _tokens(player.tokens + 1) - _tokens(player.tokens) + _TERMINAL
    trapped = trapped_set(state)
    risk = 0.0
    for mini, n in near:
        if (seat, mini) in trapped:
            continue
        if any(touching(m, n) for m in newaru):
            p = lose_chance(level, now, evades)
            risk += p * loss - (1 - p) * gain
        elif not passing and any(chebyshev(m, n) <= 2 for m in newaru):
            p = lose_chance(level, full, evades)
            risk += _HUNTED * (p * loss - (1 - p) * gain)
    return risk


def _raid_risk(state, seat, me):
    """What the seat stands to lose to a raid before its hand is dealt again: a seat that
    holds no card it may fight with loses at once to any miniature of the other seat that
    moves next to one of its own ("If the attacked player has no cards, the attacker
    immediately wins": rulebook, Combat between players, Phases 2), and the other seat,
    still to play this round (hands are dealt again only when a round starts), can walk
    two nodes a card in its hand. A raid costs the miniature and hands the raider the
    smallest Baralytas token held (a point lost and a point won), and the raider takes
    it when it sees it, so it counts at RAIDED of that. Two seats only, as `_contest`.

    Why: level 2 spent its last card in every turn, and greedy, playing after it in the
    round, walked up to a miniature with no card to fight with and took a miniature and a
    point, round after round: a lead of 6-2 in round 4 became 0-10 (docs/BOTS.md, arena
    seed 3002, match 1)."""
    if state.seats != 2 or state.phase != PLAY or state.result is not None:
        return 0.0
    foe = 1 - seat
    if not _plays_before_the_deal(state, foe):
        return 0.0
    player = state.players[seat]
    if usable_cards(player.hand, player.faction) if seat == me else player.hand:
        return 0.0  # another seat's cards are hidden: any card counts as one to fight with
    hand = state.players[foe].hand
    reach = 2 * len(usable_cards(hand, state.players[foe].faction) if foe == me else hand)
    trapped = trapped_set(state)
    raiders = [n for mini, n in enumerate(state.players[foe].minis)
               if n is not None and (foe, mini) not in trapped]
    exposed = any(chebyshev(m, n) - 1 <= reach for mini, n in enumerate(player.minis)
                  if n is not None and (seat, mini) not in trapped for m in raiders)
    if not exposed:
        return 0.0
    token = _POINT * min(player.baralytas) if player.baralytas else 0.0
    return _RAIDED * (_MINI + 2 * token)


def _plays_before_the_deal(state, seat):
    """Whether `seat` still plays a turn in this round (the one now included)."""
    if state.active is None or seat not in state.order:
        return False
    return state.order.index(seat) >= state.order.index(state.active)


def _moving_on(state, seat):
    """Whether `seat` is in the middle of its own turn with a card it may still move with.

    Why: counting the hunt's risk at every step of a turn, a seat near the goal (the advanced
    enemy actions) whose last deposits lay past the ground two steps from a Newaru valued
    every step onto it below standing still, played its whole turn on moves that went
    nowhere, and drew at the round limit (docs/BOTS.md: arena seed 101, match 0, round 26)."""
    player = state.players[seat]
    return (state.phase == PLAY and state.active == seat and state.combat is None
            and not state.pending and bool(usable_cards(player.hand, player.faction)))


def _tokens(count):
    first, rest = _TOKENS
    return first[1] * min(count, first[0]) + rest[1] * max(0, count - first[0])


def _kept_tokens(state, player):
    """The faction tokens a player keeps: a bid placed for first player is staked, since
    "all staked tokens go into the game pool" (rulebook, Setup 3) unless the bids tie.

    Why: counted only once every bid was revealed, a bid placed first changed nothing the
    heuristic saw, so the bots bid at random or, searching on to the first moves, bid 8 of
    their 10 tokens for first place, and then lacked the tokens that upgrades and special
    actions cost when closing out (docs/BOTS.md)."""
    staked = player.bid if state.phase == BID and player.bid is not None else 0
    return player.tokens - max(0, staked)


def _strength(state, seat, me):
    player = state.players[seat]
    on_board = sum(1 for n in player.minis if n is not None)
    value = (_POINT * points(player) + _reach(state, seat, me) + _MINI * on_board
             + _tokens(_kept_tokens(state, player)) + _TERMINAL * player.terminal_tokens
             - _newaru_risk(state, seat, me) - _raid_risk(state, seat, me))
    # Only the seat's own cards are known to it; another seat's hand counts by its size.
    return value + (_cards(player) if seat == me else _HAND * len(player.hand))


def _cards(player):
    """What the seat's own cards are worth: those it may use by their count in hand and
    their strength, another faction's type cards as DEAD each in hand and nothing in the
    deck. Such a card is never used ("the card can only be used by a player of the
    represented faction", Glossary p14: not to move, pay or fight), yet it keeps its place
    in the hand, which is drawn only up to 4 (Start of round): each one is a card fewer in
    every round left.

    Why: counted at its strength like any card, a Keber seat bought the Wardun, Vinsan and
    SYL cards of the upgrades row with its tokens, held three of them for the last 22
    rounds, moved one card's two nodes a round and drew at the round limit 5-1
    (docs/BOTS.md: arena seed 3602, match 31, level 2 against random)."""
    usable = usable_cards(player.hand, player.faction)
    owned = usable_cards(player.hand + player.deck + player.discard, player.faction)
    return (_HAND * len(usable) - _DEAD * (len(player.hand) - len(usable))
            + _HAND_STRENGTH * sum(strength(c) for c in usable)
            + _CARD_QUALITY * sum(strength(c) for c in owned))


def evaluate(state, seat):
    """Own strength minus the best opponent's; ±1000 once the match is decided."""
    if state.result is not None:
        winner = state.result.get("winner")
        if winner is not None:
            return 1000.0 if winner == seat else -1000.0
    others = [_strength(state, s, seat) for s in range(state.seats) if s != seat]
    return _strength(state, seat, seat) - max(others) + 5.0 * points(state.players[seat]) / goal(state)
