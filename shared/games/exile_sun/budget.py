"""The budget phase (rulebook p8-9): the Initiative draft, secret allocation revealed together,
#5's one-point move, the most / second-most bonuses (GAMES.md's reading), purchases, hand
limits, and the build turn in which each player trims hands and deploys fleets."""
from itertools import combinations_with_replacement

from shared.games.exile_sun import vocabulary as v
from shared.games.exile_sun.board import board, neighbours, table
from shared.games.exile_sun.components import (CATEGORIES, COLONIES, FUEL_PER_FLEET,
                                               INITIATIVE, TECH_HAND_LIMIT, tech_effect)
from shared.games.exile_sun.messages import MESSAGES
from shared.games.exile_sun.state import (ALLOCATE, BUILD, DRAFT, MOVE, SHIFT, acting_seat,
                                          fleets_at, planets_of)

OVERHEAD, FUEL, SHIPS, TECH = range(4)
MOST, SECOND = 2, 1


def bonuses(points) -> list:
    """Per seat, the bonus items in one category (p8, GAMES.md): most +2, second most +1; two
    tied for most both +1; any other tie nothing; a bonus needs at least 1 point (p18)."""
    out = [0] * len(points)
    values = sorted({p for p in points if p >= 1}, reverse=True)
    if not values:
        return out
    top = [s for s, p in enumerate(points) if p == values[0]]
    if len(top) == 2:
        return [1 if s in top else 0 for s in range(len(points))]
    if len(top) > 2:
        return out
    out[top[0]] = MOST
    if len(values) > 1:
        second = [s for s, p in enumerate(points) if p == values[1]]
        if len(second) == 1:
            out[second[0]] = SECOND
    return out


def items(state, allocations) -> list:
    """Per seat, [overhead cards, fleets, ship cards, tech cards] bought (p8-9)."""
    bonus = [bonuses([a[c] for a in allocations]) for c in range(4)]
    return [[got + bonus[c][seat] for c, got in enumerate(bought(state, seat, a))]
            for seat, a in enumerate(allocations)]


def bought(state, seat, a) -> list:
    """[overhead cards, fleets, ship cards, tech cards] that `seat`'s allocation `a` buys by
    itself, its colony's ability included, before the most / second-most bonuses (p8-9)."""
    ability = COLONIES[state.players[seat].colony]["ability"]
    got = [a[OVERHEAD], a[FUEL] // FUEL_PER_FLEET, a[SHIPS], int(a[TECH] >= 1)]
    got[OVERHEAD] += int(ability == "extra_overhead" and a[OVERHEAD] >= 1)
    got[FUEL] += int(ability == "extra_fleet" and a[FUEL] >= FUEL_PER_FLEET)
    got[SHIPS] += int(ability == "extra_ship_draw" and a[SHIPS] >= 1)
    got[TECH] += int(ability == "extra_tech" and a[TECH] >= 1)
    return got


def budget_points(state, seat) -> int:
    return INITIATIVE[state.players[seat].initiative]["budget"]


def _budget_techs(p):
    return [t for t in p.techs if tech_effect(t)["effect"] == "budget"]


def compositions(total):
    for cut in combinations_with_replacement(range(total + 1), 3):
        a, b, c = cut
        yield (a, b - a, c - b, total - c)


def holder(state, card):
    return next((p.seat for p in state.players if p.initiative == card), None)


# -- legal commands ---------------------------------------------------------------------------

def legal(state, seat):
    p = state.players[seat]
    if state.phase == DRAFT:
        return [v.CHOOSE_INITIATIVE(card=c) for c in sorted(state.draft_pool)]
    if state.phase == ALLOCATE:
        out = []
        techs = [None] + _budget_techs(p)[:1]
        for tech in techs:
            total = budget_points(state, seat) + (tech_effect(tech)["amount"] if tech else 0)
            out += [v.ALLOCATE(**dict(zip(CATEGORIES, a)), **({"tech_card": tech} if tech else {}))
                    for a in compositions(total)]
        return out
    if state.phase == SHIFT:
        return [v.PASS()] + [v.SHIFT_BUDGET(seat=s, source=CATEGORIES[i], target=CATEGORIES[j])
                             for s, a in enumerate(state.revealed_budgets)
                             for i in range(4) if a[i] >= 1 for j in range(4) if j != i]
    return _legal_build(state, seat, p)


def _legal_build(state, seat, p):
    if len(p.hand) > p.hand_limit:
        return [v.RETURN_SHIP(card=c) for c in sorted(set(p.hand))]
    if len(p.techs) > TECH_HAND_LIMIT:
        return [v.DISCARD_TECH(card=c) for c in sorted(set(p.techs))]
    spaces = deploy_spaces(state, seat)
    return [v.PASS()] + [v.DEPLOY(token=t, space=s) for t in deployable(p) for s in spaces]


def deployable(p) -> list:
    tokens = ["decoy"] if p.supply_of("decoy") else []
    if p.deploys > 0:
        tokens += [t for t in ("heavy", "medium", "light") if p.supply_of(t)]
    return tokens


def deploy_spaces(state, seat) -> list:
    """Free spaces next to a planet the seat holds or to its shipyard token; where an anchor
    has no free space next to it, next to one of the seat's fleets next to that anchor (p9,
    Fuel Supply: "If there are no spaces available directly adjacent to a certain planet or
    shipyard, then a player may deploy next to an adjacent fleet")."""
    by_planet, by_shipyard = _deploy_spaces(state, seat)
    return sorted(by_planet | by_shipyard)


def shipyard_shown(state, seat, space):
    """The shipyard fleet a deployment on `space` must show (p16: "a player must flip the 'S'
    token to reveal the location of the shipyard token and then place a fleet adjacent to
    it"), or None when a planet the seat holds allows the space anyway."""
    by_planet, by_shipyard = _deploy_spaces(state, seat)
    if space in by_planet or space not in by_shipyard:
        return None
    return next(f.id for f in state.fleets if f.owner == seat and f.kind == "shipyard")


def _deploy_spaces(state, seat):
    players = table(state)
    own = {f.space for f in state.fleets if f.owner == seat}

    def around(anchor):
        near = set(neighbours(players, anchor))
        free = {s for s in near if _free(state, s)}
        if free:
            return free
        second = set()
        for space in near & own:
            second |= {s for s in neighbours(players, space) if _free(state, s)}
        return second

    by_planet, by_shipyard = set(), set()
    for planet in planets_of(state, seat):
        by_planet |= around(planet)
    for f in state.fleets:
        if f.owner == seat and f.kind == "shipyard":
            by_shipyard |= around(f.space)
    return by_planet, by_shipyard


def _free(state, space):
    return board(table(state))[0][space] != "gateway" and not fleets_at(state, space)


# -- decide -----------------------------------------------------------------------------------

def decide(tx, seat, command):
    state, kind = tx.state, command["type"]
    if state.phase == DRAFT and kind == v.CHOOSE_INITIATIVE.name:
        if command.get("tech") is not None:
            MESSAGES.refuse("no_such_tech", card=command["tech"])
        if command["card"] not in state.draft_pool:
            MESSAGES.refuse("initiative_taken", card=command["card"])
        tx.emit(v.INITIATIVE_CHOSEN, seat=seat, card=command["card"], tech=None)
    elif state.phase == ALLOCATE and kind == v.ALLOCATE.name:
        _allocate(tx, seat, command)
    elif state.phase == SHIFT and kind == v.SHIFT_BUDGET.name:
        target, i, j = command["seat"], CATEGORIES.index(command["source"]), \
            CATEGORIES.index(command["target"])
        if target >= len(state.players) or i == j or state.revealed_budgets[target][i] < 1:
            MESSAGES.refuse("bad_shift")
        tx.emit(v.BUDGET_SHIFTED, by=seat, seat=target, source=i, target=j)
    elif state.phase == SHIFT and kind == v.PASS.name:
        tx.emit(v.TURN_BEGAN, turn=state.turn + 1)
    elif state.phase == BUILD:
        _build(tx, seat, command)
    else:
        MESSAGES.refuse("wrong_step", phase=state.phase)


def _allocate(tx, seat, command):
    p = tx.state.players[seat]
    tech = command.get("tech_card")
    if tech is not None and tech not in _budget_techs(p):
        MESSAGES.refuse("no_such_tech", card=tech)
    total = budget_points(tx.state, seat) + (tech_effect(tech)["amount"] if tech else 0)
    given = [command[c] for c in CATEGORIES]
    if sum(given) != total:
        MESSAGES.refuse("budget_sum", total=total, given=sum(given))
    tx.emit(v.BUDGET_ALLOCATED, seat=seat, allocation=given, tech=tech)


def _build(tx, seat, command):
    state, kind = tx.state, command["type"]
    p = state.players[seat]
    over_ships, over_tech = len(p.hand) > p.hand_limit, len(p.techs) > TECH_HAND_LIMIT
    if kind == v.RETURN_SHIP.name:
        if not over_ships:
            MESSAGES.refuse("not_over_limit")
        if command["card"] not in p.hand:
            MESSAGES.refuse("no_such_card", card=command["card"])
        tx.emit(v.SHIP_RETURNED, seat=seat, card=command["card"])
    elif kind == v.DISCARD_TECH.name:
        if not over_tech or over_ships:
            MESSAGES.refuse("not_over_limit")
        if command["card"] not in p.techs:
            MESSAGES.refuse("no_such_card", card=command["card"])
        tx.emit(v.TECH_DISCARDED, seat=seat, card=command["card"])
    elif over_ships or over_tech:
        MESSAGES.refuse("must_trim")
    elif kind == v.DEPLOY.name:
        if command["token"] not in deployable(p):
            MESSAGES.refuse("no_deploys" if command["token"] != "decoy" else "token_not_yours",
                            token=command["token"])
        if command["space"] not in deploy_spaces(state, seat):
            MESSAGES.refuse("space_not_allowed", space=command["space"])
        shown = shipyard_shown(state, seat, command["space"])
        tx.emit(v.FLEET_PLACED, seat=seat, fleet=f"f{state.next_fleet}", token=command["token"],
                space=command["space"], **({"shipyard": shown} if shown else {}))
    elif kind == v.PASS.name:
        if p.decoys_deployed:   # p15: "Decoy tokens must be announced when redeployed"
            tx.emit(v.DECOYS_ANNOUNCED, seat=seat, count=p.decoys_deployed)
        tx.emit(v.TURN_BEGAN, turn=state.turn + 1)
    else:
        MESSAGES.refuse("wrong_step", phase=state.phase)


# -- transitions ------------------------------------------------------------------------------

def reveal(tx):
    """Every Control card shown together; then #5's move, or the purchases at once."""
    state = tx.state
    tx.emit(v.BUDGETS_REVEALED, allocations=[list(p.allocation) for p in state.players],
            techs=[p.budget_tech for p in state.players])
    five = holder(state, 5)
    if five is not None:
        tx.emit(v.STEP_BEGAN, phase=SHIFT, order=[five])
    else:
        resolve(tx)


def resolve(tx):
    """Announce every purchase, then award them one category at a time (p8)."""
    state = tx.state
    bought = items(state, state.revealed_budgets)
    tx.emit(v.BUDGET_RESOLVED, items=bought, allocations=[list(a) for a in state.revealed_budgets])
    for seat in move_order(state):
        p = tx.state.players[seat]
        promoted = p.overhead.draw(bought[seat][OVERHEAD], tx.rng)
        if promoted:
            tx.emit(v.OVERHEAD_PROMOTED, seat=seat, cards=list(promoted))
    for seat in move_order(state):
        drawn = tx.state.players[seat].reserve.draw(bought[seat][SHIPS], tx.rng)
        if drawn:
            tx.emit(v.CARDS_DRAWN, seat=seat, kind="ship", cards=list(drawn))
    for seat in move_order(state):
        drawn = tx.state.tech_deck.draw(bought[seat][TECH], tx.rng)
        if drawn:
            tx.emit(v.CARDS_DRAWN, seat=seat, kind="tech", cards=list(drawn))
    tx.emit(v.STEP_BEGAN, phase=BUILD, order=move_order(state))


def move_order(state) -> list:
    """Move and battle turn order: by Initiative number (p8)."""
    return sorted(range(len(state.players)), key=lambda s: state.players[s].initiative)


def after_budget_step(tx):
    state = tx.state
    if state.phase == DRAFT and state.turn >= len(state.order):
        tx.emit(v.STEP_BEGAN, phase=ALLOCATE, order=list(range(len(state.players))))
        return True
    if state.phase == ALLOCATE and all(p.allocation is not None for p in state.players):
        reveal(tx)
        return True
    if state.phase == SHIFT and state.turn >= 1:
        resolve(tx)
        return True
    if state.phase == BUILD and state.turn >= len(state.order):
        tx.emit(v.STEP_BEGAN, phase=MOVE, order=move_order(state))
        return True
    return False


def to_act(state):
    if state.phase == ALLOCATE:
        return tuple(p.seat for p in state.players if p.allocation is None)
    seat = acting_seat(state)
    return () if seat is None else (seat,)


