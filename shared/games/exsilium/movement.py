"""Movement: 8 directions, frontiers, reveals, pick-ups, Baralytas, mines (rulebook, Movement,
Frontiers, Interaction, Place mine). A step is checked by `step_problem` (pure) and applied by
`take_step`; a move stops early at a reveal, a mine, a foe next to it, or a win.
"""
from shared.games.exsilium.board import around, tile_pos, touching
from shared.games.exsilium.components import card, kind_of
from shared.games.exsilium.fate import check_win
from shared.games.exsilium.messages import refuse
from shared.games.exsilium.state import figures, goal, points, trapped_set, with_player
from shared.games.exsilium.table import foes_of, free, frontier, on_tile
from shared.games.exsilium.tiles import reveal
from shared.games.exsilium.wards import strike
from shared.games.exsilium.vocabulary import (
    BARALYTAS_COLLECTED, CHOICE_OWED, FRONTIER_BLOCKED, MARKER_PICKED_UP, MINE_DETONATED,
    MINIATURE_MOVED, MOVE_RESUMED, TERMINAL_TOKEN_TAKEN)


def step_problem(state, seat, a, b, cross, figs):
    """Why the seat's miniature at a may not step to b (None when it may)."""
    if not touching(a, b):
        return "step"
    pos_b = tile_pos(b)
    if pos_b in state.facedown:
        needed = frontier(state, a, b)
    elif state.control.get(b, seat) != seat:
        # Interaction: "A controlled Connection Terminal can't be used by another faction";
        # Cracking withdraws the token first (it is never stepped on while controlled).
        return "controlled"
    elif free(state, b, figs):
        needed = frontier(state, a, b)
    else:
        return "step"
    if needed and needed > cross and on_tile(state, seat, tile_pos(a)) < needed:
        return "frontier"
    return None


def _mine_at(state, seat, b):
    """A face-up mine of another faction next to (or on) b that affects the seat's faction."""
    faction = state.players[seat].faction
    for n, (owner, cid, face) in sorted(state.markers.items()):
        if face == "up" and cid and kind_of(cid) == "mine" and owner != seat \
                and faction in card(cid).get("affects", [faction]) \
                and (n == b or touching(n, b)):
            return n
    return None


def mine_victims(state, node, cid):
    """Place mine: "killing all the miniatures adjacent to it" -- every faction miniature on
    or next to the mine that its card affects, its owner's included (a trapped miniature
    behaves as if it doesn't exist)."""
    affects = card(cid).get("affects")
    trapped = trapped_set(state)
    return [(s, m) for s, p in enumerate(state.players) for m, n in enumerate(p.minis)
            if n is not None and (n == node or touching(n, node)) and (s, m) not in trapped
            and (affects is None or p.faction in affects)]


def mine_ward(cid):
    """Glossary, Faction type cards: "There are also cards whose action affects only to one or
    multiple factions, also indicated by the faction or factions icons" -- such a mine is a
    faction type card, so Dodge avoids its effect; a plain mine cannot be dodged."""
    return "dodge" if card(cid).get("affects") else None


def stop_reason(state, seat, mini, b, gained, truce):
    """Why a move would stop on b (pure; mirrors `take_step`): None when it goes on."""
    if tile_pos(b) in state.facedown:
        return "reveal"
    if _mine_at(state, seat, b) is not None:
        return "mine"
    near = sum(sum(state.deposits[d]) for d in state.deposits if touching(d, b) and d not in gained)
    if near and points(state.players[seat]) + near + gained_value(state, gained) >= goal(state):
        return "win"
    figs = figures(state)
    if any((mini, fig) not in truce for _, fig in foes_of(state, seat, b, figs)):
        return "foe"
    return None


def gained_value(state, gained):
    return sum(sum(state.deposits[d]) for d in gained)


def take_step(tx, seat, mini, b, cross, end=True, truce=frozenset()):
    """Move the miniature one node and apply what happens there; returns a stop reason.
    `end`: this is the last step of the move; `truce`: extra (mini, foe) pairs that do not stop
    it (the foes a combat winner is leaving)."""
    state = tx.state
    a = state.players[seat].minis[mini]
    revealing = tile_pos(b) in state.facedown
    if revealing:
        reveal(tx, tile_pos(b))
        needed = frontier(tx.state, a, b)
        if needed and needed > cross and on_tile(tx.state, seat, tile_pos(a)) < needed:
            tx.emit(FRONTIER_BLOCKED, seat=seat, mini=mini, node=a, frontier=needed)
            return "reveal"
    tx.emit(MINIATURE_MOVED, seat=seat, mini=mini, **{"from": a}, to=b, end=end)
    return arrive(tx, seat, mini, b, truce) or ("reveal" if revealing else None)


def arrive(tx, seat, mini, b, extra_truce=frozenset()):
    """Mines, terminal tokens, supply boxes and Baralytas at the node just reached."""
    mine = _mine_at(tx.state, seat, b)
    if mine is not None:
        owner, cid, _ = tx.state.markers[mine]
        victims = mine_victims(tx.state, mine, cid)
        tx.emit(MINE_DETONATED, node=mine, owner=owner, card=cid,
                victims=[list(v) for v in victims])
        strike(tx, victims, owner, ward=mine_ward(cid), concede=False)
        return "mine"
    if b in tx.state.terminal_tokens:
        tx.emit(TERMINAL_TOKEN_TAKEN, seat=seat, node=b)
    if b in tx.state.markers:
        _pick_up(tx, seat, b)
    for d in sorted(tx.state.deposits):
        if touching(d, b):
            tx.emit(BARALYTAS_COLLECTED, seat=seat, node=d, values=list(tx.state.deposits[d]))
    if check_win(tx, seat):
        return "win"
    truce = tx.state.turn.truce | extra_truce
    if any((mini, fig) not in truce for _, fig in foes_of(tx.state, seat, b)):
        return "foe"
    return None


def _pick_up(tx, seat, node):
    """A dropped card next to the token goes to the hand, else the top supply card."""
    owner, cid, face = tx.state.markers[node]
    if cid:
        tx.emit(MARKER_PICKED_UP, seat=seat, node=node, card=cid, face=face, source="marker")
    else:
        top = tx.state.supply[-1] if tx.state.supply else None
        tx.emit(MARKER_PICKED_UP, seat=seat, node=node, card=top, face="supply", source="supply")


def owe_onward(tx, seat, mini, path, length, why):
    """A move that revealed a tile goes on if it has nodes left (the book never ends a move at
    a reveal; "move 1 miniature 4 nodes to reveal a new Eris tile"): the player, now seeing the
    tile, owes the choice to go on or stay (`ChoiceOwed` kind `onward`). Not when the frontier
    kept the miniature back, nor when anything else stopped it."""
    left = length - len(path)
    if why != "reveal" or left <= 0 or tx.state.players[seat].minis[mini] != path[-1]:
        return
    if onward_paths(tx.state, seat, mini, left):
        tx.emit(CHOICE_OWED, kind="onward", seat=seat, mini=mini, count=left)


def onward_paths(state, seat, mini, left):
    """The rest of a move: one path per end node past 2 nodes, as `legal_commands` lists
    moves."""
    found = paths(state, seat, mini, left)
    if left > 2:
        ends = {}
        for p in found:
            ends.setdefault(p[-1], p)
        found = list(ends.values())
    return found


def move_on(tx, seat, path):
    """The onward choice: go on along `path` (None: stay). Any valid path of the nodes left is
    accepted; `run_path` refuses a step that is not allowed."""
    pending = tx.state.pending[0]
    if path is not None and not 1 <= len(path) <= pending.count:
        refuse(tx.state, "onward", n=pending.count)
    tx.emit(MOVE_RESUMED, seat=seat, mini=pending.mini, path=path)
    if path is not None:
        why = run_path(tx, seat, pending.mini, path)
        owe_onward(tx, seat, pending.mini, path, pending.count, why)


def run_path(tx, seat, mini, path, cross=0, truce=frozenset()):
    """Walk the path step by step; refuse a step that is not allowed or comes after a stop."""
    for i, b in enumerate(path):
        a = tx.state.players[seat].minis[mini]
        problem = step_problem(tx.state, seat, a, b, cross, figures(tx.state))
        if problem == "frontier":
            refuse(tx.state, "frontier", f=frontier(tx.state, a, b))
        if problem == "controlled":
            refuse(tx.state, "controlled", node=b)
        if problem:
            refuse(tx.state, "step", node=b)
        why = take_step(tx, seat, mini, b, cross, end=i == len(path) - 1, truce=truce)
        if why and i < len(path) - 1:
            refuse(tx.state, "stops", node=b, why=why)
        if why:
            return why
    return None


def paths(state, seat, mini, length, cross=0, truce=frozenset()):
    """Every path of 1..length steps the miniature may take (stopping where a move stops)."""
    start = state.players[seat].minis[mini]
    figs = dict(figures(state))
    del figs[start]
    truce = state.turn.truce | truce
    out = []

    def walk(at, path, gained):
        # The table with the miniature at `at` is the same for every step from there.
        here = with_mini_at(state, seat, mini, at)
        probe = {**figs, at: ("seat", seat, mini)}
        onward = len(path) + 1 < length
        for b in around(at):
            if b in path or b == start:
                continue
            if step_problem(here, seat, at, b, cross, probe):
                continue
            out.append(path + [b])
            if onward and not stop_reason(with_mini_at(state, seat, mini, b), seat, mini, b,
                                          gained, truce):
                walk(b, path + [b], gained | {d for d in state.deposits if touching(d, b)})

    walk(start, [], frozenset())
    return out


def with_mini_at(state, seat, mini, node):
    """The state with one miniature moved (for counting miniatures on a tile)."""
    minis = list(state.players[seat].minis)
    if minis[mini] == node:
        return state
    minis[mini] = node
    return with_player(state, seat, minis=tuple(minis))
