"""The Newaru's enemy activation after each player's turn (rulebook, Movement 3, Examples 1-4,
Setup 9, Newaru rules summary): they move 1 node toward the nearest faction miniature, only on
tiles where the player in turn moved a miniature, never leaving their tile; holograms resolve;
then they respawn on portal tiles empty of faction miniatures and of Newaru.
"""
from shared.games.exsilium.board import around, tile_pos
from shared.games.exsilium.state import figures, trapped_set
from shared.games.exsilium.table import distances, free, next_newaru_id, portal_of
from shared.games.exsilium.vocabulary import HOLOGRAM_RESOLVED, NEWARU_MOVED, NEWARU_SPAWNED


def _targets(state):
    """Nodes of faction miniatures the Newaru hunt (trapped ones do not exist)."""
    trapped = trapped_set(state)
    return {n: (s, m) for s, p in enumerate(state.players) for m, n in enumerate(p.minis)
            if n is not None and (s, m) not in trapped}


def step_toward(state, nid):
    """The node a Newaru moves to this activation, or None if it stays."""
    at = state.newaru[nid]
    targets = _targets(state)
    if any(n in targets for n in around(at)):
        return None  # already next to a miniature: it waits (Movement 3)
    hologram = state.turn.hologram
    dist = distances(state, at)
    if hologram is not None:
        goal = state.players[state.active].minis[hologram[0]]
    else:
        if state.options.get("newaru_target") == "active":
            # Spanish summary: "inician acciones de movimiento y combate sobre el jugador
            # activo" -- they hunt the player in turn's miniatures only.
            targets = {n: sm for n, sm in targets.items() if sm[0] == state.active}
        reachable = [(dist[n], n) for n in targets if n in dist]
        if not reachable:
            return None
        goal = min(reachable)[1]
    to_goal = distances(state, goal)
    here = to_goal.get(at)
    figs = figures(state)
    options = [(to_goal[n], n) for n in around(at)
               if tile_pos(n) == tile_pos(at) and free(state, n, figs) and n in to_goal]
    if not options:
        return None
    best = min(options)
    return best[1] if here is None or best[0] < here else None


def activate(tx):
    """Enemy activation: movement on tiles with active movement, holograms, respawn."""
    # English book (default): a move of the active player from, through or to the tile
    # (Example 3). Spanish summary (option "ends"): only a move that ends on the tile.
    turn = tx.state.turn
    moved = turn.ended_tiles if tx.state.options.get("newaru_trigger") == "ends" \
        else turn.moved_tiles
    for nid in sorted(tx.state.newaru):
        if tile_pos(tx.state.newaru[nid]) in moved:
            to = step_toward(tx.state, nid)
            if to is not None:
                tx.emit(NEWARU_MOVED, id=nid, to=to, why="hunt")
    hologram = tx.state.turn.hologram
    if hologram is not None:
        mini, origin, cid = hologram
        seat = tx.state.active
        back = origin if free(tx.state, origin) else None
        tx.emit(HOLOGRAM_RESOLVED, seat=seat, mini=mini, to=back, card=cid)
    respawn(tx)


def respawn(tx):
    """Newaru respawn on portal tiles with no faction miniature and no Newaru (Setup 9); a
    trapped miniature does not count."""
    state = tx.state
    # A trapped miniature "behaves as if it doesn't exist" (Wardun): it keeps no tile from
    # its Newaru. It still fills its node, so a Newaru does not spawn onto it.
    occupied = {tile_pos(n) for n in _targets(state)}
    occupied |= {tile_pos(n) for n in state.newaru.values()}
    for pos in sorted(state.placed):
        portal = portal_of(tx.state, pos)
        nid = next_newaru_id(tx.state)
        if portal is None or nid is None or pos in occupied or portal in figures(tx.state):
            continue
        tx.emit(NEWARU_SPAWNED, id=nid, to=portal)

