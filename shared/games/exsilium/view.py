"""Views and redaction: no seat sees another seat's hand, secret bid, face-down cards or
committed cards before they are revealed; spectators (seat None) see only public facts.
Once the match is over every view is public (ARCHITECTURE.md).
"""
from shared.games.exsilium.board import pos_key
from shared.games.exsilium.components import TILES, card
from shared.games.exsilium.rules import outcome, to_act
from shared.games.exsilium.state import OVER, lang, placer, points
from shared.games.exsilium.vocabulary import (
    BID_PLACED, CARDS_COMMITTED, CARDS_DRAWN, CARD_CONCEDED, CARD_DROPPED, CARD_PLACED, DISPLACE,
    ENEMY_ACTION_REVEALED, MARKER_PICKED_UP, OUTCOME_DRAWN)


def _secret(data, owner, seat, fields, count_of=None):
    """The data without `fields` unless `seat` owns them."""
    if seat == owner:
        return data
    return {k: v for k, v in data.items() if k not in fields}


def redact(event, seat):
    """The event as `seat` (None: a spectator) may see it."""
    kind, d = event["type"], event["data"]
    owner = d.get("seat")
    if kind == BID_PLACED.name:
        d = _secret(d, owner, seat, ("amount",))
    elif kind in (CARDS_DRAWN.name, CARDS_COMMITTED.name):
        d = _secret(d, owner, seat, ("cards",))
    elif kind == CARD_DROPPED.name and d["face"] != "up":
        d = _secret(d, owner, seat, ("card",))
    elif kind == MARKER_PICKED_UP.name and d["face"] != "up":
        d = _secret(d, owner, seat, ("card",))
    elif kind in (CARD_CONCEDED.name, CARD_PLACED.name):
        d = _secret(d, owner, seat, ("card",))
    elif kind in (OUTCOME_DRAWN.name, ENEMY_ACTION_REVEALED.name):
        d = {k: v for k, v in d.items() if k != "deck"}
    else:
        return event
    return {**event, "data": d}


def _card(cid, language):
    c = card(cid)
    return {"id": cid, "key": c["key"], "type": c["type"], "name": c["name"][language],
            "cost": c["cost"], "strength": c["strength"], "secondary": c["secondary"],
            "text": (c.get("text") or {}).get(language)}


def _player(state, s, player, seat, public, language):
    mine = public or s == seat
    out = {"seat": s, "faction": player.faction, "tokens": player.tokens,
           "baralytas": sorted(player.baralytas), "points": points(player),
           "terminal_tokens": player.terminal_tokens, "miniatures": list(player.minis),
           "player_board": list(player.board), "ability_slots": player.slots,
           "holes_left": player.holes_left,
           "trapped": list(player.trapped) if player.trapped else None,
           "activation_node": player.start, "hand_size": len(player.hand),
           "deck_size": len(player.deck),
           "discard": [_card(c, language) for c in player.discard],
           "has_bid": player.bid is not None}
    if mine:
        out["hand"] = [_card(c, language) for c in sorted(player.hand)]
        out["deck"] = sorted(player.deck)   # contents only: the order is not decided yet
        out["bid"] = player.bid
    return out


def _markers(state, seat, public):
    out = []
    for n, (owner, cid, face) in sorted(state.markers.items()):
        shown = cid if face == "up" or public or owner == seat else None
        out.append({"node": n, "owner": owner, "face": face, "card": shown})
    return out


def _combat(state, seat, public):
    c = state.combat
    if c is None:
        return None
    out = {"kind": c.kind, "attacker": c.attacker, "miniature": c.mini, "foe": list(c.foe),
           "stage": c.stage, "committed_count": len(c.committed), "enemy_action": c.enemy,
           "enemy_bonus": c.bonus}
    if public or seat == c.attacker:
        out["committed"] = list(c.committed)
    out["placed_count"] = len(c.placed)
    if public or seat == placer(c):
        out["placed"] = list(c.placed)
    return out


def _pending(p):
    """A choice owed; escape, displace and ward also say which miniatures and nodes (all
    public: whether the seat holds the warding card is not shown, only that it is asked)."""
    out = {"kind": p.kind, "seat": p.seat, "count": p.count}
    if p.kind == "escape":
        out.update(miniature=p.mini, node=p.node)
    elif p.kind == DISPLACE.name:
        out.update(node=p.node, figure=list(p.figure))
    elif p.kind == "ward":
        out.update(ward=p.ward, victims=[list(v) for v in p.victims])
    return out


def _frontiers(placed, facedown) -> dict:
    """Every edge between two tiles on the table that bears a frontier: "r,c|r,c" (the upper
    or left tile first) -> the higher number printed on its face-up sides (board.py's
    printed_frontier: a face-down tile's side counts once it is turned)."""
    out = {}
    for a in sorted(set(placed) | set(facedown)):
        for b, edge_a, edge_b in (((a[0] + 1, a[1]), "S", "N"), ((a[0], a[1] + 1), "E", "W")):
            sides = [TILES[placed[p]]["frontiers"][e] for p, e in ((a, edge_a), (b, edge_b))
                     if p in placed]
            if (b in placed or b in facedown) and max(sides, default=0):
                out[f"{pos_key(a)}|{pos_key(b)}"] = max(sides)
    return out


def view(state, seat):
    """What `seat` (None: a spectator) may see."""
    if state is None:
        return {"phase": "setup", "to_act": [], "you": seat}
    public = state.phase == OVER
    language = lang(state)
    # Compact: node id -> kind ('.' plain, D deposit, P portal, T terminal, A activation);
    # y = node // 100, x = node % 100 (board.py). Destroyed nodes are listed apart.
    nodes = {str(n): k for n, k in sorted(state.kinds.items())}
    return {
        "phase": state.phase, "you": seat, "to_act": list(to_act(state)),
        "language": language, "options": dict(state.options), "round": state.round,
        "order": list(state.order), "active": state.active,
        "tiles": {pos_key(p): t for p, t in sorted(state.placed.items())},
        "facedown": sorted(pos_key(p) for p in state.facedown),
        "frontiers": _frontiers(state.placed, state.facedown),
        "stack_size": len(state.stack), "nodes": nodes, "holes": sorted(state.holes),
        "deposits": {str(n): list(v) for n, v in sorted(state.deposits.items())},
        "terminal_tokens": sorted(state.terminal_tokens),
        "control": {str(n): s for n, s in sorted(state.control.items())},
        "markers": _markers(state, seat, public), "supply_size": len(state.supply),
        "newaru": {str(i): n for i, n in sorted(state.newaru.items())},
        "upgrades": [_card(c, language) if c else None for c in state.row],
        "upgrade_deck_size": len(state.upgrade_deck),
        "enemy_decks": {k: len(v) for k, v in sorted(state.enemy_decks.items())},
        "outcome_deck_size": len(state.outcome_deck),
        # Drawn Outcome and enemy cards are shown to all, so what is left is public too.
        "outcome_deck": sorted(state.outcome_deck),
        "enemy_cards_left": {k: sorted(v) for k, v in sorted(state.enemy_decks.items())},
        "baralytas_deck": sorted(state.baralytas_deck),
        "revealed": state.revealed,
        "baralytas_deck_size": len(state.baralytas_deck),
        "pool": state.pool, "terminal_reserve": state.terminal_reserve,
        "players": [_player(state, s, p, seat, public, language)
                    for s, p in enumerate(state.players)],
        "turn": {"moved_tiles": sorted(pos_key(p) for p in state.turn.moved_tiles),
                 "slot_used": state.turn.slot_used, "upgrade_session": state.turn.session,
                 "hologram": list(state.turn.hologram) if state.turn.hologram else None},
        "combat": _combat(state, seat, public),
        "pending": [_pending(p) for p in state.pending],
        "outcome": outcome(state),
    }
