"""A score-like estimate for bots: victory points first, then planets, ships and cards."""
from shared.games.exile_sun.battle import size
from shared.games.exile_sun.board import distances
from shared.games.exile_sun.scoring import total_vp
from shared.games.exile_sun.state import planets_of


def _strength(state, seat) -> float:
    ships = sum(size(f) for f in state.fleets if f.owner == seat and f.kind != "decoy")
    p = state.players[seat]
    return (total_vp(state, seat) + 0.6 * len(planets_of(state, seat)) + 0.08 * ships
            + 0.05 * len(p.hand) + 0.03 * len(p.techs))


def _advance(state, seat) -> float:
    """Fleets closer to enemy planets are worth a little (aggression pays, p2)."""
    n = len(state.players)
    targets = [p for p, o in state.planets if o != seat]
    if not targets:
        return 0.0
    total = 0.0
    for f in state.fleets:
        if f.owner == seat and f.kind not in ("decoy", "scout", "shipyard"):
            near = distances(n, f.space)
            total += 1.0 / (1 + min(near.get(t, 20) for t in targets))
    return 0.1 * total


def evaluate(state, seat) -> float:
    """Positive when `seat` leads; ±20 once the game is decided."""
    if state.result is not None:
        ranks = state.result[1]
        return 20.0 if ranks[seat] == 1 else -20.0 * (ranks[seat] - 1) / len(ranks)
    mine = _strength(state, seat) + _advance(state, seat)
    others = [_strength(state, s) for s in range(len(state.players)) if s != seat]
    return mine - max(others)
