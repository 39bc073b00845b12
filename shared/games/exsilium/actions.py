"""The player in turn's actions (rulebook, Gameplay, Cards, Actions, Faction tokens, Upgrades
board, Glossary): each card action uses one card; special actions cost faction tokens.
Each `do_*` checks and applies a command; each `*_commands` lists the legal ones.
"""
from itertools import combinations

from shared.games.exsilium import factions
from shared.games.exsilium.board import SIZE, around, coords, tile_pos, touching
from shared.games.exsilium.components import card, kind_of, strength, usable_by, usable_cards
from shared.games.exsilium.deck import draw
from shared.games.exsilium.messages import refuse
from shared.games.exsilium.movement import (
    arrive, mine_victims, mine_ward, owe_onward, paths, run_path)
from shared.games.exsilium.wards import strike
from shared.games.exsilium.state import figures
from shared.games.exsilium.table import free, movable, terrain
from shared.games.exsilium.vocabulary import (
    ACCESS_UPGRADES, ACTIVATE, BUY, CARDS_BOUGHT, CARD_DROPPED, CARD_REMOVED, CARD_SWAPPED,
    CARD_USED, CONTROL_WITHDRAWN, CYCLE_UPGRADES, DROP, HOLOGRAM_SET, LEAVE_UPGRADES,
    MINE_DETONATED, MINIATURE_ACTIVATED, MINIATURE_MOVED, MOVE, PLAY, REMOVE_CARD,
    TERMINAL_CONTROLLED, TOKENS_PAID, UPGRADE_ACCESSED, UPGRADE_CYCLED, UPGRADE_LEFT)

MOVE_KINDS = ("move", "all_terrain", "hologram", "cross_frontier")
PLAY_KINDS = ("draw", "swap", "remove", "portal", "cracking")
HAND_KINDS = ("draw", "swap", "remove")   # actions that only touch the hand
BASIC_MOVE = 2


def copies_by_definition(cards):
    """The card ids of each card definition, definitions and ids in sorted order (cards of one
    definition are interchangeable)."""
    groups = {}
    for cid in sorted(cards):
        groups.setdefault(card(cid)["key"], []).append(cid)
    return [groups[k] for k in sorted(groups)]


def by_key(cards):
    """One card id per card definition."""
    return [copies[0] for copies in copies_by_definition(cards)]


def _hand_card(state, seat, cid):
    if cid not in state.players[seat].hand:
        refuse(state, "no_card")
    return cid


def _mini(state, seat, mini):
    if mini not in movable(state, seat):
        refuse(state, "no_mini")
    return mini


def _own_action(state, seat, cid):
    faction = state.players[seat].faction
    if not usable_by(cid, faction):
        refuse(state, "faction_card", faction=card(cid)["type"].capitalize())


# --- move (a card moves 1 miniature up to 2 nodes, or its move action) ----------------------

def move_profile(state, seat, mini, cid, action):
    """(max nodes, frontier it may cross alone, needs a token) of a move with this card."""
    start = state.players[seat].minis[mini]
    kind = kind_of(cid) if action else "basic"
    spec = card(cid)["action"]
    length = {"move": spec.get("nodes"), "all_terrain": spec.get("nodes"),
              "hologram": spec.get("nodes"), "cross_frontier": 1}.get(kind, BASIC_MOVE)
    if kind != "all_terrain" and terrain(state, tile_pos(start)) == "sandstorm":
        length = 1
    return length, spec.get("frontier", 0) if kind == "cross_frontier" else 0, kind == "hologram"


def do_move(tx, seat, cmd):
    state = tx.state
    cid = _hand_card(state, seat, cmd.get("card"))
    mini = _mini(state, seat, cmd.get("mini"))
    action = bool(cmd.get("action"))
    _own_action(state, seat, cid)   # not even as a plain move: Faction type cards
    if action:
        if kind_of(cid) not in MOVE_KINDS:
            refuse(state, "no_action", why="not a move")
    length, cross, token = move_profile(state, seat, mini, cid, action)
    path = cmd.get("path")
    if not isinstance(path, list) or not 1 <= len(path) <= length:
        refuse(state, "path_len", n=length)
    start = state.players[seat].minis[mini]
    if cross and not any(True for b in path[:1] if tile_pos(b) != tile_pos(start)):
        refuse(state, "no_action", why="it crosses a frontier with its one step")
    needed = token + bool(cmd.get("control"))
    if state.players[seat].tokens < needed:
        refuse(state, "tokens", n=needed)
    if cmd.get("control"):
        if not can_control(state, seat, start):
            refuse(state, "control")
        tx.emit(TERMINAL_CONTROLLED, seat=seat, node=start)
    if token:
        tx.emit(HOLOGRAM_SET, seat=seat, mini=mini, origin=start, card=cid)
    else:
        tx.emit(CARD_USED, seat=seat, card=cid, use="move_action" if action else "move")
    why = run_path(tx, seat, mini, path, cross)
    owe_onward(tx, seat, mini, path, length, why)


def can_control(state, seat, node):
    """Control a terminal: the first time the player leaves an uncontrolled terminal, a faction
    token may stay on it (rulebook, Faction tokens, Control a terminal)."""
    return (state.kinds.get(node) == "T" and node not in state.control
            and node not in state.players[seat].left_terminals)


def move_commands(state, seat):
    out = []
    player = state.players[seat]
    # Most cards of a hand move a miniature the same way (same nodes, same frontier), and
    # `paths` depends on nothing else: each (mini, length, cross) is walked once per call.
    walked = {}
    for cid in by_key(usable_cards(player.hand, player.faction)):
        actions = [False]
        if kind_of(cid) in MOVE_KINDS:
            actions.append(True)
        for action in actions:
            for mini in movable(state, seat):
                out += _moves_for(state, seat, mini, cid, action, walked)
    return out


def _moves_for(state, seat, mini, cid, action, walked):
    player = state.players[seat]
    length, cross, token = move_profile(state, seat, mini, cid, action)
    if token and player.tokens < 1:
        return []
    start = player.minis[mini]
    if (mini, length, cross) not in walked:
        walked[mini, length, cross] = paths(state, seat, mini, length, cross)
    found = walked[mini, length, cross]
    if cross:
        found = [p for p in found if tile_pos(p[0]) != tile_pos(start)]
    if length > BASIC_MOVE:
        ends = {}
        for p in found:
            ends.setdefault(p[-1], p)
        found = list(ends.values())
    controls = [False]
    if can_control(state, seat, start) and player.tokens >= 1 + token:
        controls.append(True)
    # Each command gets a path of its own: the walked paths are shared by other cards.
    return [MOVE(card=cid, mini=mini, path=list(p), action=action, control=control)
            for p in found for control in controls]


# --- activate a miniature on the starting tile -----------------------------------------------

def activation_nodes(state, seat):
    """Free nodes of the starting tile's activation side: the border row (or column) of the
    tile that holds its marked activation node (AUTHORED reading of "the connected side where
    the activation nodes are located"; the Turn example activates 2 miniatures in a row)."""
    start = state.players[seat].start
    (y, x), pos = coords(start), tile_pos(start)
    row, col = y % SIZE, x % SIZE
    side = [n for n in state.kinds if tile_pos(n) == pos
            and ((row in (0, SIZE - 1) and coords(n)[0] == y)
                 or (row not in (0, SIZE - 1) and coords(n)[1] == x))]
    figs = figures(state)
    return sorted(n for n in side if free(state, n, figs))


def do_activate(tx, seat, cmd):
    state = tx.state
    cid = _hand_card(state, seat, cmd.get("card"))
    _own_action(state, seat, cid)
    player = state.players[seat]
    node = cmd.get("node")
    if not player.board or node not in activation_nodes(state, seat):
        refuse(state, "activate")
    tx.emit(CARD_USED, seat=seat, card=cid, use="activate")
    _deploy(tx, seat, node)


def _deploy(tx, seat, node):
    mini = tx.state.players[seat].board[0]
    tx.emit(MINIATURE_ACTIVATED, seat=seat, mini=mini, node=node)
    arrive(tx, seat, mini, node)


def activate_commands(state, seat):
    player = state.players[seat]
    if not player.board:
        return []
    return [ACTIVATE(card=cid, node=n)
            for cid in by_key(usable_cards(player.hand, player.faction))
            for n in activation_nodes(state, seat)]


# --- card actions: draw, swap, remove, portal, cracking -------------------------------------

def before_combat(state, seat):
    """The player in turn is about to reveal in a combat (intimidation, or facing an enemy
    action): hand actions may still be used, and those cards do not fight (Cards, Specific
    rule; Combat summary, Before a combat)."""
    combat = state.combat
    # Cards already placed face down (choices.py) mean the commitment has begun.
    return (combat is not None and not state.pending and combat.attacker == seat
            and not combat.placed
            and (combat.stage == "intimidation"
                 or (combat.stage == "newaru" and combat.enemy is not None)))


def do_play(tx, seat, cmd):
    state = tx.state
    cid = _hand_card(state, seat, cmd.get("card"))
    _own_action(state, seat, cid)
    kind = kind_of(cid)
    if kind not in PLAY_KINDS:
        refuse(state, "no_action", why="it is used only as a move, a reaction or a value")
    if state.combat is not None and kind not in HAND_KINDS:
        refuse(state, "combat_action")
    options = _play_options(state, seat, cid)
    params = {k: v for k, v in cmd.items() if k not in ("type", "card")}
    if params not in options:
        refuse(state, "no_action", why="its specific rule is not met with these choices")
    tx.emit(CARD_USED, seat=seat, card=cid, use=kind)
    _PLAY[kind](tx, seat, cid, params)


def _play_options(state, seat, cid):
    player = state.players[seat]
    kind = kind_of(cid)
    others = [c for c in player.hand if c != cid]
    if kind == "draw":
        return [{}]
    if kind == "swap":
        return [{"give": g, "take": t} for g in by_key(others) for t in by_key(player.discard)]
    if kind == "remove":
        return ([{"target": t, "zone": "hand"} for t in by_key(others)]
                + [{"target": t, "zone": "discard"} for t in by_key(player.discard)])
    if kind == "portal":
        figs = figures(state)
        out = []
        for mini in movable(state, seat):
            at = player.minis[mini]
            if state.kinds.get(at) != "P" or at in state.holes:
                continue
            out += [{"mini": mini, "node": n} for n, k in sorted(state.kinds.items())
                    if k == "P" and tile_pos(n) != tile_pos(at) and free(state, n, figs)]
        return out
    if kind == "cracking":
        nodes = {n for n, owner in state.control.items() if owner != seat
                 and any(player.minis[m] is not None and touching(player.minis[m], n)
                         for m in movable(state, seat))}
        return [{"node": n} for n in sorted(nodes)]
    return []


def _draw(tx, seat, cid, params):
    draw(tx, seat, card(cid)["action"]["cards"])


def _swap(tx, seat, cid, params):
    tx.emit(CARD_SWAPPED, seat=seat, give=params["give"], take=params["take"])


def _remove(tx, seat, cid, params):
    tx.emit(CARD_REMOVED, seat=seat, card=params["target"], zone=params["zone"])


def _portal(tx, seat, cid, params):
    at = tx.state.players[seat].minis[params["mini"]]
    tx.emit(MINIATURE_MOVED, seat=seat, mini=params["mini"], **{"from": at}, to=params["node"],
            end=True)
    arrive(tx, seat, params["mini"], params["node"])


def _cracking(tx, seat, cid, params):
    tx.emit(CONTROL_WITHDRAWN, node=params["node"], by=seat)


_PLAY = {"draw": _draw, "swap": _swap, "remove": _remove, "portal": _portal,
         "cracking": _cracking}


def play_commands(state, seat):
    player = state.players[seat]
    out = []
    kinds = HAND_KINDS if state.combat is not None else PLAY_KINDS
    for cid in by_key(player.hand):
        if kind_of(cid) in kinds and usable_by(cid, player.faction):
            out += [PLAY(card=cid, **p) for p in _play_options(state, seat, cid)]
    return out


# --- secondary actions: drop (face up, face down, supply; mines) and remove from the game ---

def drop_nodes(state, seat):
    figs = figures(state)
    player = state.players[seat]
    out = set()
    for mini in movable(state, seat):
        for n in around(player.minis[mini]):
            if free(state, n, figs) and n not in state.markers \
                    and terrain(state, tile_pos(n)) != "interference":
                out.add(n)
    return sorted(out)


def do_drop(tx, seat, cmd):
    state = tx.state
    cid = _hand_card(state, seat, cmd.get("card"))
    face = cmd.get("face")
    if card(cid)["secondary"] != DROP.name or cmd.get("node") not in drop_nodes(state, seat) \
            or face not in ("up", "down", "supply"):
        refuse(state, "drop_where")
    cost = 1 if face == "up" else 2
    if state.players[seat].tokens < cost:
        refuse(state, "tokens", n=cost)
    tx.emit(CARD_DROPPED, seat=seat, card=cid, node=cmd["node"], face=face)
    if cost == 2:
        tx.emit(TOKENS_PAID, seat=seat, count=1, why="drop_" + face)
    _detonate_around(tx, cmd["node"])


def _detonate_around(tx, node):
    """A face-up mine dropped next to miniatures of other factions detonates at once."""
    owner, cid, face = tx.state.markers[node]
    if face != "up" or kind_of(cid) != "mine":
        return
    victims = mine_victims(tx.state, node, cid)
    if any(s != owner for s, _ in victims):   # another faction next to it sets it off
        tx.emit(MINE_DETONATED, node=node, owner=owner, card=cid,
                victims=[list(v) for v in victims])
        strike(tx, victims, owner, ward=mine_ward(cid), concede=False)


def drop_commands(state, seat):
    player = state.players[seat]
    faces = [f for f, cost in (("up", 1), ("down", 2), ("supply", 2)) if player.tokens >= cost]
    cards = [c for c in by_key(player.hand) if card(c)["secondary"] == DROP.name]
    if not cards or not faces:
        return []
    nodes = drop_nodes(state, seat)
    return [DROP(card=c, node=n, face=f) for c in cards for n in nodes for f in faces]


def do_remove_card(tx, seat, cmd):
    cid = _hand_card(tx.state, seat, cmd.get("card"))
    if card(cid)["secondary"] != "remove":
        refuse(tx.state, "remove")
    tx.emit(CARD_REMOVED, seat=seat, card=cid, zone="hand")


def remove_commands(state, seat):
    return [REMOVE_CARD(card=c) for c in by_key(state.players[seat].hand)
            if card(c)["secondary"] == "remove"]


# --- special actions paid with faction tokens ------------------------------------------------

def terminal_activations(state, seat):
    player = state.players[seat]
    if not player.board or player.tokens < 1:
        return []
    figs = figures(state)
    return [n for n, owner in sorted(state.control.items()) if owner == seat and free(state, n, figs)]


def do_activate_terminal(tx, seat, cmd):
    if cmd.get("node") not in terminal_activations(tx.state, seat):
        refuse(tx.state, "terminal_activate")
    tx.emit(TOKENS_PAID, seat=seat, count=1, why="activate_terminal")
    _deploy(tx, seat, cmd["node"])


def usable_terminal(state, seat):
    player = state.players[seat]
    return any(state.kinds.get(player.minis[m]) == "T"
               and state.control.get(player.minis[m], seat) == seat for m in movable(state, seat))


def do_access(tx, seat, cmd):
    state = tx.state
    if not usable_terminal(state, seat) or not state.players[seat].hand \
            or not any(state.row):
        refuse(state, "terminal")
    if state.players[seat].tokens < 1:
        refuse(state, "tokens", n=1)
    tx.emit(TOKENS_PAID, seat=seat, count=1, why="upgrades")
    tx.emit(UPGRADE_ACCESSED, seat=seat)


def do_cycle(tx, seat, cmd):
    state = tx.state
    if state.turn.session != "open":
        refuse(state, "cycled")
    # The vocabulary lets `slot` be left out; which of the two shapes is right depends on
    # the match's option (discard one card of the row, or all four).
    if ("slot" in cmd) != (state.options["upgrade_discard"] == "one"):
        refuse(state, "shape", kind=cmd["type"])
    if state.options["upgrade_discard"] == "all":
        slots = [i for i, c in enumerate(state.row) if c]
    else:
        slot = cmd["slot"]
        if slot not in range(4) or not state.row[slot]:
            refuse(state, "slot")
        slots = [slot]
    deck = sorted(state.upgrade_deck)
    new = []
    for _ in slots:
        pick = tx.rng.choice(deck) if deck else None
        if pick:
            deck.remove(pick)
        new.append(pick)
    tx.emit(UPGRADE_CYCLED, seat=seat, slots=slots, discarded=[state.row[s] for s in slots],
            new=new)


def _value(state, seat, paid):
    return sum(strength(c) for c in paid) + state.players[seat].terminal_tokens


def do_buy(tx, seat, cmd):
    state = tx.state
    slots, paid = cmd.get("slots"), cmd.get("paid")
    hand = list(state.players[seat].hand)
    if not isinstance(slots, list) or not slots or len(set(slots)) != len(slots) \
            or any(s not in range(4) or not state.row[s] for s in slots):
        refuse(state, "slot")
    if not isinstance(paid, list) or any(paid.count(c) > hand.count(c) for c in paid):
        refuse(state, "no_card")
    for cid in paid:
        _own_action(state, seat, cid)   # another faction's card pays for nothing
    cost = sum(card(state.row[s])["cost"] for s in slots)
    if _value(state, seat, paid) < cost:
        refuse(state, "buy_cost", value=_value(state, seat, paid), cost=cost)
    deck = sorted(state.upgrade_deck)
    new = []
    for _ in slots:
        pick = tx.rng.choice(deck) if deck else None
        if pick:
            deck.remove(pick)
        new.append(pick)
    tx.emit(CARDS_BOUGHT, seat=seat, slots=list(slots), cards=[state.row[s] for s in slots],
            paid=list(paid), new=new)


def do_leave(tx, seat, cmd):
    tx.emit(UPGRADE_LEFT, seat=seat)


def session_commands(state, seat):
    out = [LEAVE_UPGRADES()]
    if state.turn.session == "open":
        if state.options["upgrade_discard"] == "all":
            out.append(CYCLE_UPGRADES())
        else:
            out += [CYCLE_UPGRADES(slot=i) for i, c in enumerate(state.row) if c]
    hand = usable_cards(state.players[seat].hand, state.players[seat].faction)
    slots = [i for i, c in enumerate(state.row) if c]
    for n in range(1, len(slots) + 1):
        for chosen in combinations(slots, n):
            cost = sum(card(state.row[s])["cost"] for s in chosen)
            for paid in _minimal_payments(state, seat, hand, cost):
                out.append(BUY(slots=list(chosen), paid=paid))
    return out


def _minimal_payments(state, seat, hand, cost):
    """Sets of hand cards (one per definition mix) just enough to pay `cost`, in the order of
    counting through each definition's copies. A walk that stops adding once the cost is met
    (more cards are never minimal): trying every mix is 2^n for a hand of n definitions, and
    a hand grown by draw and swap cards made one `legal_commands` take minutes."""
    groups = copies_by_definition(hand)
    left = [0] * (len(groups) + 1)  # strength still to come after each definition
    for i in range(len(groups) - 1, -1, -1):
        left[i] = left[i + 1] + sum(strength(c) for c in groups[i])
    out = []

    def walk(i, paid, value):
        if value >= cost:
            if all(value - strength(c) < cost for c in paid):
                out.append(paid)
            return
        if i == len(groups) or value + left[i] < cost:
            return
        copies = groups[i]
        for n in range(len(copies) + 1):
            walk(i + 1, paid + copies[:n], value + sum(strength(c) for c in copies[:n]))

    walk(0, [], state.players[seat].terminal_tokens)
    return out


def access_commands(state, seat):
    player = state.players[seat]
    if player.tokens >= 1 and player.hand and any(state.row) and usable_terminal(state, seat):
        return [ACCESS_UPGRADES()]
    return []


def ability_ready(state, seat):
    return bool(factions.ability_commands(state, seat))
