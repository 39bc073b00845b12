"""What a learned evaluation reads of an Exsilium position: numbers taken from one seat's view
(view.py), never from the state, so they hold nothing that seat could not see (the other
seat's hand and deck, its face-down cards, the order of any deck).

Each quantity is given for the seat itself, for the other seat, and as their difference; the
round, the rounds left before the round limit's draw and the seat to move are shared, and a
few numbers only the seat knows of itself (its own cards) come last. services/bot/train.py
fits a model on them (`orrery train exsilium`) and services/bot/policies/learned.py
evaluates it.

The hand-written heuristic (heuristics.py) is one of the features: it reads only what the
seat may know, so it is computed on a table rebuilt from the view (`table_of`), where every
card the seat cannot see is None. Its walk to the goal and its Newaru risk are private to
it, so the walks here are simpler ones of their own (routes.steps_to, as the seat may walk).
"""
from __future__ import annotations

from shared.games.exsilium.board import (
    around, chebyshev, is_border, parse_pos, tile_pos, touching)
from shared.games.exsilium.components import (
    CARDS, HAND_SIZE, card, level_for, strength, usable_cards)
from shared.games.exsilium.heuristics import evaluate, lose_chance
from shared.games.exsilium.routes import crossing_power, exploring_nodes, steps_to
from shared.games.exsilium.state import (
    FACTION, PLAY, Combat, Pending, Player, State, goal as goal_of, trapped_set)

# A walk longer than this is as good as none: a seat's cards walk about 8 steps a round.
_FAR = 40
# Another seat's card, as the heuristic counts one it cannot see.
_MEAN_STRENGTH = sum(c["strength"] for c in CARDS.values()) / len(CARDS)
_LEVELS = {"basic": 0, "intermediate": 1, "advanced": 2}

_PER_PLAYER = ("points", "need", "tokens_held", "smallest_token", "faction_tokens",
               "terminal_tokens", "terminals_controlled", "on_board", "trapped",
               "hand", "deck", "discard", "cards", "slots", "enemy_level",
               "lose_chance_full_hand", "deposit_steps", "deposit_value_near", "edge_steps",
               "walk_to_goal", "walk_fits", "next_to_newaru", "near_newaru")
_SHARED = ("heuristic", "round", "rounds_left", "to_move", "first_in_order", "goal",
           "points_on_deposits", "baralytas_deck", "baralytas_deck_mean", "facedown",
           "newaru", "in_play")
_OWN = ("own_hand_strength", "own_lose_chance_now", "own_upgraded_cards",
        "own_card_strength_mean")
NAMES = tuple([f"own_{n}" for n in _PER_PLAYER] + [f"other_{n}" for n in _PER_PLAYER]
              + [f"diff_{n}" for n in _PER_PLAYER] + list(_SHARED) + list(_OWN))


def _nodes(mapping) -> dict:
    return {int(k): v for k, v in mapping.items()}


_BOARDS: dict = {}


def _kinds(view: dict) -> dict:
    """The face-up nodes of the view, one dict for one board: the heuristic's caches
    (heuristics._BoardCache) know a board by its `kinds` dict, so tables rebuilt from views
    of the same board share it and its step fields are computed once, as on the real table
    (without it a random match's features took about 90 ms a view, most of it the same
    fields again)."""
    key = tuple(view["nodes"].items())
    kinds = _BOARDS.get(key)
    if kinds is None:
        if len(_BOARDS) > 64:
            _BOARDS.clear()
        kinds = _BOARDS[key] = _nodes(view["nodes"])
    return kinds


def table_of(view: dict, seat: int) -> State:
    """A State holding exactly what `seat`'s view shows: the other seat's hand and deck are
    as many None cards as it holds, face-down cards nobody shown are None, bids unknown.
    What the view does not carry and no heuristic reads (the supply, the upgrade deck, the
    turn's bookkeeping) is left empty; destroyed frontiers are those next to a destroyed
    border node, as a Vinsan hole clears them (factions.py)."""
    players = []
    for s, p in enumerate(view["players"]):
        mine = s == seat and "hand" in p
        players.append(Player(
            faction=p["faction"],
            hand=tuple(c["id"] for c in p["hand"]) if mine else (None,) * p["hand_size"],
            deck=tuple(p["deck"]) if mine else (None,) * p["deck_size"],
            discard=tuple(c["id"] for c in p["discard"]), tokens=p["tokens"],
            baralytas=tuple(p["baralytas"]), terminal_tokens=p["terminal_tokens"],
            minis=tuple(p["miniatures"]), board=tuple(p["player_board"]),
            slots=p["ability_slots"], holes_left=p["holes_left"],
            trapped=tuple(p["trapped"]) if p["trapped"] else None,
            start=p["activation_node"], bid=p.get("bid")))
    holes = frozenset(view["holes"])
    cleared = frozenset(tuple(sorted((tile_pos(n), tile_pos(m))))
                        for n in holes if is_border(n)
                        for m in around(n) if tile_pos(m) != tile_pos(n))
    c = view["combat"]
    combat = None if c is None else Combat(
        kind=c["kind"], attacker=c["attacker"], mini=c["miniature"], foe=tuple(c["foe"]),
        stage=c["stage"], enemy=c["enemy_action"], bonus=c["enemy_bonus"])
    pending = tuple(Pending(kind=p["kind"], seat=p["seat"], count=p["count"])
                    for p in view["pending"])
    return State(
        options=dict(view["options"]), seats=len(players), phase=view["phase"],
        players=tuple(players),
        placed={parse_pos(k): t for k, t in view["tiles"].items()},
        facedown=frozenset(parse_pos(k) for k in view["facedown"]),
        kinds=_kinds(view),
        deposits={n: tuple(v) for n, v in _nodes(view["deposits"]).items()},
        terminal_tokens=frozenset(view["terminal_tokens"]),
        control=_nodes(view["control"]),
        markers={m["node"]: (m["owner"], m["card"], m["face"]) for m in view["markers"]},
        newaru={int(k): n for k, n in view["newaru"].items()},
        holes=holes, cleared=cleared,
        enemy_decks={k: tuple(v) for k, v in view["enemy_cards_left"].items()},
        outcome_deck=tuple(view["outcome_deck"]),
        baralytas_deck=tuple(view["baralytas_deck"]), pool=view["pool"],
        terminal_reserve=view["terminal_reserve"], order=tuple(view["order"]),
        round=view["round"], active=view["active"], combat=combat, pending=pending,
        result=view["outcome"], revealed=view["revealed"])


_FIELDS: dict = {}


def _field(table: State, board: tuple, d: int, compute) -> dict:
    """The step field to deposit `d` on `board` (its kinds dict, holes, control, seat and
    crossing power), kept while that kinds dict is the one in use (see `_kinds`)."""
    hit = _FIELDS.get((board, d))
    if hit is not None and hit[0] is table.kinds:
        return hit[1]
    if len(_FIELDS) > 4096:
        _FIELDS.clear()
    field = compute()
    _FIELDS[board, d] = (table.kinds, field)
    return field


def _walks(table: State, s: int):
    """(steps to collect the nearest deposit, Baralytas on the deposits within 2 rounds'
    walk, steps to the face-down edge, the walk to the goal): as the seat may walk
    (routes.steps_to: frontiers it lacks miniatures for cost steps, foreign terminals
    closed). The walk to the goal adds the nearest deposits' walks, each from where the
    miniatures stand, until their Baralytas cover what the seat still needs (the face-down
    edge, while the Baralytas deck holds cards, as a deposit 3 steps past it at the deck's
    mean). Why: the heuristic's own walk (with helpers brought to frontiers) is private to
    it; this simpler one says the same thing for a linear model, and is cheap."""
    player = table.players[s]
    trapped = trapped_set(table)
    nodes = [n for m, n in enumerate(player.minis) if n is not None and (s, m) not in trapped]
    if not nodes:
        return _FAR, 0.0, _FAR, _FAR
    power = crossing_power(table, s)
    roads = []
    board = (id(table.kinds), table.holes, tuple(sorted(table.control.items())), s,
             tuple(sorted(power.items())))
    for d, values in table.deposits.items():
        if sum(values):
            field = _field(table, board, d, lambda: steps_to(table, s, around(d), power))
            steps = min((field[n] for n in nodes if n in field), default=_FAR)
            roads.append((min(_FAR, steps + 1), sum(values)))
    roads.sort()
    near = float(sum(v for steps, v in roads if steps <= 16))
    edge = _FAR
    if table.facedown:
        field = steps_to(table, s, exploring_nodes(table, s, power), power)
        edge = min([_FAR] + [field[n] for n in nodes if n in field])
    deck = table.baralytas_deck
    if deck and edge < _FAR:
        roads = sorted(roads + [(min(_FAR, edge + 3), sum(deck) / len(deck))])
    need, walk = goal_of(table) - min(15, sum(player.baralytas)), 0
    for steps, value in roads:
        if need <= 0:
            break
        walk, need = walk + steps, need - value
    if need > 0:
        walk = _FAR * 3
    deposit = roads[0][0] if table.deposits and roads else _FAR
    return deposit, near, edge, min(walk, _FAR * 3)


def _player(view: dict, table: State, s: int) -> list:
    p = view["players"][s]
    points = p["points"]
    need = goal_of(table) - points
    on_board = [n for n in p["miniatures"] if n is not None]
    trapped = sum(1 for q in view["players"] if q["trapped"] and q["trapped"][0] == s)
    level = level_for(points)
    deposit, near, edge, walk = _walks(table, s)
    rounds_left = max(1, table.options["max_rounds"] - table.round + 1)
    newaru = list(table.newaru.values())
    return [points, need, len(p["baralytas"]), min(p["baralytas"], default=0),
            p["tokens"], p["terminal_tokens"],
            sum(1 for owner in view["control"].values() if owner == s),
            len(on_board), trapped, p["hand_size"], p["deck_size"], len(p["discard"]),
            p["hand_size"] + p["deck_size"] + len(p["discard"]), p["ability_slots"],
            _LEVELS[level],
            # A Newaru combat at the seat's level with a full hand of average cards: what
            # walking near the Newaru risks (the heuristic's stops; docs/BOTS.md).
            lose_chance(level, _MEAN_STRENGTH * HAND_SIZE),
            deposit, near, edge, walk,
            # Whether that walk fits in what the cards can still walk (8 steps a round).
            max(0.0, 1.0 - walk / (8.0 * rounds_left)),
            sum(1 for n in on_board if any(touching(m, n) for m in newaru)),
            sum(1 for n in on_board if any(chebyshev(m, n) <= 2 for m in newaru))]


def _own(view: dict, seat: int) -> list:
    """What only the seat knows of itself: its hand's strength, the chance it loses a Newaru
    combat with that hand now, and the quality of all its cards."""
    p = view["players"][seat]
    if "hand" not in p:
        return [0.0] * len(_OWN)
    hand = [c["id"] for c in p["hand"]]
    every = hand + list(p["deck"]) + [c["id"] for c in p["discard"]]
    level = level_for(p["points"])
    evades = frozenset(card(c)["type"] for c in hand)
    power = sum(strength(c) for c in usable_cards(hand, p["faction"])) if p["faction"] \
        else sum(strength(c) for c in hand)
    return [sum(strength(c) for c in hand), lose_chance(level, power, evades),
            sum(1 for c in every if not card(c)["basic"]),
            sum(strength(c) for c in every) / len(every) if every else 0.0]


def features(view: dict, seat: int) -> list:
    """The feature vector (NAMES, in order) of `seat`'s view of a two-seat table."""
    table = table_of(view, seat)
    if table.phase == FACTION or not table.players:
        mine = theirs = [0.0] * len(_PER_PLAYER)
    else:
        mine, theirs = _player(view, table, seat), _player(view, table, 1 - seat)
    deposits = sum(sum(v) for v in view["deposits"].values())
    deck = view["baralytas_deck"]
    heuristic = max(-300.0, min(300.0, evaluate(table, seat)))  # not a decided ±1000
    order = view["order"]
    return (mine + theirs + [a - b for a, b in zip(mine, theirs)]
            + [heuristic, view["round"], table.options["max_rounds"] - view["round"],
               1.0 if seat in view["to_act"] else 0.0,
               1.0 if order and order[0] == seat else 0.0, goal_of(table), deposits,
               len(deck), sum(deck) / len(deck) if deck else 0.0, len(view["facedown"]),
               len(view["newaru"]), 1.0 if view["phase"] == PLAY else 0.0]
            + _own(view, seat))
