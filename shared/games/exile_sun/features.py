"""What a learned evaluation reads of an Exile Sun position: numbers taken from one seat's view
(view.py), never from the state, so they hold nothing that seat could not see: other players'
hands, Tech cards, agendas and private VP, the values of enemy fleets it has not seen, secret
allocations, commits and tactics, and every deck's order.

The same vector serves 2 to 6 seats: each quantity is given for the seat itself, for the
strongest other seat (the leader among the others by what everyone sees of them, the one a
seat must overtake to win) and as their difference; the cycle, the phase and the table's size
are shared. The quantities follow the hand-written heuristic (heuristics.py): VP, planets held
and being claimed, ships on the map, cards in hand, and fleets' closeness to enemy planets.
services/bot/train.py fits a model on them (`orrery train exile_sun`) and
services/bot/policies/learned.py evaluates it.
"""
from __future__ import annotations

import json
from functools import lru_cache

from shared.games.exile_sun.board import map_view, planets
from shared.games.exile_sun.components import MAPS, TOKEN_SHIPS
from shared.games.exile_sun.heuristics import _nearest
from shared.games.exile_sun.state import (ALLOCATE, BATTLE, BUILD, DRAFT, MOVE, REGROUP,
                                          SHIFT)

_PER_PLAYER = ("public_vp", "home", "planets", "claiming", "tokens", "ships_seen",
               "tokens_unseen", "scouts", "advance", "hand", "techs", "agendas", "reserve",
               "overhead", "storage", "standing")
_PHASES = ((DRAFT, ALLOCATE, SHIFT, BUILD), (MOVE,), (BATTLE,), (REGROUP,))
NAMES = tuple([f"own_{n}" for n in _PER_PLAYER] + [f"other_{n}" for n in _PER_PLAYER]
              + [f"diff_{n}" for n in _PER_PLAYER]
              + ["own_private_vp", "own_total_vp", "own_vp_to_go", "others_public_vp",
                 "cycle", "seats", "to_move", "in_battle", "phase_budget", "phase_move",
                 "phase_battle", "phase_regroup"])


@lru_cache(maxsize=16)
def _table_of(shown: str) -> tuple:
    """The (players, map name) a view's map is: the view shows the map's layout, not its
    name, and the distances below need the board it names."""
    data = json.loads(shown)
    for name in MAPS:
        table = (data["players"], name)
        if json.loads(json.dumps(map_view(table), sort_keys=True)) == data:
            return table
    raise ValueError("a map no layout matches")


def _player(view: dict, seat: int, p: dict, table: tuple, near_cache: dict) -> list:
    n = len(view["players"])
    held = [space for space, owner in view["planets"].items() if owner == p["seat"]]
    home = 1.0 if p["slot"] is not None and all(
        view["planets"].get(x) == p["seat"] for x in planets(n, p["slot"])) else 0.0
    # Where a fleet stands alone: a fleet alone on another's planet claims it in the Battle
    # phase (rules p8), the heuristic's strongest term after VP.
    count_at = {}
    for f in view["fleets"]:
        count_at[f["space"]] = count_at.get(f["space"], 0) + 1
    targets = frozenset(x for x, owner in view["planets"].items() if owner != p["seat"])
    if targets not in near_cache:
        near_cache[targets] = _nearest(table, targets) if targets else {}
    near = near_cache[targets]
    tokens = ships_seen = unseen = scouts = claiming = 0
    advance = 0.0
    for f in view["fleets"]:
        if f["owner"] != p["seat"]:
            continue
        kind = f["kind"]   # None: a value this seat has not seen (a decoy, perhaps)
        if kind == "scout":
            scouts += f["count"] or 0
            continue
        tokens += 1
        if kind is None:
            unseen += 1
        else:
            ships_seen += TOKEN_SHIPS.get(kind, 0)
        if kind != "decoy":
            owner = view["planets"].get(f["space"], p["seat"])
            if owner != p["seat"] and count_at[f["space"]] == 1:
                claiming += 1
            if kind != "shipyard" and targets:
                advance += 1.0 / (1 + near.get(f["space"], 20))
    planets_held = len(held)
    return [p["public_vp"], home, planets_held, claiming, tokens, ships_seen, unseen, scouts,
            advance, p["hand_size"], p["tech_count"], p["agenda_count"], p["reserve_size"],
            p["overhead_size"], p["storage_size"],
            _standing(p["public_vp"], home, planets_held, claiming)]


def _standing(public_vp, home, planets_held, claiming) -> float:
    """What everyone sees of a seat's strength, in the heuristic's weights: public VP, the
    private VP for holding its home planets (the planets are public), planets held and
    claimed. It picks the strongest other seat."""
    return public_vp + home + 0.6 * planets_held + 1.2 * claiming


def features(view: dict, seat: int) -> list:
    """The feature vector (NAMES, in order) of `seat`'s view of a table of 2 to 6 seats."""
    players = view["players"]
    table = _table_of(json.dumps(view["map"], sort_keys=True))
    near_cache = {}
    rows = [_player(view, seat, p, table, near_cache) for p in players]
    mine = rows[seat]
    # The leader among the others (ties: the first in seat order, so a fixed choice).
    theirs = max((rows[s] for s in range(len(players)) if s != seat), key=lambda r: r[-1])
    own = players[seat]
    private = own.get("private_vp", 0)
    total = own["public_vp"] + private
    others_public = sum(p["public_vp"] for p in players if p["seat"] != seat)
    battle = view["battle"]
    return (mine + theirs + [a - b for a, b in zip(mine, theirs)]
            + [private, total, view["victory"] - total, others_public,
               view["cycle"], len(players),
               1.0 if seat in view["to_act"] else 0.0,
               1.0 if battle is not None and seat in battle["seats"] else 0.0]
            + [1.0 if view["phase"] in group else 0.0 for group in _PHASES])
