"""A position estimate for bots from what the seat may know (no other hand, no hidden card).

Aimed at winning, i.e. at Baralytas points (rulebook, Winning the game): points held, how close
each miniature is to the Baralytas still lying on deposits, and (while deposits are still
undiscovered) to the edge of the face-down tiles; then the means to get there -- miniatures on
the board, faction tokens (spent on special actions, won back only by winning combats), terminal
tokens and cards. Another seat's hand and deck are hidden, so for other seats only the hand size
and the public discard count; the seat's own card quality counts for itself.
"""
from collections import deque

from shared.games.exsilium.board import around, tile_pos
from shared.games.exsilium.components import strength
from shared.games.exsilium.state import goal, points

_POINT = 10.0        # a Baralytas point
_NEAR = 0.6          # share of a deposit's worth for a miniature one step from collecting it
_DECAY = 0.85        # per step further away
_OTHERS = 0.3        # weight of deposits other than the closest one
_EXPLORE = 3.0       # the edge of the unexplored tiles, while deposits remain undiscovered
_MINI = 2.5
_TOKENS = ((4, 0.8), (10, 0.3))   # the first 4 faction tokens are worth more
_TERMINAL = 0.6
_HAND, _HAND_STRENGTH, _CARD_QUALITY = 0.4, 0.15, 0.05

_CACHE = {}


def _bfs(state, sources):
    dist, queue = {}, deque()
    for n in sources:
        dist[n] = 0
        queue.append(n)
    kinds, holes = state.kinds, state.holes
    while queue:
        n = queue.popleft()
        for m in around(n):
            if m not in dist and kinds.get(m) not in (None, "D") and m not in holes:
                dist[m] = dist[n] + 1
                queue.append(m)
    return dist


def _fields(state):
    """Distance fields (ignoring miniatures and frontiers) to collecting each deposit, and to
    the edge of the face-down tiles; cached for the same board."""
    key = (id(state.kinds), state.holes, tuple(sorted((d, sum(v)) for d, v in
                                                       state.deposits.items())), state.facedown)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is state.kinds:
        return hit[1]
    deposits = []
    for d, values in sorted(state.deposits.items()):
        if sum(values):
            near = [m for m in around(d) if state.kinds.get(m) not in (None, "D")
                    and m not in state.holes]
            deposits.append((sum(values), _bfs(state, near)))
    edge = [n for n, k in state.kinds.items() if k != "D" and n not in state.holes
            and any(tile_pos(m) in state.facedown for m in around(n))]
    result = (deposits, _bfs(state, edge) if edge and state.baralytas_deck else {})
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[key] = (state.kinds, result)
    return result


def _reach(state, player):
    """What the miniatures' positions promise: the closest deposits, the unexplored edge."""
    nodes = [n for n in player.minis if n is not None]
    if not nodes:
        return 0.0
    deposits, edge = _fields(state)
    worths = []
    for value, dist in deposits:
        steps = min((dist[n] for n in nodes if n in dist), default=None)
        if steps is not None:
            worths.append(_POINT * value * _NEAR * _DECAY ** max(0, steps - 1))
    worths.sort(reverse=True)
    out = (worths[0] + _OTHERS * sum(worths[1:])) if worths else 0.0
    if edge:
        steps = min((edge[n] for n in nodes if n in edge), default=None)
        if steps is not None:
            out += _EXPLORE * _DECAY ** steps
    return out


def _tokens(count):
    first, rest = _TOKENS
    return first[1] * min(count, first[0]) + rest[1] * max(0, count - first[0])


def _strength(state, seat, me):
    player = state.players[seat]
    on_board = sum(1 for n in player.minis if n is not None)
    value = (_POINT * points(player) + _reach(state, player) + _MINI * on_board
             + _tokens(player.tokens) + _TERMINAL * player.terminal_tokens
             + _HAND * len(player.hand))
    if seat == me:
        # Only the seat's own cards are known to it.
        value += _HAND_STRENGTH * sum(strength(c) for c in player.hand)
        value += _CARD_QUALITY * sum(strength(c) for c in player.hand + player.deck
                                     + player.discard)
    return value


def evaluate(state, seat):
    """Own strength minus the best opponent's; ±1000 once the match is decided."""
    if state.result is not None:
        winner = state.result.get("winner")
        if winner is not None:
            return 1000.0 if winner == seat else -1000.0
    others = [_strength(state, s, seat) for s in range(state.seats) if s != seat]
    return _strength(state, seat, seat) - max(others) + 5.0 * points(state.players[seat]) / goal(state)
