"""The four faction abilities (rulebook, Factions): once per turn a faction token (or SYL's
Drone Uplink card) fills an ability slot; filling the second slot unleashes the ability at once.
"""
from shared.games.exsilium.board import (
    SIZE, adjacent_positions, chebyshev, coords, is_border, node, parse_pos, pos_key, tile_pos,
    touching)
from shared.games.exsilium.components import card, kind_of
from shared.games.exsilium.messages import refuse
from shared.games.exsilium.state import figures, trapped_set
from shared.games.exsilium.table import around, free, movable
from shared.games.exsilium.wards import strike
from shared.games.exsilium.vocabulary import (
    ABILITY, ABILITY_UNLEASHED, CARD_USED, CHOICE_OWED, DISPLACE, HOLE_OPENED,
    MINIATURE_DISPLACED, MINIATURE_TRAPPED, NEWARU_REMOVED, SLOT_FILLED, TOKENS_PAID)


def _payers(state, seat):
    """Ways to pay for a slot: a faction token (None) or a SYL Drone Uplink card."""
    player = state.players[seat]
    out = [None] if player.tokens >= 1 else []
    drones = sorted(c for c in player.hand if kind_of(c) == "ability_slot"
                    and card(c)["type"] == player.faction)
    return out + drones[:1]


def _params(state, seat):
    """The choices the ability needs when its last slot is filled."""
    player = state.players[seat]
    faction = player.faction
    if faction == "syl":
        return [{"mini": m} for m in movable(state, seat)]
    if faction == "keber":
        nodes = [player.minis[m] for m in movable(state, seat)]
        tiles = {tile_pos(n) for n in nodes}
        if len(nodes) != 4 or len(tiles) != 1:
            return []
        home = tiles.pop()
        corners = state.options.get("keber_corners", False)
        return [{"tile": pos_key(p)} for p in adjacent_positions(home, corners)
                if p in state.placed]
    if faction == "vinsan":
        if player.holes_left <= 0:
            return []
        return [{"node": n} for n in sorted(state.kinds) if _hole_block(state, n)]
    if faction == "wardun":
        if player.trapped is not None:
            return []
        trapped = trapped_set(state)
        out = []
        for m in movable(state, seat):
            at = player.minis[m]
            for s, p in enumerate(state.players):
                for tm, tn in enumerate(p.minis):
                    if s != seat and tn is not None and (s, tm) not in trapped \
                            and chebyshev(at, tn) <= 3:
                        out.append({"mini": m, "target": [s, tm]})
        return out
    return []


def _hole_block(state, anchor):
    """The up to 4 nodes a sinkhole at `anchor` destroys (a 2x2 block on one tile), or []."""
    y, x = coords(anchor)
    if y % SIZE == SIZE - 1 or x % SIZE == SIZE - 1:
        return []
    block = [node(y + dy, x + dx) for dy in (0, 1) for dx in (0, 1)]
    if any(n in state.markers for n in block):
        return []
    # A trapped miniature "behaves as if it doesn't exist": it cannot be displaced, so no hole
    # opens under it (it would stand on a destroyed node when freed; RULES_NOTES.md).
    trapped_nodes = {state.players[s].minis[m] for s, m in trapped_set(state)}
    if trapped_nodes.intersection(block):
        return []
    return [n for n in block if state.kinds.get(n) in (".", "P", "A") and n not in state.holes]


def ability_commands(state, seat):
    player = state.players[seat]
    if state.turn.slot_used or player.slots >= 2:
        return []
    out = []
    for payer in _payers(state, seat):
        base = ABILITY(card=payer)
        if player.slots == 0:
            out.append(base)
        else:
            out += [{**base, **p} for p in _params(state, seat)]
    return out


def do_ability(tx, seat, cmd):
    state = tx.state
    player = state.players[seat]
    if cmd not in ability_commands(state, seat):
        refuse(state, "ability_now", why="no free slot this turn, no token, or a choice the "
               "ability does not allow")
    if cmd.get("card"):
        tx.emit(CARD_USED, seat=seat, card=cmd["card"], use="ability_slot")
    else:
        tx.emit(TOKENS_PAID, seat=seat, count=1, why="ability_slot")
    tx.emit(SLOT_FILLED, seat=seat)
    if tx.state.players[seat].slots == 2:
        _UNLEASH[player.faction](tx, seat, cmd)


def _syl(tx, seat, cmd):
    centre = tx.state.players[seat].minis[cmd["mini"]]
    tx.emit(ABILITY_UNLEASHED, seat=seat, ability="syl_drone", mini=cmd["mini"], node=centre)
    # Wardun: "the trapped miniature behaves as if it doesn't exist" -- the drone spares it.
    trapped = trapped_set(tx.state)
    figs = figures(tx.state)
    for n, fig in sorted(figs.items()):
        if n != centre and chebyshev(n, centre) <= 2 and fig[0] == "newaru":
            tx.emit(NEWARU_REMOVED, id=fig[1])
    # Glossary, Dodge: "avoid ... the effect of a faction-type card": a drone whose slot was
    # filled with the SYL Drone Uplink card (a SYL-type card) can be dodged; one paid only
    # with faction tokens is the faction's ability, not a card's effect.
    player = tx.state.players[seat]
    by_card = player.slots > player.slot_tokens
    strike(tx, [(f[1], f[2]) for n, f in sorted(figs.items())
                if n != centre and chebyshev(n, centre) <= 2 and f[0] == "seat"
                and (f[1], f[2]) not in trapped], seat, ward="dodge" if by_card else None)


def _keber(tx, seat, cmd):
    """Keber strike: everything on the Keber tile and the chosen adjacent tile is defeated
    ("anything 1 tile away or less"; Spanish, "Todos los enemigos de la loseta ocupada por las
    4 miniaturas ... también son eliminados"); a player hit may play Dive, the Newaru cannot
    (rulebook, Keber)."""
    target = parse_pos(cmd["tile"])
    home = tile_pos(tx.state.players[seat].minis[movable(tx.state, seat)[0]])
    tx.emit(ABILITY_UNLEASHED, seat=seat, ability="keber_strike", tile=cmd["tile"])
    figs = figures(tx.state)
    victims = []
    for n, fig in sorted(figs.items()):
        pos = tile_pos(n)
        if fig[0] == "newaru" and pos in (home, target):
            tx.emit(NEWARU_REMOVED, id=fig[1])
        elif fig[0] == "seat" and pos in (home, target) and fig[1] != seat \
                and (fig[1], fig[2]) not in trapped_set(tx.state):
            victims.append((fig[1], fig[2]))
    # "This ability can be dodged with Dive": each player hit chooses (wards.py).
    strike(tx, victims, seat, ward="dive")


def _vinsan(tx, seat, cmd):
    anchor = cmd["node"]
    destroyed = _hole_block(tx.state, anchor)
    cleared = set()
    for n in destroyed:
        if is_border(n):
            for m in around(n):
                if tile_pos(m) != tile_pos(n):
                    cleared.add(tuple(sorted((tile_pos(n), tile_pos(m)))))
    tx.emit(HOLE_OPENED, seat=seat, anchor=anchor, destroyed=destroyed,
            cleared=[[list(a), list(b)] for a, b in sorted(cleared)], displaced=[])
    # "You can open holes over miniatures and move them to adjacent nodes of your choice":
    # one choice per miniature on the hole (made automatically when only one node is free).
    figs = figures(tx.state)
    for n in destroyed:
        fig = figs.get(n)
        if fig is not None and displace_nodes(tx.state, n, fig):
            tx.emit(CHOICE_OWED, kind=DISPLACE.name, seat=seat, node=n, figure=list(fig))


def displace_nodes(state, start, fig):
    """Where a miniature on a destroyed node may go: the free nodes next to it (a Newaru keeps
    to its own tile when it can); if none is free, the closest free nodes (AUTHORED)."""
    figs = figures(state)
    options = [n for n in state.kinds if free(state, n, figs)]
    if fig[0] == "newaru":
        options = [n for n in options if tile_pos(n) == tile_pos(start)] or options
    near = [n for n in options if touching(n, start)]
    if near or not options:
        return sorted(near)
    best = min(chebyshev(n, start) for n in options)
    return sorted(n for n in options if chebyshev(n, start) == best)


def displace(tx, seat, to):
    pending = tx.state.pending[0]
    tx.emit(MINIATURE_DISPLACED, seat=seat, figure=list(pending.figure), to=to,
            **{"from": pending.node})


def _wardun(tx, seat, cmd):
    tx.emit(ABILITY_UNLEASHED, seat=seat, ability="wardun_web", mini=cmd["mini"],
            target=cmd["target"])
    tx.emit(MINIATURE_TRAPPED, seat=seat, target=cmd["target"])


_UNLEASH = {"syl": _syl, "keber": _keber, "vinsan": _vinsan, "wardun": _wardun}
