"""A score-like estimate for bots: victory points first, then planets, ships and cards.

Bots judge every legal command on several sampled tables and ask this for every seat of each
result, so it works from one pass over the state (remembered for the last state asked) and
from distance tables cached per set of target planets."""
from collections import deque
from functools import lru_cache

from shared.games.exile_sun import scoring
from shared.games.exile_sun.battle import TOKEN_SHIPS, size
from shared.games.exile_sun.board import board, planets, table
from shared.games.exile_sun.budget import FUEL, OVERHEAD, SHIPS, TECH, bought, items
from shared.games.exile_sun.components import TECH_HAND_LIMIT
from shared.games.exile_sun.state import ALLOCATE, BATTLE, MOVE, REGROUP, SHIFT

SHIP, CARD, TECH_CARD, OVERHEAD_CARD = 0.08, 0.05, 0.03, 0.03
NOTHING = (0, 0, 0, 0)  # an allocation's purchases: overhead cards, fleets, ship cards, techs
FLEET_TOKENS = ("heavy", "medium", "light")
# A fleet bought and not deployed yet: the ships of the smallest token it may become.
PENDING_FLEET = SHIP * min(TOKEN_SHIPS[t] for t in FLEET_TOKENS)
# A match that ends at this cycle's end (a seat left with no fleet, p14) is worth this much
# to each seat by its rank now, half of a finished match's 20: the points still to score
# before the cycle ends (agendas at its end) may change the ranks. Half of that again when
# the seat's last fleets are only attacked by larger ones (the battle still to be fought).
ENDING, ENDING_PENDING = 10.0, 5.0
# The phases after the Build, where no fleet can be deployed before the cycle ends.
_NO_DEPLOYING = (MOVE, BATTLE, REGROUP)

# (the state last judged, its strengths, its fleets left): one state is asked about every
# seat in turn. One tuple swapped whole, so a reader in another thread never pairs a state
# with other values.
_last = [(None, None, None)]


def _strengths(state) -> tuple:
    """Per seat: total VP (scoring.py's count) + 0.6 a planet (1.2 one being claimed) + 0.08 a
    ship (a fleet bought and not deployed yet too) + cards a little, none past the hand
    limits (the build turn returns them), and what a revealed allocation is about to buy;
    with the seats' `_fleets_left`."""
    judged, strengths, left = _last[0]
    if judged is state:
        return strengths, left
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
    # Between the reveal and the purchases (#5's shift) every allocation is public.
    buying = items(state, state.revealed_budgets) if state.phase == SHIFT else None
    out = []
    for p in state.players:
        home = p.slot is not None and all(owners.get(x) == p.seat for x in planets(n, p.slot))
        private = (int(("flagship", p.seat) not in lost) + int(("shipyard", p.seat) not in lost)
                   + len(p.trophies) + int(home))
        out.append(p.public_vp + private + 0.6 * held[p.seat] + 1.2 * claiming[p.seat]
                   + SHIP * ships[p.seat]
                   + _holdings(p, buying[p.seat] if buying else NOTHING))
    left = _fleets_left(state)
    _last[0] = (state, out, left)
    return out, left


def _holdings(p, buying) -> float:
    """Ship and tech cards held and fleets bought but not deployed yet, with what `buying`
    ([overhead cards, fleets, ship cards, tech cards]) adds: ships and techs up to the hand
    limits, fleets up to the tokens left in the supply, since the build turn returns the
    rest of the cards unplayed (p9) and a fleet needs a token to deploy."""
    hand = min(len(p.hand) + buying[SHIPS], max(p.hand_limit, len(p.hand)))
    techs = min(len(p.techs) + buying[TECH], max(TECH_HAND_LIMIT, len(p.techs)))
    supply = dict(p.supply)
    tokens = sum(supply.get(kind, 0) for kind in FLEET_TOKENS)
    fleets = min(p.deploys + buying[FUEL], max(tokens, p.deploys))
    return (CARD * hand + TECH_CARD * techs + OVERHEAD_CARD * buying[OVERHEAD]
            + PENDING_FLEET * fleets)


def _own_allocation(state, seat) -> float:
    """What the seat's own allocation buys, once made and until the reveal: its purchases
    are decided then, and judged only once bought, every allocation looked alike to a
    one-ply look, so the bots allocated at random and sometimes bought no fleet for cycles
    on end (docs/BOTS.md). Another seat's allocation is secret until the reveal and is not
    read (the bonuses for most and second most, which hang on it, are left out)."""
    p = state.players[seat]
    if state.phase != ALLOCATE or p.allocation is None:
        return 0.0
    return _holdings(p, bought(state, seat, p.allocation)) - _holdings(p, NOTHING)


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


def _fleets_left(state) -> list:
    """Per seat, how its match goes on once the Build is over: 2 while it has a fleet (not
    a decoy) no larger one attacks, 1 while all it has left are attacked by larger ones
    (battles still to fight), 0 with none left: the match then ends when the cycle does
    (p14, "a player has no fleets left"). In the cycle's Draft, Budget and Build, when
    fleets are deployed, 2 for every seat."""
    n = len(state.players)
    if state.phase not in _NO_DEPLOYING:
        return [2] * n
    by_id = {f.id: f for f in state.fleets}
    pairs = list(state.battles)
    if state.battle is not None:
        pairs.append(tuple(state.battle.fleets))
    outmatched = set()
    for attacker, defender in pairs:
        a, d = by_id.get(attacker), by_id.get(defender)
        if a is not None and d is not None and size(a) > size(d):
            outmatched.add(defender)
    left = [0] * n
    for f in state.fleets:
        if f.kind != "decoy":
            left[f.owner] = max(left[f.owner], 1 if f.id in outmatched else 2)
    return left


def _by_rank(ranks, seat, weight) -> float:
    """`weight` to a seat ranked first, less to each rank below it, down to -weight."""
    return weight if ranks[seat] == 1 else -weight * (ranks[seat] - 1) / len(ranks)


def _ending(state, seat, left) -> float:
    """What a match ending at this cycle's end is worth to `seat` (see ENDING), by its rank
    now, from the seats' `_fleets_left`; 0 while every seat keeps a fleet."""
    if min(left) == 2:
        return 0.0
    return _by_rank(scoring.ranks(state), seat,
                    ENDING if min(left) == 0 else ENDING_PENDING)


def _advance(state, seat) -> float:
    """Fleets closer to enemy planets are worth a little (aggression pays, p2); to the
    fleets of a seat that holds no planet, too: taking its last ones ends the match."""
    targets = frozenset(p for p, o in state.planets if o != seat)
    if state.cycle:  # past the setup, where colonies are still being chosen
        holding = {o for _, o in state.planets}
        targets |= frozenset(f.space for f in state.fleets if f.owner != seat
                             and f.owner not in holding and f.kind != "decoy")
    if not targets:
        return 0.0
    near = _nearest(table(state), targets)
    return 0.1 * sum(1.0 / (1 + near.get(f.space, 20)) for f in state.fleets
                     if f.owner == seat and f.kind not in ("decoy", "scout", "shipyard"))


def evaluate(state, seat) -> float:
    """Positive when `seat` leads; ±20 once the game is decided."""
    if state.result is not None:
        return _by_rank(state.result[1], seat, 20.0)
    strengths, left = _strengths(state)
    return (strengths[seat] + _advance(state, seat) + _own_allocation(state, seat)
            + _ending(state, seat, left)
            - max(s for other, s in enumerate(strengths) if other != seat))
