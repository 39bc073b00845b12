"""Views and redaction (rulebook p15, Public Information): hands, deck contents, face-down
fleet values, secret allocations, commits and tactics, agendas and private VPs stay with
their owner until the rules reveal them; a scan shows a value to the scanner only. Once the
game is over every view is public (ARCHITECTURE.md)."""
from shared.games.exile_sun import vocabulary as v
from shared.games.exile_sun.board import map_view, table
from shared.games.exile_sun.components import CATEGORIES
from shared.games.exile_sun.rules import outcome, to_act
from shared.games.exile_sun.scoring import private_vp
from shared.games.exile_sun.state import OVER

# event type -> [(field only its owner sees, the data field naming the owner; None: nobody)]
_SECRET = {
    v.AGENDAS_DEALT.name: [("cards", "seat")],
    v.SHIPS_STOCKED.name: [("promoted", None), ("drawn", "seat")],
    v.CARDS_DRAWN.name: [("cards", "seat")],
    v.SHIP_RETURNED.name: [("card", "seat")],
    v.AGENDA_RETURNED.name: [("card", "seat")],
    v.HAND_DISCARDED.name: [("cards", "seat")],
    v.FLEET_PLACED.name: [("token", "seat")],
    v.BUDGET_ALLOCATED.name: [("allocation", "seat"), ("tech", "seat")],
    v.SHIPS_COMMITTED.name: [("cards", "seat"), ("tech", "seat")],
    v.TACTICS_SET.name: [("columns", "seat")],
    v.REGROUPED.name: [("discard_hand", "seat"), ("booster", "seat")],
    v.FLEET_SCANNED.name: [("token", "seat")],
    v.OVERHEAD_PROMOTED.name: [("cards", None)],
    v.BATTLE_BEGAN.name: [("tokens", None)],
}
# Fields whose length is as secret as their content: "Players are not allowed to see the size
# of an opposing fleet until after choosing the Ship cards" (p10), and the tactics of a round
# are revealed together (p11). Both are public once CommitsRevealed / RoundFought say so.
_COUNT_SECRET = {(v.SHIPS_COMMITTED.name, "cards"), (v.TACTICS_SET.name, "columns")}


def redact(event, seat):
    """The event as `seat` (None: a spectator) may see it: secret fields dropped (a list
    leaves its length behind, which the views show anyway, unless its length is secret too)."""
    rules = _SECRET.get(event["type"])
    if not rules:
        return event
    data, kept = event["data"], dict(event["data"])
    for name, owner in rules:
        if name not in kept or (owner is not None and data.get(owner) == seat):
            continue
        value = kept.pop(name)
        if isinstance(value, list) and (event["type"], name) not in _COUNT_SECRET:
            kept[name + "_count"] = len(value)
    return {**event, "data": kept}


def _fleet(state, f, seat, public):
    shown = (public or f.owner == seat or f.kind == "scout" or f.id in state.revealed
             or (seat, f.id) in state.known)
    return {"id": f.id, "owner": f.owner, "space": f.space, "kind": f.kind if shown else None,
            "count": f.count if f.kind == "scout" else None, "moves": f.moves,
            "scanned": f.scanned}


def _player(state, p, seat, public):
    mine = public or p.seat == seat
    out = {"seat": p.seat, "tile": p.tile, "slot": p.slot, "colony": p.colony,
           "tech_stack": p.tech_stack, "hand_limit": p.hand_limit, "initiative": p.initiative,
           "public_vp": p.public_vp, "hand_size": len(p.hand), "tech_count": len(p.techs),
           "agenda_count": len(p.agendas), "reserve_size": p.reserve.size,
           "overhead_size": p.overhead.size, "storage_size": len(p.storage),
           "allocated": p.allocation is not None, "regrouped": p.discard_choice is not None,
           "to_place": len(p.to_place), "decoys_redeployed": p.decoys_announced}
    if mine:
        out.update({"hand": sorted(p.hand), "techs": sorted(p.techs), "agendas": sorted(p.agendas),
                    "storage": sorted(p.storage), "trophies": [list(t) for t in p.trophies],
                    "supply": dict(p.supply), "starting_fleets": list(p.to_place),
                    "reserve_under": list(p.reserve.bottom),
                    "allocation": list(p.allocation) if p.allocation else None,
                    "budget_tech": p.budget_tech, "deploys": p.deploys,
                    "regroup": list(p.discard_choice) if p.discard_choice else None,
                    "private_vp": private_vp(state, p.seat)})
    return out


def _battle(state, seat, public):
    b = state.battle
    if b is None:
        return None
    revealed = bool(b.ships[0] or b.ships[1] or b.round)
    out = {"space": b.space, "fleets": list(b.fleets), "seats": list(b.seats), "step": b.step,
           "round": b.round, "committed": [c is not None for c in b.commits],
           "tactics_set": [t is not None for t in b.tactics],
           "repair_done": list(b.repair_done), "lost_this_round": [list(x) for x in b.lost_this_round],
           "destroyed": [list(x) for x in b.destroyed], "quiet_rounds": b.quiet_rounds,
           # the last round's tactics, revealed together when it was fought (p11)
           "last_tactics": [[list(c) for c in side] for side in b.last_tactics]}
    if revealed or public:
        out["tokens"] = list(b.tokens)
        out["ships"] = [[list(s) for s in side] for side in b.ships]
        out["power_bonus"] = list(b.power_bonus)
    for side in (0, 1):
        if public or b.seats[side] == seat:
            commit = b.commits[side]
            out[f"side{side}_commit"] = [list(commit[0]), commit[1]] if commit else None
            out[f"side{side}_tactics"] = [list(c) for c in b.tactics[side]] \
                if b.tactics[side] else None
    return out


def view(state, seat):
    """What `seat` (None: a spectator) may see."""
    public = state.phase == OVER
    return {
        "phase": state.phase, "cycle": state.cycle + 1, "victory": state.victory,
        "missing": state.missing, "order": list(state.order), "turn": state.turn,
        "to_act": list(to_act(state)), "draft_pool": list(state.draft_pool),
        "map": map_view(table(state)),
        "planets": {p: o for p, o in state.planets},
        "fleets": [_fleet(state, f, seat, public) for f in state.fleets],
        "players": [_player(state, p, seat, public) for p in state.players],
        "budgets": {"categories": list(CATEGORIES),
                    "revealed": [list(b) for b in state.revealed_budgets]},
        "tech_deck": state.tech_deck.size, "tech_discard": list(state.tech_discard),
        "agenda_deck": state.agenda_deck.size, "agenda_discard": list(state.agenda_discard),
        "agenda_review": state.agenda_review, "agenda_reviewed": state.agenda_reviewed,
        "battles": [list(b) for b in state.battles], "battle": _battle(state, seat, public),
        "last_scan": list(state.last_scan) if state.last_scan else None,
        "outcome": outcome(state),
    }
