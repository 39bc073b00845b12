"""Exile Sun evolve: one small function per event type; it trusts the event (decide checked)."""
from shared.games.exile_sun import vocabulary as v
from shared.games.exile_sun.board import all_planets, planets
from shared.games.exile_sun.components import (COLONIES, FIRST_MAP, MOVES, SUPPLY, agenda_deck, colonial_stack,
                                               colour_ships, ship_class, tech_effect)
from shared.games.exile_sun.state import (ALLOCATE, BATTLE, BUILD, DRAFT, MOVE, OVER, REPAIR_STEP,
                                          TACTICS_STEP, Battle,
                                          Deck, Fleet, Player, State, fleet, replace, supply_changed,
                                          with_fleet, with_player, without_fleet)


def _game_set_up(state, d):
    ships = colour_ships()
    deck = agenda_deck(d["players"])
    players = tuple(Player(seat=s, initiative=d["initiative"][s], storage=ships["storage"],
                           overhead=Deck(ships["overhead"]), reserve=Deck(ships["reserve"]),
                           supply=tuple(sorted(SUPPLY.items())))
                    for s in range(d["players"]))
    # A log set up before these options were read them as on (how it was played).
    return State(players=players, victory=d["victory"], missing=d["missing"],
                 scout_fleets=d.get("scout_fleets", True),
                 shipyard_moves=d.get("shipyard_moves", True),
                 # Set up before the map grew: the first map (RULES_NOTES.md, Map).
                 map=d.get("map", FIRST_MAP),
                 planets=tuple((p, None) for p in all_planets(d["players"])),
                 agenda_deck=Deck(tuple(sorted(deck["red"] + deck["yellow"]))))


def _agendas_dealt(state, d):
    state = with_player(state, d["seat"], agendas=tuple(d["cards"]))
    return replace(state, agenda_deck=state.agenda_deck.without(d["cards"]))


def _ships_stocked(state, d):
    p = state.players[d["seat"]]
    reserve = p.reserve.shuffled_with(d["promoted"]).without(d["drawn"])
    return with_player(state, d["seat"], overhead=p.overhead.without(d["promoted"]),
                       reserve=reserve, hand=tuple(sorted(d["drawn"])))


def _step_began(state, d):
    phase = d["phase"]
    state = replace(state, phase=phase, order=tuple(d["order"]), turn=0)
    if phase == DRAFT:
        state = replace(state, draft_pool=tuple(d["pool"]), players=tuple(
            replace(p, initiative=None) for p in state.players))
    elif phase == ALLOCATE:
        state = replace(state, revealed_budgets=(), players=tuple(
            replace(p, allocation=None, budget_tech=None) for p in state.players))
    elif phase == MOVE:
        state = replace(state, last_scan=None, agenda_reviewed=False, fleets=tuple(
            replace(f, moves=MOVES, scanned=False, came_from=None) for f in state.fleets))
    elif phase == BATTLE:
        state = replace(state, battles=tuple(tuple(b) for b in d["battles"]))
    return state


def _turn_began(state, d):
    return replace(state, turn=d["turn"])


def _system_placed(state, d):
    seat, slot = d["seat"], d["slot"]
    owned = set(planets(len(state.players), slot))
    state = with_player(state, seat, tile=d["tile"], slot=slot)
    return replace(state, planets=tuple((p, seat if p in owned else o) for p, o in state.planets))


def _colony_chosen(state, d):
    colony = COLONIES[d["colony"]]
    p = state.players[d["seat"]]
    supply = p.supply
    for token in colony["starting_fleets"]:
        if token != "shipyard":
            supply = supply_changed(supply, token, -1)
    state = with_player(state, d["seat"], colony=d["colony"], hand_limit=colony["hand_limit"],
                        tech_stack=d["tech"], techs=colonial_stack(d["tech"]), supply=supply,
                        to_place=tuple(colony["starting_fleets"]))
    return replace(state, turn=state.turn + 1)


def _tech_deck_formed(state, d):
    return replace(state, tech_deck=Deck(tuple(sorted(d["cards"]))))


def _fleet_placed(state, d):
    seat, token = d["seat"], d["token"]
    p = state.players[seat]
    new = Fleet(id=d["fleet"], owner=seat, kind=token, space=d["space"])
    state = replace(state, fleets=state.fleets + (new,), next_fleet=state.next_fleet + 1)
    if d.get("shipyard"):   # p16: the 'S' token was flipped to deploy next to it
        state = replace(state, revealed=state.revealed | {d["shipyard"]})
    if state.phase == BUILD:
        deploys = p.deploys if token == "decoy" else p.deploys - 1
        return with_player(state, seat, supply=supply_changed(p.supply, token, -1),
                           deploys=deploys,
                           decoys_deployed=p.decoys_deployed + int(token == "decoy"))
    rest = list(p.to_place)
    rest.remove(token)
    return with_player(state, seat, to_place=tuple(rest))


def _initiative_chosen(state, d):
    seat = d["seat"]
    state = with_player(state, seat, initiative=d["card"])
    state = replace(state, draft_pool=tuple(c for c in state.draft_pool if c != d["card"]))
    chosen = [state.players[s].initiative is not None for s in state.order]
    return replace(state, turn=chosen.index(False) if False in chosen else len(chosen))


def _budget_allocated(state, d):
    return with_player(state, d["seat"], allocation=tuple(d["allocation"]),
                       budget_tech=d["tech"])


def _budgets_revealed(state, d):
    for p in state.players:
        if p.budget_tech:
            state = _tech_gone(state, p.seat, p.budget_tech)
    return replace(state, revealed_budgets=tuple(tuple(a) for a in d["allocations"]))


def _budget_shifted(state, d):
    budgets = [list(b) for b in state.revealed_budgets]
    budgets[d["seat"]][d["source"]] -= 1
    budgets[d["seat"]][d["target"]] += 1
    return replace(state, revealed_budgets=tuple(tuple(b) for b in budgets), turn=state.turn + 1)


def _budget_resolved(state, d):
    for seat, items in enumerate(d["items"]):
        state = with_player(state, seat, deploys=items[1])
    return state


def _overhead_promoted(state, d):
    p = state.players[d["seat"]]
    return with_player(state, d["seat"], overhead=p.overhead.without(d["cards"]),
                       reserve=p.reserve.shuffled_with(d["cards"]))


def _cards_drawn(state, d):
    seat, cards, kind = d["seat"], tuple(d["cards"]), d["kind"]
    p = state.players[seat]
    if kind == "ship":
        return with_player(state, seat, reserve=p.reserve.without(cards),
                           hand=tuple(sorted(p.hand + cards)))
    if kind == "tech":
        state = replace(state, tech_deck=state.tech_deck.without(cards))
        return with_player(state, seat, techs=tuple(sorted(p.techs + cards)))
    state = replace(state, agenda_deck=state.agenda_deck.without(cards))
    if d.get("review"):
        state = replace(state, agenda_review=len(cards), agenda_reviewed=True)
    return with_player(state, seat, agendas=tuple(sorted(p.agendas + cards)))


def _ship_returned(state, d):
    p = state.players[d["seat"]]
    return with_player(state, d["seat"], hand=tuple(c for c in p.hand if c != d["card"]),
                       reserve=p.reserve.under([d["card"]]))


def _tech_gone(state, seat, card):
    p = state.players[seat]
    state = with_player(state, seat, techs=tuple(c for c in p.techs if c != card))
    return replace(state, tech_discard=tuple(sorted(state.tech_discard + (card,))))


def _tech_discarded(state, d):
    return _tech_gone(state, d["seat"], d["card"])


def _moves_gained(state, d):
    f = fleet(state, d["fleet"])
    return with_fleet(state, replace(f, moves=f.moves + d["amount"]))


def _fleet_moved(state, d):
    f = fleet(state, d["fleet"])
    path = d["path"]
    came_from = path[-2] if len(path) > 1 else f.space
    state = with_fleet(state, replace(f, space=path[-1], moves=f.moves - d["cost"],
                                      came_from=came_from))
    if d.get("attack"):
        state = replace(state, battles=state.battles + ((f.id, d["attack"]),))
    if d.get("join"):
        # Scouts joining scouts (p15): one group, which has the moves and the scan both had
        # left (it travels together from now on).
        moved, group = fleet(state, f.id), fleet(state, d["join"])
        state = with_fleet(without_fleet(state, moved.id), replace(
            group, count=group.count + moved.count, moves=min(group.moves, moved.moves),
            scanned=group.scanned or moved.scanned))
        state = replace(state, known=frozenset(k for k in state.known if k[1] != moved.id),
                        revealed=state.revealed - {moved.id})
    return state


def _decoys_announced(state, d):
    return with_player(state, d["seat"], decoys_deployed=0, decoys_announced=d["count"])


def _fleet_formed(state, d):
    f = fleet(state, d["fleet"])
    p = state.players[f.owner]
    supply = supply_changed(supply_changed(p.supply, "scout", d["scouts"]), d["token"], -1)
    state = with_fleet(state, replace(f, kind=d["token"], count=1))
    return replace(with_player(state, f.owner, supply=supply), revealed=state.revealed | {f.id})


def _fleet_scanned(state, d):
    f = fleet(state, d["fleet"])
    state = with_fleet(state, replace(f, moves=f.moves - 1, scanned=True))
    known = state.known | {(d["seat"], d["target"])} if d["success"] else state.known
    return replace(state, known=known, last_scan=(d["fleet"], d["target"], d["distance"],
                                                  d["roll"], d["success"]))


def _fleet_gone(state, fleet_id):
    state = without_fleet(state, fleet_id)
    return replace(state, battles=tuple(b for b in state.battles if fleet_id not in b),
                   known=frozenset(k for k in state.known if k[1] != fleet_id),
                   revealed=state.revealed - {fleet_id})


def _fleet_removed(state, d):
    f = fleet(state, d["fleet"])
    state = _fleet_gone(state, f.id)
    if f.kind == "shipyard":
        return with_player(state, f.owner, shipyard_lost=True)
    p = state.players[f.owner]
    return with_player(state, f.owner, supply=supply_changed(p.supply, f.kind, f.count))


def _agenda_returned(state, d):
    p = state.players[d["seat"]]
    state = with_player(state, d["seat"], agendas=tuple(c for c in p.agendas if c != d["card"]))
    return replace(state, agenda_deck=state.agenda_deck.under([d["card"]]),
                   agenda_review=state.agenda_review - 1)


def _battle_began(state, d):
    battle = Battle(space=d["space"], fleets=tuple(d["fleets"]), seats=tuple(d["seats"]),
                    tokens=tuple(d["tokens"]))
    return replace(state, battle=battle,
                   battles=tuple(b for b in state.battles if b != tuple(d["fleets"])))


def _ships_committed(state, d):
    commits = list(state.battle.commits)
    commits[d["side"]] = (tuple(d["cards"]), d["tech"])
    return replace(state, battle=replace(state.battle, commits=tuple(commits)))


def _commits_revealed(state, d):
    b = state.battle
    for side, (cards, tech) in enumerate(d["commits"]):
        seat = b.seats[side]
        p = state.players[seat]
        state = with_player(state, seat, hand=tuple(c for c in p.hand if c not in cards),
                            storage=tuple(c for c in p.storage if c not in cards))
        if tech:
            state = _tech_gone(state, seat, tech)
    bonus = tuple(tech_effect(t).get("amount", 0) if t else 0 for _, t in d["commits"])
    ships = tuple(tuple((c, 0) for c in cards) for cards, _ in d["commits"])
    battle = replace(b, step=TACTICS_STEP, ships=ships, power_bonus=bonus, commits=(None, None))
    return replace(state, battle=battle, revealed=state.revealed | set(b.fleets))


def _tactics_set(state, d):
    tactics = list(state.battle.tactics)
    tactics[d["side"]] = tuple(tuple(c) for c in d["columns"])
    return replace(state, battle=replace(state.battle, tactics=tuple(tactics)))


def _round_fought(state, d):
    b = state.battle
    ships = tuple(tuple((c, n) for c, n in side) for side in d["ships"])
    lost = tuple(tuple(x) for x in d["lost"])
    quiet = b.quiet_rounds + 1 if d["quiet"] else 0
    destroyed = tuple(b.destroyed[s] + lost[s] for s in (0, 1))
    battle = replace(b, ships=ships, lost_this_round=lost, round=b.round + 1, quiet_rounds=quiet,
                     tactics=(None, None), step=d["next"], repair_done=tuple(d["repair_done"]),
                     destroyed=destroyed,
                     last_tactics=tuple(tuple(tuple(c) for c in side) for side in d["tactics"]))
    return replace(state, battle=battle)


def _ship_repaired(state, d):
    b = state.battle
    side = d["side"]
    ships = list(b.ships)
    ships[side] = ships[side] + ((d["ship"], 0),)
    destroyed = list(b.destroyed)
    destroyed[side] = tuple(c for c in destroyed[side] if c != d["ship"])
    done = list(b.repair_done)
    done[side] = True
    state = _tech_gone(state, b.seats[side], d["tech"])
    return replace(state, battle=replace(b, ships=tuple(ships), destroyed=tuple(destroyed),
                                         repair_done=tuple(done)))


def _repair_passed(state, side):
    done = list(state.battle.repair_done)
    done[side] = True
    return replace(state, battle=replace(state.battle, repair_done=tuple(done)))


_BOTTOM_OF = {"battleship": "overhead", "cruiser": "overhead", "destroyer": "reserve",
              "frigate": "reserve"}


def _battle_ended(state, d):
    b = state.battle
    for side in (0, 1):
        seat, other = b.seats[side], b.seats[1 - side]
        p = state.players[seat]
        back = [c for c, _ in b.ships[side]]
        hand = p.hand + tuple(c for c in back if _BOTTOM_OF.get(ship_class(c)))
        storage = p.storage + tuple(c for c in back if not _BOTTOM_OF.get(ship_class(c)))
        overhead, reserve = p.overhead, p.reserve
        for card in b.destroyed[side]:
            deck = _BOTTOM_OF.get(ship_class(card))
            if deck == "overhead":
                overhead = overhead.under([card])
            elif deck == "reserve":
                reserve = reserve.under([card])
            elif ship_class(card) == "strike_craft":
                storage += (card,)
        state = with_player(state, seat, hand=tuple(sorted(hand)), storage=tuple(sorted(storage)),
                            overhead=overhead, reserve=reserve)
        trophies = tuple((ship_class(c), seat) for c in b.destroyed[side]
                         if ship_class(c) in ("flagship", "shipyard"))
        if trophies:
            q = state.players[other]
            state = with_player(state, other, trophies=q.trophies + trophies)
        # A Decoy removed is no battle won: it is "always removed from the map when
        # successfully scanned or attacked by an enemy fleet" (p16), a Recon Probe, no ships.
        if d["winner"] == side and b.tokens[1 - side] != "decoy":
            p = state.players[seat]
            state = with_player(state, seat, beaten=tuple(sorted(set(p.beaten) | {other})))
    return replace(state, battle=None)


def _fleet_reduced(state, d):
    f = fleet(state, d["fleet"])
    p = state.players[f.owner]
    supply = p.supply
    if f.kind != "shipyard":
        supply = supply_changed(supply, f.kind, f.count)
    if d["kind"] is None:
        state = _fleet_gone(state, f.id)
    else:
        supply = supply_changed(supply, d["kind"], -d["count"])
        state = with_fleet(state, replace(f, kind=d["kind"], count=d["count"]))
    scouts = d.get("scouts")
    if scouts:
        supply = supply_changed(supply, "scout", -scouts["count"])
        new = Fleet(id=scouts["fleet"], owner=f.owner, kind="scout", space=scouts["space"],
                    count=scouts["count"])
        state = replace(state, fleets=state.fleets + (new,), next_fleet=state.next_fleet + 1,
                        revealed=state.revealed | {new.id})
    return with_player(state, f.owner, supply=supply)


def _planet_captured(state, d):
    state = replace(state, planets=tuple((p, d["seat"] if p == d["space"] else o)
                                         for p, o in state.planets))
    p = state.players[d["seat"]]
    return with_player(state, d["seat"], public_vp=p.public_vp + d["vp"])


def _agenda_completed(state, d):
    p = state.players[d["seat"]]
    state = with_player(state, d["seat"], public_vp=p.public_vp + d["vp"],
                        agendas=tuple(c for c in p.agendas if c != d["card"]))
    return replace(state, agenda_discard=state.agenda_discard + (d["card"],))


def _regrouped(state, d):
    return with_player(state, d["seat"], discard_choice=(d["discard_hand"], d["booster"]))


def _hand_discarded(state, d):
    p = state.players[d["seat"]]
    return with_player(state, d["seat"], hand=(), reserve=p.reserve.under(d["cards"]))


def _tech_played(state, d):
    return _tech_gone(state, d["seat"], d["card"])


def _cycle_ended(state, d):
    players = tuple(replace(p, discard_choice=None, beaten=(), deploys=0, decoys_announced=0)
                    for p in state.players)
    return replace(state, players=players, cycle=d["cycle"], last_four=d["last_four"],
                   last_mover=d["last_mover"],
                   tech_deck=state.tech_deck.shuffled_with(state.tech_discard), tech_discard=())


def _game_ended(state, d):
    return replace(state, phase=OVER, order=(), result=(d["reason"], tuple(d["ranks"]),
                                                        tuple(d["scores"])))


def _battle_step(state, d):
    return replace(state, battle=replace(state.battle, step=d["step"]))


def _pass(state, d):
    """A seat declined an optional step; `what` says which."""
    if d["what"] == REPAIR_STEP:
        return _repair_passed(state, d["side"])
    return state


_APPLY = {
    v.GAME_SET_UP.name: _game_set_up, v.AGENDAS_DEALT.name: _agendas_dealt,
    v.SHIPS_STOCKED.name: _ships_stocked, v.STEP_BEGAN.name: _step_began,
    v.TURN_BEGAN.name: _turn_began, v.SYSTEM_PLACED.name: _system_placed,
    v.COLONY_CHOSEN.name: _colony_chosen, v.TECH_DECK_FORMED.name: _tech_deck_formed,
    v.FLEET_PLACED.name: _fleet_placed, v.INITIATIVE_CHOSEN.name: _initiative_chosen,
    v.BUDGET_ALLOCATED.name: _budget_allocated, v.BUDGETS_REVEALED.name: _budgets_revealed,
    v.BUDGET_SHIFTED.name: _budget_shifted, v.BUDGET_RESOLVED.name: _budget_resolved,
    v.OVERHEAD_PROMOTED.name: _overhead_promoted, v.CARDS_DRAWN.name: _cards_drawn,
    v.SHIP_RETURNED.name: _ship_returned, v.TECH_DISCARDED.name: _tech_discarded,
    v.TECH_PLAYED.name: _tech_played, v.MOVES_GAINED.name: _moves_gained,
    v.FLEET_MOVED.name: _fleet_moved, v.FLEET_SCANNED.name: _fleet_scanned,
    v.DECOY_REMOVED.name: _fleet_removed, v.AGENDA_RETURNED.name: _agenda_returned,
    v.BATTLE_BEGAN.name: _battle_began, v.SHIPS_COMMITTED.name: _ships_committed,
    v.COMMITS_REVEALED.name: _commits_revealed, v.TACTICS_SET.name: _tactics_set,
    v.ROUND_FOUGHT.name: _round_fought, v.SHIP_REPAIRED.name: _ship_repaired,
    v.BATTLE_ENDED.name: _battle_ended, v.FLEET_REMOVED.name: _fleet_removed,
    v.FLEET_REDUCED.name: _fleet_reduced, v.PLANET_CAPTURED.name: _planet_captured,
    v.AGENDA_COMPLETED.name: _agenda_completed, v.REGROUPED.name: _regrouped,
    v.HAND_DISCARDED.name: _hand_discarded, v.CYCLE_ENDED.name: _cycle_ended,
    v.GAME_ENDED.name: _game_ended, v.PASSED.name: _pass,
    v.BATTLE_STEP.name: _battle_step, v.FLEET_FORMED.name: _fleet_formed,
    v.DECOYS_ANNOUNCED.name: _decoys_announced,
}


def evolve(state, event):
    return _APPLY[event["type"]](state, event["data"])
