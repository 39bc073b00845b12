"""What a seat (or a spectator, seat None) may see of a Nexum match, and events redacted.

Hidden: the event cards in other hands (their number is public), the crystals of asteroids
others loaded, returned or spent (to research or to evolve: the asteroid reserve is face down,
and no rule turns a spent asteroid face up), phase cards and bids until
revealed together, the order of the event deck, and where another faction's cloaked ships
are (their relics are seen), and the deck's next cards a Gnomicon looked at (only it sees
them). Everything else is on the table.
"""
from __future__ import annotations

from shared.games.nexum import board, exotic_moves, wormholes
from shared.games.nexum.vocabulary import (ASTEROID_CAPTURED, ASTEROIDS_DISCARDED,
                                           ASTEROIDS_PLACED, CAMPAIGN_ASTEROID_GIVEN,
                                           CARDS_DRAWN, CIVILIZATION_EVOLVED, DECK_TOP_SEEN,
                                           EXOTIC_ASTEROIDS_PLACED, PHASE_CHOSEN,
                                           SHIP_CLOAKED, TECH_RESEARCHED)


def _by_place(mapping: dict) -> dict:
    return {place: {str(f): v for f, v in sorted(here.items())}
            for place, here in sorted(mapping.items())}


def _faction(state, f: int, seat) -> dict:
    mine = f == seat
    out = {"kind": state.kinds[f], "tann": state.tann[f], "energy": state.energy[f],
           "reserve": state.reserve[f], "victory_points": state.vp[f],
           "relics": sorted(board.relics_of(state, f)), "techs": list(state.techs[f]),
           "hand_size": len(state.hands[f]), "asteroids": [a for a, _ in state.loaded[f]],
           "used_phase_cards": list(state.used[f]), "in_play": board.in_play(state, f)}
    if state.civs:
        out["civilization"], out["generation"] = state.civs[f], state.generation[f]
    cloaked = state.cloaked.get(f, ())
    out["cloaked_relics"] = sorted(relic for _, relic, _ in cloaked)
    out["lost_for_good"] = state.lost[f] if state.lost else 0
    if mine:
        out["hand"] = list(state.hands[f])
        out["crystals"] = {str(a): c for a, c in state.loaded[f]}
        out["cloaked"] = [{"place": p, "relic": r, "card": c} for p, r, c in cloaked]
        if state.top_seen and state.top_seen[0] == f:  # Gnomicon: the deck's next cards seen
            out["deck_top_seen"] = [c if i in state.top_seen[1] else None
                                    for i, c in enumerate(state.deck_top) if c in state.deck]
    if state.stage == "turn":
        out["phase_card"], out["bid"] = state.chosen.get(f, (None, None))
    elif state.stage == "choose":
        out["has_chosen"] = f in state.chosen
        if mine and f in state.chosen:
            out["phase_card"], out["bid"] = state.chosen[f]
    return out


def view(state, seat) -> dict:
    return {
        "sector": state.sector, "mode": state.mode, "round": state.round,
        "max_rounds": state.max_rounds, "stage": state.stage, "acting": state.acting,
        "phases": list(state.phases), "order": list(state.order),
        "systems": {k: list(v) for k, v in sorted(state.systems.items())},
        "links": {k: list(v) for k, v in sorted(state.links.items())},
        "ships": _by_place(state.ships), "carried_relics": {
            place: {str(f): list(r) for f, r in sorted(here.items())}
            for place, here in sorted(state.carried.items())},
        "loose_relics": {p: list(r) for p, r in sorted(state.loose.items())},
        "no_movement": dict(sorted(state.no_move.items())),
        "no_management": dict(sorted(state.no_manage.items())),
        "destroyed": sorted(state.destroyed), "dead": sorted(state.dead),
        "asteroids": sorted(state.asteroids_on), "asteroid_reserve": len(state.pool),
        "deck": len(state.deck), "discard": list(state.discard),
        "action_row": [[{"card": c, "played_by": f} for c, f in stack] for stack in state.row],
        "deciding_on_row": list(state.queue),
        "replicated": list(state.replicated), "arrived": dict(sorted(state.arrived.items())),
        "researched_this_turn": state.researched,
        "factions": [_faction(state, f, seat) for f in range(state.factions)],
        "skill_used_this_turn": state.skill[0] if state.skill else None,
        "campaign": state.optional.get("campaign"),
        "campaign_markers": [list(m) for m in state.campaign_markers],
        "nexum_affinity": {str(f): p for f, p in sorted(state.affinity.items())},
        "exploring": _exploring(state), "wormhole_linked": exotic_moves.wormhole_active(state),
        "winner": state.winner, "reason": state.reason,
        "rules": dict(state.rules),
        **wormholes.view_part(state),
    }


def _exploring(state):
    if not state.exploring:
        return None
    faction, origin, card, controlled = state.exploring
    return {"faction": faction, "origin": origin, "card": card, "controlled": controlled}


def redact(event: dict, seat) -> dict:
    event = wormholes.redact(event, seat)
    kind, data = event["type"], event["data"]
    if kind == ASTEROIDS_PLACED.name:  # face down for everyone
        return {"type": kind, "data": {"planets": sorted(data["planets"]),
                                       "pool": len(data["pool"]) if isinstance(data["pool"], list)
                                       else data["pool"]}}
    if kind == EXOTIC_ASTEROIDS_PLACED.name:  # face down for everyone
        return {"type": kind, "data": {"planets": sorted(data["planets"])}}
    owner = data.get("faction")
    if kind == DECK_TOP_SEEN.name and owner == seat:  # the Gnomicon sees what it was shown
        return {"type": kind, "data": {**data, "cards": [
            c if i in data["shown"] else None for i, c in enumerate(data["cards"])]}}
    if owner == seat:
        return event
    if kind == DECK_TOP_SEEN.name and "cards" in data:
        return {"type": kind, "data": {"faction": owner, "count": len(data["cards"])}}
    if kind == SHIP_CLOAKED.name:  # the card is face down: where the ship went is secret
        return {"type": kind, "data": {k: v for k, v in data.items() if k not in ("card", "place")}}
    if kind == PHASE_CHOSEN.name:
        return {"type": kind, "data": {"faction": owner}}
    if kind == CARDS_DRAWN.name and "cards" in data:
        return {"type": kind, "data": {"faction": owner, "count": len(data["cards"])}}
    if kind in (ASTEROID_CAPTURED.name, ASTEROIDS_DISCARDED.name, TECH_RESEARCHED.name,
                CAMPAIGN_ASTEROID_GIVEN.name, CIVILIZATION_EVOLVED.name) \
            and "crystals" in data:
        return {"type": kind, "data": {k: v for k, v in data.items() if k != "crystals"}}
    return event
