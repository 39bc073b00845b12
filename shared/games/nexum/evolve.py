"""Nexum evolve: one small function per event type; trusts the event, never fails."""
from __future__ import annotations

from shared.games.kit.frozen import replace
from shared.games.nexum import vocabulary as V
from shared.games.nexum import wormholes
from shared.games.nexum.evolve_civ import APPLY as CIV_APPLY
from shared.games.nexum.evolve_exotic import APPLY as EXOTIC_APPLY
from shared.games.nexum.state import (State, add_at, add_ships, relics_with, set_at,
                                      set_carried, ships_at, with_key)


def _without(values: tuple, removed) -> tuple:
    """`values` less one instance of each of `removed`."""
    out = list(values)
    for item in removed:
        out.remove(item)
    return tuple(out)


def _sector_laid_out(state, d):
    n = len(d["kinds"])
    start = State(
        rules=d["rules"], mode=d["mode"], sector=d["sector"], seats=d["seats"],
        kinds=tuple(d["kinds"]), tann=tuple(d["tann"]), aggressiveness=d["aggressiveness"],
        max_rounds=d["max_rounds"], systems={k: tuple(v) for k, v in d["systems"].items()},
        links={k: tuple(v) for k, v in d["links"].items()},
        reserve=tuple(d["reserve"]), energy=tuple(d["energy"]), vp=(0,) * n,
        techs=((),) * n, loaded=((),) * n, hands=((),) * n, used=((),) * n, lost=(0,) * n,
        deck=tuple(sorted(d["deck"])), stage="choose", action_rows=d.get("action_rows", 1),
        markers_ruin=d.get("markers_ruin", True))
    for place, faction, count in d["ships"]:
        start = add_ships(start, place, faction, count)
    for place, relic in d["relics"]:
        start = replace(start, loose=with_key(start.loose, place,
                                              tuple(sorted(start.loose.get(place, ()) + (relic,)))))
    return start


def _asteroids_placed(state, d):
    return replace(state, asteroids_on=dict(sorted(d["planets"].items())),
                   pool=tuple(sorted(d["pool"])))


def _action_row_drawn(state, d):
    return replace(state, row=tuple(((c, None),) for c in d["cards"]), deck=_without(state.deck, d["cards"]),
                   row_played=False, queue=tuple(d["queue"]), stage="event_play",
                   rows_drawn=state.rows_drawn + 1)


def _deck_reshuffled(state, d):
    return replace(state, deck=tuple(sorted(state.deck + tuple(d["cards"]))),
                   discard=_without(state.discard, d["cards"]), deck_top=(), top_seen=())


def _event_card_played(state, d):
    f, slot = d["faction"], d["slot"]
    return replace(state, hands=set_at(state.hands, f, _without(state.hands[f], [d["card"]])),
                   row=set_at(state.row, slot, state.row[slot] + ((d["card"], f),)),
                   row_played=True, queue=tuple(d["queue"]))


def _event_passed(state, d):
    return replace(state, queue=tuple(d["queue"]))


def _no_change(state, d):
    return state


def _marker_placed(state, d):
    field = "no_move" if d["kind"] == "no_movement" else "no_manage"
    return replace(state, **{field: with_key(getattr(state, field), d["planet"], d["count"])})


def _planet_destroyed(state, d):
    return replace(state, destroyed=state.destroyed | {d["planet"]},
                   asteroids_on=with_key(state.asteroids_on, d["planet"], None, drop_if=None))


def _planet_died(state, d):
    return replace(state, dead=state.dead | {d["planet"]})


def _ships_destroyed(state, d):
    place, f = d["place"], d["faction"]
    after = add_ships(state, place, f, -d["count"])
    after = replace(after, reserve=add_at(after.reserve, f, d["count"]))
    if d["dropped"]:
        after = set_carried(after, place, f, _without(relics_with(after, place, f), d["dropped"]))
        lying = tuple(sorted(after.loose.get(place, ()) + tuple(d["dropped"])))
        after = replace(after, loose=with_key(after.loose, place, lying))
    return after


def _relic_moved(state, d):
    relic, origin, to = d["relic"], d["origin"], d["to"]
    loose = with_key(state.loose, origin, _without(state.loose.get(origin, ()), [relic]),
                     drop_if=())
    if to is not None:
        loose = with_key(loose, to, tuple(sorted(loose.get(to, ()) + (relic,))))
    return replace(state, loose=loose)


def _row_discarded(state, d):
    return replace(state, row=(), discard=state.discard + tuple(d["cards"]),
                   stage=d.get("next_stage", "turn"), queue=(), row_played=False, turn=0,
                   phases=())


def _phase_chosen(state, d):
    return replace(state, chosen=with_key(state.chosen, d["faction"], (d["card"], d["bid"])))


def _phases_revealed(state, d):
    energy, used, chosen = state.energy, state.used, {}
    for f, card, bid in d["choices"]:
        energy = add_at(energy, f, -bid)
        used = set_at(used, f, used[f] + (card,))
        chosen[f] = (card, bid)
    return replace(state, energy=energy, used=used, chosen=chosen, order=tuple(d["order"]),
                   stage=d["next_stage"], turn=0, phases=())


def _turn_started(state, d):
    return replace(state, phases=tuple(d["phases"]), researched=False,
                   discarded_asteroids=False, captured_this_turn=False,
                   cloud_must_leave=d["cloud_must_leave"],
                   wormhole_must_leave=ships_at(state, "i", d["faction"]), skill=(),
                   won_this_turn=(), affinity=with_key(state.affinity, d["faction"], None,
                                                       drop_if=None))


def _phase_started(state, d):
    return replace(state, phases=tuple(d["phases"]), replicated=(), arrived={})


def _energy_extracted(state, d):
    return replace(state, energy=set_at(state.energy, d["faction"], d["energy"]))


def _ship_replicated(state, d):
    f = d["faction"]
    after = add_ships(state, d["planet"], f, 1)
    return replace(after, reserve=add_at(after.reserve, f, -1),
                   energy=add_at(after.energy, f, -d["cost"]),
                   replicated=after.replicated + (d["planet"],))


def _fleet_moved(state, d):
    f, origin, to, n = d["faction"], d["origin"], d["to"], d["ships"]
    after = add_ships(add_ships(state, origin, f, -n), to, f, n)
    relics = tuple(d["relics"])
    if relics:
        after = set_carried(after, origin, f, _without(relics_with(after, origin, f), relics))
        after = set_carried(after, to, f, relics_with(after, to, f) + relics)
    leave, through = state.cloud_must_leave, state.wormhole_must_leave
    if origin in ("cloud", "wormhole"):  # leaving the disk in time (board.DISKS)
        leave = max(0, leave - n)
    if origin == "i":
        through = max(0, through - n)
    skill = state.skill
    if skill and skill[:2] == ("de_ionizing", to):  # Psycon: "one of your fleets"
        skill = (skill[0], skill[1], True)
    return replace(after, energy=add_at(after.energy, f, -d["cost"]), cloud_must_leave=leave,
                   wormhole_must_leave=through, skill=skill,
                   arrived=with_key(after.arrived, to, after.arrived.get(to, 0) + n))


def _battle_won(state, d):
    attacker, defender, planet = d["attacker"], d["defender"], d["planet"]
    after = _ships_destroyed(state, {"place": planet, "faction": defender,
                                     "count": d["destroyed"], "dropped": d["dropped"]})
    after = _ships_destroyed(after, {"place": planet, "faction": attacker,
                                     "count": d["losses"],
                                     "dropped": d.get("attacker_dropped", [])})
    return replace(after,
                   vp=add_at(after.vp, attacker, d["vp"]),
                   energy=set_at(after.energy, attacker, d["energy"]),
                   won_this_turn=after.won_this_turn + (planet,))


def _star_lost(state, d):
    after = _ships_destroyed(state, {"place": d["star"], "faction": d["faction"],
                                     "count": d["ships"], "dropped": []})
    if d["vp_to"] is not None:
        after = replace(after, vp=add_at(after.vp, d["vp_to"], 1))
    return after


def _relic_picked_up(state, d):
    place, f = d["place"], d["faction"]
    loose = with_key(state.loose, place, _without(state.loose.get(place, ()), [d["relic"]]),
                     drop_if=())
    return set_carried(replace(state, loose=loose), place, f,
                       relics_with(state, place, f) + (d["relic"],))


def _cards_drawn(state, d):
    f = d["faction"]
    return replace(state, deck=_without(state.deck, d["cards"]),
                   hands=set_at(state.hands, f, state.hands[f] + tuple(d["cards"])))


def _cards_discarded(state, d):
    f = d["faction"]
    return replace(state, hands=set_at(state.hands, f, _without(state.hands[f], d["cards"])),
                   discard=state.discard + tuple(d["cards"]))


def _asteroid_captured(state, d):
    f = d["faction"]
    return replace(state, asteroids_on=with_key(state.asteroids_on, d["planet"], None, drop_if=None),
                   loaded=set_at(state.loaded, f, state.loaded[f] + ((d["asteroid"], d["crystals"]),)),
                   next_asteroid=state.next_asteroid + 1, captured_this_turn=True)


def _return_asteroids(state, f, ids, crystals):
    kept = tuple(a for a in state.loaded[f] if a[0] not in ids)
    return replace(state, loaded=set_at(state.loaded, f, kept),
                   pool=tuple(sorted(state.pool + tuple(crystals))))


def _asteroids_discarded(state, d):
    after = _return_asteroids(state, d["faction"], d["asteroids"], d["crystals"])
    return replace(after, discarded_asteroids=True)


def _tech_researched(state, d):
    f = d["faction"]
    after = _return_asteroids(state, f, d["asteroids"], d["crystals"])
    extra = 0
    if d["tech"] == "replicator_3":  # the 4 extra ships join the reserve (Asteroids p.7)
        extra = state.rules["reserve_replicator_3"] - state.rules["reserve"]
    return replace(after, techs=set_at(after.techs, f, after.techs[f] + (d["tech"],)),
                   reserve=add_at(after.reserve, f, extra),
                   energy=add_at(after.energy, f, -d["energy"]), researched=True)


def _turn_ended(state, d):
    return replace(state, phases=(), turn=state.turn + 1, arrived={}, replicated=(),
                   cloud_must_leave=0, wormhole_must_leave=0)


def _ai_card_resolved(state, d):
    f, planet = d["faction"], d["planet"]
    after = replace(state, deck=_without(state.deck, [d["card"]]),
                    discard=state.discard + (d["card"],))
    if d["defender"] is not None:
        after = _ships_destroyed(after, {"place": planet, "faction": d["defender"],
                                         "count": d["destroyed"], "dropped": d["dropped"]})
        after = replace(after, vp=add_at(after.vp, f, d["vp"]))
    if d["landed"]:
        after = add_ships(after, planet, f, d["landed"])
        after = replace(after, reserve=add_at(after.reserve, f, -d["landed"]))
    return after


def _round_ended(state, d):
    return replace(state, round=state.round + 1, used=tuple(tuple(u) for u in d["used"]),
                   chosen={}, stage=d["next_stage"], turn=0, phases=(), rows_drawn=0)


def _game_won(state, d):
    return replace(state, stage="over", winner=d["winner"], reason=d["reason"], queue=(),
                   phases=())


_APPLY = {
    V.SECTOR_LAID_OUT.name: _sector_laid_out, V.ASTEROIDS_PLACED.name: _asteroids_placed,
    V.ACTION_ROW_DRAWN.name: _action_row_drawn, V.DECK_RESHUFFLED.name: _deck_reshuffled,
    V.EVENT_CARD_PLAYED.name: _event_card_played, V.EVENT_PASSED.name: _event_passed,
    V.EVENT_RESOLVED.name: _no_change, V.MARKER_PLACED.name: _marker_placed,
    V.PLANET_DESTROYED.name: _planet_destroyed, V.PLANET_DIED.name: _planet_died,
    V.SHIPS_DESTROYED.name: _ships_destroyed, V.RELIC_MOVED.name: _relic_moved,
    V.ROW_DISCARDED.name: _row_discarded, V.PHASE_CHOSEN.name: _phase_chosen,
    V.PHASES_REVEALED.name: _phases_revealed, V.TURN_STARTED.name: _turn_started,
    V.PHASE_STARTED.name: _phase_started, V.ENERGY_EXTRACTED.name: _energy_extracted,
    V.SHIP_REPLICATED.name: _ship_replicated, V.FLEET_MOVED.name: _fleet_moved,
    V.BATTLE_WON.name: _battle_won, V.STAR_LOST.name: _star_lost,
    V.RELIC_PICKED_UP.name: _relic_picked_up, V.CARDS_DRAWN.name: _cards_drawn,
    V.CARDS_DISCARDED.name: _cards_discarded, V.ASTEROID_CAPTURED.name: _asteroid_captured,
    V.ASTEROIDS_DISCARDED.name: _asteroids_discarded, V.TECH_RESEARCHED.name: _tech_researched,
    V.TURN_ENDED.name: _turn_ended, V.AI_CARD_RESOLVED.name: _ai_card_resolved,
    V.ROUND_ENDED.name: _round_ended, V.GAME_WON.name: _game_won,
    **wormholes.APPLY,
}
_APPLY.update(EXOTIC_APPLY)
_APPLY.update(CIV_APPLY)
assert set(_APPLY) == set(V.VOCABULARY.events), "every declared event needs an evolve"


def evolve(state, event):
    return _APPLY[event["type"]](state, event["data"])
