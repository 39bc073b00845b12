"""A score-like estimate for bots: victory points first, then planets, ships and cards.

Bots judge every legal command on several sampled tables and ask this for every seat of each
result, so it works from one pass over the state (remembered for the last state asked) and
from distance tables cached per set of target planets."""
from collections import deque
from functools import lru_cache

from shared.games.exile_sun.battle import size
from shared.games.exile_sun.board import board, planets, table

# (the state last judged, its strengths): one state is asked about every seat in turn. One
# tuple swapped whole, so a reader in another thread never pairs a state with other values.
_last = [(None, None)]


def _strengths(state) -> list:
    """Per seat: total VP (scoring.py's count) + 0.6 a planet (1.2 one being claimed) + 0.08 a
    ship + cards a little."""
    judged, strengths = _last[0]
    if judged is state:
        return strengths
    n = len(state.players)
    owners = dict(state.planets)
    held, ships, claiming = [0] * n, [0] * n, [0] * n
    for owner in owners.values():
        if owner is not None:
            held[owner] += 1
    alone = {}
    for f in state.fleets:
        alone[f.space] = None if f.space in alone else f
        if f.kind != "decoy":
            ships[f.owner] += size(f)
    # A fleet alone on another's planet claims it in the Battle phase (rules p8): worth most of
    # a capture already, or a one-ply search would never move onto a planet.
    for space, owner in owners.items():
        f = alone.get(space)
        if f is not None and f.kind != "decoy" and f.owner != owner:
            claiming[f.owner] += 1
    lost = {trophy for p in state.players for trophy in p.trophies}
    out = []
    for p in state.players:
        home = p.slot is not None and all(owners.get(x) == p.seat for x in planets(n, p.slot))
        private = (int(("flagship", p.seat) not in lost) + int(("shipyard", p.seat) not in lost)
                   + len(p.trophies) + int(home))
        out.append(p.public_vp + private + 0.6 * held[p.seat] + 1.2 * claiming[p.seat]
                   + 0.08 * ships[p.seat]
                   + 0.05 * len(p.hand) + 0.03 * len(p.techs))
    _last[0] = (state, out)
    return out


@lru_cache(maxsize=1024)
def _nearest(table_key, targets) -> dict:
    """Steps from every space to the nearest of `targets` (a multi-source breadth-first
    search; gateways do not shorten it: a distance to walk, not a scan's)."""
    adjacency = board(table_key)[1]
    seen, queue = {t: 0 for t in targets}, deque(sorted(targets))
    while queue:
        space = queue.popleft()
        for n in sorted(adjacency[space]):
            if n not in seen:
                seen[n] = seen[space] + 1
                queue.append(n)
    return seen


def _advance(state, seat) -> float:
    """Fleets closer to enemy planets are worth a little (aggression pays, p2)."""
    targets = frozenset(p for p, o in state.planets if o != seat)
    if not targets:
        return 0.0
    near = _nearest(table(state), targets)
    return 0.1 * sum(1.0 / (1 + near.get(f.space, 20)) for f in state.fleets
                     if f.owner == seat and f.kind not in ("decoy", "scout", "shipyard"))


def evaluate(state, seat) -> float:
    """Positive when `seat` leads; ±20 once the game is decided."""
    if state.result is not None:
        ranks = state.result[1]
        return 20.0 if ranks[seat] == 1 else -20.0 * (ranks[seat] - 1) / len(ranks)
    strengths = _strengths(state)
    return (strengths[seat] + _advance(state, seat)
            - max(s for other, s in enumerate(strengths) if other != seat))
